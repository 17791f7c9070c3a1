import { PushMessage, userTopic } from '@crm/core/contract/push';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { Push } from '../../platform/push';
import { type TestOrg, type TestUser, useTestApp } from '../../test/harness';

/** What the notice module pushes (`message`, `unread`), as the push contract says, to whom it concerns. */

const B = '/api/backend';

describe('notice: pushes', () => {
  const t = useTestApp();
  let org: TestOrg;
  let publish: MockInstance<Push['publish']>;
  beforeAll(async () => {
    org = await t().newOrg();
  });
  beforeEach(() => {
    publish = vi.spyOn(t().ctx.push, 'publish');
  });
  afterEach(() => publish.mockRestore());

  /** The pushes so far, each parsed with the contract (a message outside it fails the test). */
  const pushed = () => publish.mock.calls.map(([topic, message]) => ({ topic, message: PushMessage.parse(message) }));
  const topicOf = (u: TestUser) => userTopic(org.orgId, u.userId);
  const post = (path: string, body: unknown, u: TestUser) => t().post(`${B}${path}`, body, { token: u.token });
  const saveNotice = async (title: string) => {
    const res = await post('/noticeController/save', { title, content: '内容' }, org.admin);
    expect(res.code).toBe(1);
    return res.data.id as number;
  };

  it('a published notice is pushed to every user of the organisation as the message the list shows', async () => {
    await saveNotice('推送契约公告');
    const everyone = [org.admin, org.manager, org.seat, org.otherSeat];
    expect(
      pushed()
        .map((p) => p.topic)
        .sort(),
    ).toEqual(everyone.map(topicOf).sort());
    const toSeat = pushed().find((p) => p.topic === topicOf(org.seat))?.message;
    const listed = await post('/appNotice/list', { msgType: 'notice' }, org.seat);
    expect(toSeat).toEqual({ type: 'message', ...listed.data.lists[0] });
  });

  it("reading messages pushes the reader's new counts to the reader only", async () => {
    await saveNotice('已读推送');
    const [newest] = (await post('/appNotice/list', {}, org.seat)).data.lists;
    publish.mockClear();
    const read = await post('/appNotice/setReadByIds', { ids: [newest.id] }, org.seat);
    expect(read.code).toBe(1);
    expect(pushed()).toEqual([{ topic: topicOf(org.seat), message: { type: 'unread', ...read.data } }]);

    publish.mockClear();
    const all = await post('/appNotice/setAllRead', {}, org.seat);
    expect(all.data).toEqual({ unreadCount: 0, aiUnreadCount: 0, totalUnreadCount: 0 });
    expect(pushed()).toEqual([{ topic: topicOf(org.seat), message: { type: 'unread', ...all.data } }]);
  });

  it('deleting a notice pushes new counts to those who had not read it, and to nobody else', async () => {
    for (const u of [org.seat, org.manager]) await post('/appNotice/setAllRead', {}, u);
    const id = await saveNotice('将被删除');
    const [mine] = (await post('/appNotice/list', {}, org.seat)).data.lists;
    await post('/appNotice/setReadByIds', { ids: [mine.id] }, org.seat);
    publish.mockClear();
    expect((await post('/noticeController/delete', { id }, org.admin)).code).toBe(1);
    const unreadOf = async (u: TestUser) => (await post('/appNotice/getRedDotNew', {}, u)).data;
    const expected = [];
    for (const u of [org.admin, org.manager, org.otherSeat])
      expected.push({ topic: topicOf(u), message: { type: 'unread', ...(await unreadOf(u)) } });
    const byTopic = (a: { topic: string }, b: { topic: string }) => a.topic.localeCompare(b.topic);
    expect(pushed().sort(byTopic)).toEqual(expected.sort(byTopic));
    expect(pushed().find((p) => p.topic === topicOf(org.manager))?.message).toMatchObject({ totalUnreadCount: 0 });
  });
});
