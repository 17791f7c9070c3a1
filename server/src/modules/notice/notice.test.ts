import type { AddressInfo } from 'node:net';
import { contract } from '@crm/core/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTopic } from '../../platform/push';
import { type TestOrg, useTestApp } from '../../test/harness';

const B = '/api/backend';

describe('notice: organisation notices', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;
  beforeAll(async () => {
    [org, other] = [await t().newOrg(), await t().newOrg()];
  });

  it('save publishes a notice and messages every user of the organisation', async () => {
    const before = await t().call(contract.notice.unreadCounts, undefined, { token: org.seat.token });
    const res = await t().call(
      contract.notice.save,
      { title: '五一放假通知', content: '5 月 1 日至 5 日放假' },
      { token: org.admin.token },
    );
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ title: '五一放假通知', status: 1, createUserName: org.admin.username });
    expect(res.data.publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    for (const u of [org.seat, org.otherSeat, org.manager, org.admin]) {
      const dot = await t().call(contract.notice.unreadCounts, undefined, { token: u.token });
      expect(dot.data.unreadCount).toBeGreaterThanOrEqual(1);
    }
    const after = await t().call(contract.notice.unreadCounts, undefined, { token: org.seat.token });
    expect(after.data.unreadCount).toBe(before.data.unreadCount + 1);
    const msgs = await t().call(contract.notice.messages, { msgType: 'notice' }, { token: org.seat.token });
    expect(msgs.data.lists[0]).toMatchObject({
      title: '五一放假通知',
      msgType: 'notice',
      isRead: 0,
      noticeId: res.data.id,
    });
    // the other organisation hears nothing
    const otherDot = await t().call(contract.notice.unreadCounts, undefined, { token: other.seat.token });
    expect(otherDot.data.totalUnreadCount).toBe(0);
    // the operation log records the write
    const log = await t().ctx.db.execute(
      `select action from operation_log where organization_id = ${org.orgId} and action = '新增公告'`,
    );
    expect(log.rows.length).toBe(1);
  });

  it('drafts are seen by editors only; publishing a draft announces it once', async () => {
    const draft = await t().call(
      contract.notice.save,
      { title: '草稿公告', content: '内容', publish: false },
      { token: org.manager.token },
    );
    expect(draft.data.status).toBe(2);
    const seatList = await t().call(contract.notice.list, { pageNum: 1, pageSize: 10 }, { token: org.seat.token });
    expect(seatList.data.lists.map((n: any) => n.id)).not.toContain(draft.data.id);
    const seatDetail = await t().call(contract.notice.detail, { id: draft.data.id }, { token: org.seat.token });
    expect(seatDetail.status).toBe(404);
    const mgrList = await t().call(contract.notice.list, { status: 2 }, { token: org.manager.token });
    expect(mgrList.data.lists.map((n: any) => n.id)).toContain(draft.data.id);
    expect(mgrList.data).toMatchObject({ pageNum: 1, pageSize: 10 });

    const dot0 = (await t().call(contract.notice.unreadCounts, undefined, { token: org.seat.token })).data.unreadCount;
    const pub = await t().call(
      contract.notice.update,
      { id: draft.data.id, title: '正式公告', content: '新内容', publish: true },
      { token: org.manager.token },
    );
    expect(pub.data).toMatchObject({ status: 1, title: '正式公告' });
    const again = await t().call(
      contract.notice.update,
      { id: draft.data.id, title: '正式公告2', content: '新内容', publish: true },
      { token: org.manager.token },
    );
    expect(again.code).toBe(1);
    const dot1 = (await t().call(contract.notice.unreadCounts, undefined, { token: org.seat.token })).data.unreadCount;
    expect(dot1).toBe(dot0 + 1);
    const detail = await t().call(contract.notice.detail, { id: draft.data.id }, { token: org.seat.token });
    expect(detail.data).toMatchObject({ title: '正式公告2', content: '新内容' });
    const found = await t().call(contract.notice.list, { title: '正式' }, { token: org.seat.token });
    expect(found.data.lists.every((n: any) => n.title.includes('正式'))).toBe(true);
  });

  it('delete removes the notice and its unread announcements', async () => {
    const n = await t().call(contract.notice.save, { title: '将删除', content: 'x' }, { token: org.admin.token });
    const dot0 = (await t().call(contract.notice.unreadCounts, undefined, { token: org.seat.token })).data.unreadCount;
    const del = await t().call(contract.notice.remove, { id: n.data.id }, { token: org.admin.token });
    expect(del.code).toBe(1);
    const dot1 = (await t().call(contract.notice.unreadCounts, undefined, { token: org.seat.token })).data.unreadCount;
    expect(dot1).toBe(dot0 - 1);
    const gone = await t().call(contract.notice.detail, { id: n.data.id }, { token: org.admin.token });
    expect(gone.status).toBe(404);
    expect(gone.msg).toBe('数据不存在');
  });

  it('validation errors name the field in Chinese', async () => {
    const noTitle = await t().call(contract.notice.save, { title: ' ', content: 'x' }, { token: org.admin.token });
    expect(noTitle.status).toBe(400);
    expect(noTitle.msg).toContain('请输入公告标题');
    const noId = await t().callRaw(contract.notice.update, { title: 'a', content: 'b' }, { token: org.admin.token });
    expect(noId.status).toBe(400);
    expect(noId.msg).toContain('公告');
    const badSize = await t().call(contract.notice.list, { pageSize: 7 }, { token: org.admin.token });
    expect(badSize.msg).toContain('每页条数只能是 10、20、50、100');
    const badDel = await t().call(contract.notice.remove, { id: 'abc' }, { token: org.admin.token });
    expect(badDel.status).toBe(400);
    const huge = await t().call(contract.notice.detail, { id: 99_999_999_999 }, { token: org.admin.token });
    expect(huge.status).toBe(400);
    expect(huge.msg).toContain('公告');
  });

  it('needs the notice:edit sign to write', async () => {
    const res = await t().call(contract.notice.save, { title: 't', content: 'c' }, { token: org.seat.token });
    expect(res.status).toBe(403);
    expect(res.msg).toBe('无权限访问');
    const list = await t().call(contract.notice.list, {}, { token: org.seat.token });
    expect(list.code).toBe(1);
  });

  it('no session: code 10 for every call', async () => {
    for (const path of [
      '/noticeController/list',
      '/noticeController/detail',
      '/noticeController/save',
      '/noticeController/update',
      '/noticeController/delete',
      '/appNotice/list',
      '/appNotice/setReadByIds',
      '/appNotice/setAllRead',
      '/appNotice/getRedDotNew',
    ]) {
      const res = await t().post(`${B}${path}`, {});
      expect(res.code, path).toBe(10);
      expect(res.status, path).toBe(401);
    }
  });

  it("another organisation's notice ids answer 404 and change nothing", async () => {
    const n = await t().call(contract.notice.save, { title: '本机构公告', content: 'x' }, { token: org.admin.token });
    for (const path of ['/noticeController/detail', '/noticeController/delete'])
      expect((await t().post(`${B}${path}`, { id: n.data.id }, { token: other.admin.token })).status).toBe(404);
    const upd = await t().call(
      contract.notice.update,
      { id: n.data.id, title: '篡改', content: 'y' },
      { token: other.admin.token },
    );
    expect(upd.status).toBe(404);
    const list = await t().call(contract.notice.list, {}, { token: other.admin.token });
    expect(list.data.lists.map((x: any) => x.id)).not.toContain(n.data.id);
    const still = await t().call(contract.notice.detail, { id: n.data.id }, { token: org.seat.token });
    expect(still.data.title).toBe('本机构公告');
  });
});

describe('notice: user messages (appNotice)', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;
  beforeAll(async () => {
    [org, other] = [await t().newOrg(), await t().newOrg()];
  });

  it('notify stores messages; getRedDotNew splits normal and AI; setReadByIds lowers the count, never below 0', async () => {
    const svc = t().ctx.services.notice;
    const uid = org.seat.userId;
    await svc.notify(org.orgId, [uid], {
      title: '线索提醒',
      content: '请跟进',
      msgType: 'clue_remind',
      param: { clueInfo: { clueId: 7, name: '张三' } },
    });
    const ai = await svc.notify(org.orgId, [uid], {
      title: 'AI 意向',
      content: '高意向',
      msgType: 'ai_intention_degree',
    });
    await svc.notify(org.orgId, [uid], { title: 'AI 风险', content: '风险', msgType: 'ai_risk' });
    // a user of another organisation is skipped
    const skipped = await svc.notify(org.orgId, [other.seat.userId], { title: 'x', msgType: 'clue_remind' });
    expect(skipped).toEqual([]);

    const dot = await t().call(contract.notice.unreadCounts, undefined, { token: org.seat.token });
    expect(dot.data).toEqual({ unreadCount: 1, aiUnreadCount: 2, totalUnreadCount: 3 });

    const aiList = await t().call(
      contract.notice.messages,
      { kind: 'ai', pageNum: 1, pageSize: 10 },
      { token: org.seat.token },
    );
    expect(aiList.data.total).toBe(2);
    expect(aiList.data.lists.every((m: any) => m.msgType.startsWith('ai_'))).toBe(true);
    const normal = await t().call(contract.notice.messages, { kind: 'normal' }, { token: org.seat.token });
    expect(normal.data.lists[0]).toMatchObject({
      title: '线索提醒',
      param: { clueInfo: { clueId: 7, name: '张三' } },
      isRead: 0,
    });
    const byType = await t().call(contract.notice.messages, { msgType: 'ai_risk' }, { token: org.seat.token });
    expect(byType.data.total).toBe(1);
    const paged = await t().call(contract.notice.messages, { pageNum: 2, pageSize: 10 }, { token: org.seat.token });
    expect(paged.data).toMatchObject({ lists: [], total: 3, pageNum: 2, pageSize: 10 });

    const read = await t().call(contract.notice.setRead, { ids: [ai[0].id] }, { token: org.seat.token });
    expect(read.data).toEqual({ unreadCount: 1, aiUnreadCount: 1, totalUnreadCount: 2 });
    // marking it again does not go below 0
    const again = await t().call(contract.notice.setRead, { ids: [ai[0].id, ai[0].id] }, { token: org.seat.token });
    expect(again.data.aiUnreadCount).toBe(1);
    const unreadOnly = await t().call(contract.notice.messages, { isRead: 0 }, { token: org.seat.token });
    expect(unreadOnly.data.total).toBe(2);
    const all = await t().call(contract.notice.setAllRead, { kind: 'ai' }, { token: org.seat.token });
    expect(all.data).toEqual({ unreadCount: 1, aiUnreadCount: 0, totalUnreadCount: 1 });
    const rest = await t().call(contract.notice.setAllRead, {}, { token: org.seat.token });
    expect(rest.data.totalUnreadCount).toBe(0);
  });

  it("setReadByIds refuses another user's or organisation's message ids", async () => {
    const svc = t().ctx.services.notice;
    const [theirs] = await svc.notify(other.orgId, [other.seat.userId], {
      title: '别人的消息',
      msgType: 'clue_remind',
    });
    const [colleague] = await svc.notify(org.orgId, [org.otherSeat.userId], {
      title: '同事的消息',
      msgType: 'clue_remind',
    });
    const [mine] = await svc.notify(org.orgId, [org.seat.userId], { title: '我的消息', msgType: 'clue_remind' });
    for (const id of [theirs.id, colleague.id]) {
      const res = await t().call(contract.notice.setRead, { ids: [mine.id, id] }, { token: org.seat.token });
      expect(res.status).toBe(404);
    }
    expect(
      (await t().call(contract.notice.unreadCounts, undefined, { token: other.seat.token })).data.unreadCount,
    ).toBe(1);
    expect((await t().call(contract.notice.unreadCounts, undefined, { token: org.seat.token })).data.unreadCount).toBe(
      1,
    );
    const list = await t().call(contract.notice.messages, {}, { token: org.seat.token });
    expect(list.data.lists.map((m: any) => m.id)).not.toContain(theirs.id);
  });

  it('validation errors', async () => {
    const empty = await t().call(contract.notice.setRead, { ids: [] }, { token: org.seat.token });
    expect(empty.status).toBe(400);
    expect(empty.msg).toContain('消息');
    const missing = await t().callRaw(contract.notice.setRead, {}, { token: org.seat.token });
    expect(missing.status).toBe(400);
    const huge = await t().call(contract.notice.setRead, { ids: [1e20] }, { token: org.seat.token });
    expect(huge.status).toBe(400);
    // ids that were never issued are someone else's as far as the caller can tell
    const unknown = await t().call(contract.notice.setRead, { ids: [2_000_000_000_000] }, { token: org.seat.token });
    expect(unknown.status).toBe(404);
    const badKind = await t().callRaw(contract.notice.messages, { kind: 'x' }, { token: org.seat.token });
    expect(badKind.status).toBe(400);
    expect(badKind.msg).toContain('消息类别');
  });
});

describe('notice: MQTT push to a signed-in user', () => {
  const t = useTestApp();
  let port: number;
  let org: TestOrg;
  const clients: mqtt.MqttClient[] = [];
  beforeAll(async () => {
    await t().built.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t().built.app.server.address() as AddressInfo).port;
    org = await t().newOrg();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
  });

  const connect = async (token: string) => {
    // the client id the server issues to the session (any other is refused: platform/push.test.ts)
    const issued = await t().call(contract.notice.pushClient, undefined, { token });
    expect(issued.code).toBe(1);
    const c = await mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt`, {
      clientId: issued.data.clientId,
      username: 'crm',
      password: token,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    clients.push(c);
    return c;
  };

  it('a published notice reaches the user topic; another user topic is refused', async () => {
    const seat = await connect(org.seat.token);
    const own = userTopic(org.orgId, org.seat.userId);
    const granted = await seat.subscribeAsync(own, { qos: 0 });
    expect(granted[0].qos).toBe(0);
    const foreign = userTopic(org.orgId, org.otherSeat.userId);
    // the broker answers SUBACK 128 (refused); mqtt.js rejects the subscription
    await expect(seat.subscribeAsync(foreign, { qos: 0 })).rejects.toThrow(/Subscribe error/);
    expect(seat.connected).toBe(true);

    const received: { topic: string; payload: any }[] = [];
    seat.on('message', (topic, payload) => received.push({ topic, payload: JSON.parse(payload.toString()) }));
    const res = await t().call(
      contract.notice.save,
      { title: '推送公告', content: '大家好' },
      { token: org.admin.token },
    );
    expect(res.code).toBe(1);
    await expect.poll(() => received.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    // only its own topic: the colleague's copy of the notice never arrives here
    expect(received.every((r) => r.topic === own)).toBe(true);
    expect(received[0].payload).toMatchObject({ title: '推送公告', content: '大家好', msgType: 'notice', isRead: 0 });
    expect(typeof received[0].payload.id).toBe('number');
  });

  it('the push client id needs a session', async () => {
    const res = await t().call(contract.notice.pushClient);
    expect(res.code).toBe(10);
  });

  it('a bad token cannot connect', async () => {
    await expect(
      mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt`, {
        username: 'crm',
        password: 'not-a-token',
        reconnectPeriod: 0,
        connectTimeout: 3000,
      }),
    ).rejects.toThrow();
  });
});
