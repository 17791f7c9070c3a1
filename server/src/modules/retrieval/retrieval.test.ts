import { describe, expect, it } from 'vitest';
import { type TestOrg, type TestUser, useTestApp } from '../../test/harness';
import { ok, refused } from '../../test/org';

const R = '/api/robot';
let phoneSeq = 18400000000 + Math.floor(Math.random() * 8e8);
const phone = () => String(phoneSeq++);
const DAY = 86_400_000;
let clock = Date.now();

describe('/customerRetrieval: customers that left their owner', () => {
  const t = useTestApp({}, { poolClock: () => new Date(clock) });
  const post = (path: string, body: unknown, user: TestUser) => t().post(`${R}${path}`, body, { token: user.token });
  const add = async (user: TestUser) =>
    ok(await post('/organizationClue/add', { name: '郑凯', company: '合肥恒信电子有限公司', phone: phone() }, user))
      .id as number;
  const pool = async (org: TestOrg) => {
    const { id } = ok(await post('/publicSeaPool/savePublicSeaPool', { name: `找回公海${phone()}` }, org.admin));
    return id as number;
  };

  it('answers code 10 without a session; settings need the retrieval sign', async () => {
    const org = await t().newOrg();
    for (const p of [
      '/customerRetrieval/pagelist',
      '/customerRetrieval/retrieve',
      '/customerRetrieval/getSetting',
      '/customerRetrieval/saveSetting',
    ]) {
      const res = await t().post(`${R}${p}`, {});
      expect(`${p} ${res.status} ${res.code}`).toBe(`${p} 401 10`);
    }
    const setting = { enabled: 1, days: 15, fromSea: 1, fromColleague: 2, fromDeleted: 1, dailyLimit: 5 };
    refused(await post('/customerRetrieval/saveSetting', setting, org.seat), 403, '无权限访问');
    refused(
      await post('/customerRetrieval/saveSetting', { ...setting, days: 0 }, org.admin),
      400,
      '可找回天数不能小于 1',
    );
    expect(ok(await post('/customerRetrieval/saveSetting', setting, org.admin))).toEqual(setting);
    expect(ok(await post('/customerRetrieval/getSetting', {}, org.seat))).toEqual(setting);
    const other = await t().newOrg();
    expect(ok(await post('/customerRetrieval/getSetting', {}, other.seat)).days).toBe(30);
  });

  it('an owner sees what dropped to the sea, went to a colleague or was deleted, and takes it back within the rules', async () => {
    const org = await t().newOrg();
    const p = await pool(org);
    const [toSea, toColleague, deleted, old] = [
      await add(org.seat),
      await add(org.seat),
      await add(org.seat),
      await add(org.seat),
    ];
    clock = Date.now() - 40 * DAY; // past the 30-day period
    ok(await post('/organizationPublicsea/transferToSea', { poolId: p, clueIds: [old], reason: '早前放弃' }, org.seat));
    clock = Date.now();
    ok(
      await post('/organizationPublicsea/transferToSea', { poolId: p, clueIds: [toSea], reason: '暂无需求' }, org.seat),
    );
    ok(
      await post(
        '/organizationClue/changeFollowUser',
        { clueIds: [toColleague], ownerId: org.otherSeat.userId },
        org.admin,
      ),
    );
    ok(await post('/organizationClue/delete', { clueIds: [deleted] }, org.admin));

    const list = ok(await post('/customerRetrieval/pagelist', { pageNum: 1, pageSize: 10 }, org.seat));
    expect(list.counts).toEqual({ sea: 1, colleague: 1, deleted: 1 });
    const byId = new Map(list.lists.map((x: any) => [x.clueId, x]));
    expect(byId.get(toSea)).toMatchObject({
      kindName: '掉入公海',
      reason: '暂无需求',
      canRetrieve: true,
      name: '郑凯',
    });
    expect(byId.get(toColleague)).toMatchObject({
      kindName: '被同事领取',
      canRetrieve: false,
      currentOwnerName: expect.any(String),
    });
    expect(byId.get(deleted)).toMatchObject({ kindName: '已删除', canRetrieve: true });
    expect(byId.has(old)).toBe(false);
    expect(list.lists[0].phone).toMatch(/\*{4}/);

    const r = ok(await post('/customerRetrieval/retrieve', { clueIds: [toSea, toColleague, deleted, old] }, org.seat));
    expect(r.count).toBe(2);
    expect(r.failed.map((f: any) => f.reason).sort()).toEqual([
      '不允许找回被同事领取的客户',
      '该客户不是30天内从您这里流失的客户',
    ]);
    expect(ok(await post('/organizationClue/detail', { clueId: toSea }, org.seat)).ownerId).toBe(org.seat.userId);
    expect(ok(await post('/organizationClue/detail', { clueId: deleted }, org.seat)).deletedAt).toBeNull();
    const monitor = ok(
      await post('/log/clueMonitorPageList', { action: 'retrieve', pageNum: 1, pageSize: 10 }, org.admin),
    );
    expect(monitor.total).toBe(2);
    expect(ok(await post('/customerRetrieval/pagelist', { pageNum: 1, pageSize: 10 }, org.seat)).counts).toEqual({
      sea: 0,
      colleague: 1,
      deleted: 0,
    });
    // another organisation's user finds nothing of these
    const other = await t().newOrg();
    const r2 = ok(await post('/customerRetrieval/retrieve', { clueIds: [toColleague] }, other.seat));
    expect(r2.count).toBe(0);
    // switched off
    ok(
      await post(
        '/customerRetrieval/saveSetting',
        { enabled: 2, days: 30, fromSea: 1, fromColleague: 1, fromDeleted: 1, dailyLimit: 0 },
        org.admin,
      ),
    );
    refused(await post('/customerRetrieval/retrieve', { clueIds: [toColleague] }, org.seat), 400, '客户找回未开启');
  });
});
