import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { type TestOrg, type TestUser, useTestApp } from '../../test/harness';
import { customRoleUser, ok, refused } from '../../test/org';
import { setLeadRow } from '../../test/rows';

const R = '/api/robot';
let phoneSeq = 15100000000 + Math.floor(Math.random() * 8e8);
const phone = () => String(phoneSeq++);
const DAY = 86_400_000;

/** The pool's clock, moved by the tests (claim delays, daily caps, drop-in). */
let clock = Date.now();

describe('public pool: pools, claims, assignment, drop-in, handover, logs', () => {
  const t = useTestApp({}, { poolClock: () => new Date(clock) });
  const post = (path: string, body: unknown, user: TestUser) => t().post(`${R}${path}`, body, { token: user.token });

  const addLead = async (user: TestUser, extra: object = {}) =>
    ok(
      await post(
        '/organizationClue/add',
        { name: '陈静', company: '苏州明远贸易有限公司', phone: phone(), ...extra },
        user,
      ),
    ).id as number;
  const newPool = async (org: TestOrg, name = `公海${Math.random().toString(36).slice(2, 7)}`, rules: object = {}) => {
    const { id } = ok(await post('/publicSeaPool/savePublicSeaPool', { name }, org.admin));
    ok(
      await post(
        '/organizationPublicsea/saveSetting',
        { id, dailyClaimLimit: 0, holdLimit: 0, reclaimDelayDays: 0, dropRule: { enabled: false }, ...rules },
        org.admin,
      ),
    );
    return id as number;
  };
  /** Leads created by the seat and moved into the pool by the manager. */
  const seaLeads = async (org: TestOrg, poolId: number, n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push(await addLead(org.seat));
    ok(await post('/organizationPublicsea/transferToSea', { poolId, clueIds: ids, reason: '长期未接通' }, org.manager));
    return ids;
  };
  const poolList = async (user: TestUser, poolId: number, extra: object = {}) =>
    ok(await post('/organizationPublicsea/list', { poolId, pageNum: 1, pageSize: 100, ...extra }, user));
  const detail = async (user: TestUser, clueId: number) => ok(await post('/organizationClue/detail', { clueId }, user));

  it('answers code 10 without a session and 403 to a seat for the administrator calls', async () => {
    const org = await t().newOrg();
    for (const path of [
      'publicSeaPool/savePublicSeaPool',
      'publicSeaPool/delPublicSeaPool',
      'publicSeaPool/resetSortNum',
      'publicSeaPool/quitUserHandover',
      'organizationPublicsea/list',
      'organizationPublicsea/receive',
      'organizationPublicsea/batchReceive',
      'organizationPublicsea/assign',
      'organizationPublicsea/transferToSea',
      'organizationPublicsea/delete',
      'organizationPublicsea/packageList',
      'organizationPublicsea/getSetting',
      'organizationPublicsea/saveSetting',
      'organizationPublicsea/runDropIn',
      'organizationPublicsea/export',
      'log/unlockPageList',
      'log/clueMonitorPageList',
    ]) {
      const res = await t().post(`${R}/${path}`, {});
      expect(`${path} ${res.status} ${res.code}`).toBe(`${path} 401 10`);
    }
    for (const p of ['/publicSeaPool/queryPublicSeaPoolList', '/publicSeaPool/quitUserCheck?userId=1']) {
      const res = await t().get(`${R}${p}`);
      expect(res.code).toBe(10);
    }
    for (const c of [
      { path: '/publicSeaPool/savePublicSeaPool', body: { name: 'x' } },
      { path: '/publicSeaPool/delPublicSeaPool', body: { id: 1, leadAction: 2 } },
      { path: '/publicSeaPool/resetSortNum', body: { ids: [1] } },
      { path: '/organizationPublicsea/assign', body: { poolId: 1, clueIds: [1], userId: 1 } },
      { path: '/organizationPublicsea/runDropIn', body: {} },
      { path: '/publicSeaPool/quitUserHandover', body: { userId: 1, mode: 1 } },
    ]) {
      const res = await post(c.path, c.body, org.seat);
      expect(`${c.path} ${res.status} ${res.msg}`).toBe(`${c.path} 403 无权限访问`);
    }
  });

  it('creates, edits, orders and lists pools; validates the rules; a seat sees only the pools open to it', async () => {
    const org = await t().newOrg();
    refused(await post('/publicSeaPool/savePublicSeaPool', { name: ' ' }, org.admin), 400, '请输入公海名称');
    const a = await newPool(org, '华东公海');
    refused(await post('/publicSeaPool/savePublicSeaPool', { name: '华东公海' }, org.admin), 400, '公海名称已存在');
    const b = ok(
      await post('/publicSeaPool/savePublicSeaPool', { name: '其他部门公海', deptIds: [org.otherDeptId] }, org.admin),
    ).id;
    refused(
      await post(
        '/organizationPublicsea/saveSetting',
        { id: a, dailyClaimLimit: -1, holdLimit: 0, reclaimDelayDays: 0, dropRule: {} },
        org.admin,
      ),
      400,
      '每日领取上限不能小于 0',
    );
    refused(
      await post(
        '/organizationPublicsea/saveSetting',
        { id: a, dailyClaimLimit: 5, holdLimit: 100, reclaimDelayDays: 3, dropRule: { enabled: true } },
        org.admin,
      ),
      400,
      '请至少设置一个天数条件',
    );
    ok(
      await post(
        '/organizationPublicsea/saveSetting',
        {
          id: a,
          dailyClaimLimit: 5,
          holdLimit: 100,
          reclaimDelayDays: 3,
          dropRule: { enabled: true, notFollowDays: 15, exceptLocked: true },
        },
        org.admin,
      ),
    );
    const setting = ok(await post('/organizationPublicsea/getSetting', { id: a }, org.admin));
    expect(setting).toMatchObject({ name: '华东公海', dailyClaimLimit: 5, holdLimit: 100, reclaimDelayDays: 3 });
    expect(setting.dropRuleText).toBe('15天未跟进自动掉入，已锁定客户除外');

    ok(await post('/publicSeaPool/resetSortNum', { ids: [b, a] }, org.admin));
    const pools = ok(await t().call(contract.publicSeaPool.list, undefined, { token: org.admin.token }));
    expect(pools.map((p: any) => p.id)).toEqual([b, a]);
    expect(pools[0].deptNames).toHaveLength(1);
    // the seat is not in the other department: it sees only the pool open to everyone
    const seatPools = ok(await t().call(contract.publicSeaPool.list, undefined, { token: org.seat.token }));
    expect(seatPools.map((p: any) => p.id)).toEqual([a]);
    refused(await post('/organizationPublicsea/list', { poolId: b }, org.seat), 404, '公海不存在');
  });

  it('claim: a seat takes a pool lead; the move is in the interaction records and the clue monitor', async () => {
    const org = await t().newOrg();
    const pool = await newPool(org, '默认公海');
    const [id, other] = await seaLeads(org, pool, 2);
    const listed = await poolList(org.seat, pool);
    expect(listed.lists.map((c: any) => c.id).sort()).toEqual([id, other].sort());
    expect(listed.lists[0]).toMatchObject({ isInSea: 1, ownerId: null, seaEntryType: 3, seaEntryTypeName: '手动转入' });
    // the seat's own list no longer has them
    const mine = ok(await post('/organizationClue/list', { pageNum: 1, pageSize: 100 }, org.seat));
    expect(mine.lists.map((c: any) => c.id)).not.toContain(id);

    const r = ok(await post('/organizationPublicsea/receive', { poolId: pool, clueId: id }, org.otherSeat));
    expect(r).toEqual({ count: 1, failed: [] });
    const d = await detail(org.otherSeat, id);
    expect(d).toMatchObject({ ownerId: org.otherSeat.userId, isInSea: 2, receiveType: 2, receiveTypeName: '公海领取' });
    const records = ok(
      await post('/interactive/getCustomerInteractionAllList', { clueId: id, pageNum: 1, pageSize: 50 }, org.admin),
    );
    const titles = records.lists.map((e: any) => e.title);
    expect(titles).toContain('公海领取');
    expect(titles).toContain('转入公海');

    const monitor = ok(await post('/log/clueMonitorPageList', { clueId: id, pageNum: 1, pageSize: 10 }, org.admin));
    expect(monitor.lists[0]).toMatchObject({
      action: 'claim',
      actionName: '公海领取',
      toUserId: org.otherSeat.userId,
      receiveType: 2,
      receiveTypeName: '公海领取',
      transferMode: 1,
      transferModeName: '公海领取',
      poolName: '默认公海',
    });
    expect(monitor.lists[1]).toMatchObject({ action: 'toSea', seaEntryTypeName: '手动转入', reason: '长期未接通' });
    // taken: a second claim is refused with the reason
    refused(await post('/organizationPublicsea/receive', { poolId: pool, clueId: id }, org.seat), 409, '已被他人领取');
    // an id that is not a pool lead is refused without its name (the seat may not see that lead)
    const hidden = await addLead(org.otherSeat, { name: '别人的客户' });
    const r2 = ok(
      await post('/organizationPublicsea/batchReceive', { poolId: pool, clueIds: [hidden, other] }, org.seat),
    );
    expect(r2.count).toBe(1);
    expect(r2.failed).toEqual([{ clueId: hidden, name: '', reason: '该客户已被他人领取或已不在公海' }]);
    expect((await detail(org.otherSeat, hidden)).ownerId).toBe(org.otherSeat.userId);
    // another organisation's pool and lead: 404, nothing changed
    const stranger = await t().newOrg();
    refused(await post('/organizationPublicsea/receive', { poolId: pool, clueId: other }, stranger.admin), 404);
    refused(await post('/organizationPublicsea/list', { poolId: pool }, stranger.admin), 404);
    refused(
      await post(
        '/organizationPublicsea/assign',
        { poolId: pool, clueIds: [other], userId: stranger.seat.userId },
        stranger.admin,
      ),
      404,
    );
    expect((await poolList(org.admin, pool)).total).toBe(0);
  });

  it('assign: a manager gives pool leads to a seat (管理员分配 / 公海分配); transfer needs a reason', async () => {
    const org = await t().newOrg();
    const pool = await newPool(org);
    refused(
      await post(
        '/organizationPublicsea/transferToSea',
        { poolId: pool, clueIds: [await addLead(org.seat)], reason: '' },
        org.manager,
      ),
      400,
      '请输入转入原因',
    );
    const ids = await seaLeads(org, pool, 3);
    refused(await post('/organizationPublicsea/assign', { poolId: pool, clueIds: ids }, org.manager), 400, '员工');
    const r = ok(
      await post('/organizationPublicsea/assign', { poolId: pool, clueIds: ids, userId: org.seat.userId }, org.manager),
    );
    expect(r.count).toBe(3);
    const d = await detail(org.seat, ids[0]);
    expect(d).toMatchObject({ ownerId: org.seat.userId, receiveTypeName: '管理员分配' });
    const monitor = ok(
      await post('/log/clueMonitorPageList', { action: 'assign', pageNum: 1, pageSize: 10 }, org.admin),
    );
    expect(monitor.total).toBe(3);
    expect(monitor.lists[0]).toMatchObject({ transferModeName: '公海分配', operatorName: expect.any(String) });
    // a locked lead cannot be transferred into a pool
    ok(await post('/organizationClue/lockClue', { clueIds: [ids[0]], lockStatus: 1 }, org.seat));
    refused(
      await post(
        '/organizationPublicsea/transferToSea',
        { poolId: pool, clueIds: [ids[0]], reason: '无意向' },
        org.seat,
      ),
      400,
      '已锁定',
    );
  });

  it('caps: daily claims and holdings are refused in Chinese; the previous owner waits the re-claim delay', async () => {
    const org = await t().newOrg();
    const pool = await newPool(org, '限额公海', { dailyClaimLimit: 2, holdLimit: 0, reclaimDelayDays: 0 });
    const ids = await seaLeads(org, pool, 4);
    const r = ok(
      await post('/organizationPublicsea/batchReceive', { poolId: pool, clueIds: ids.slice(0, 3) }, org.otherSeat),
    );
    expect(r.count).toBe(2);
    expect(r.failed).toHaveLength(1);
    expect(r.failed[0].reason).toBe('今日领取已达上限（每天最多领取2条）');
    refused(
      await post('/organizationPublicsea/receive', { poolId: pool, clueId: ids[3] }, org.otherSeat),
      409,
      '今日领取已达上限',
    );
    // the next day (Shanghai) the cap starts again
    clock += DAY;
    ok(await post('/organizationPublicsea/receive', { poolId: pool, clueId: ids[3] }, org.otherSeat));

    const held = await newPool(org, '持有上限公海', { dailyClaimLimit: 0, holdLimit: 1, reclaimDelayDays: 0 });
    const [h1, h2] = await seaLeads(org, held, 2);
    const fresh = await customRoleUser(t(), org, { functionSigns: ['clue:view', 'publicsea:receive'], dataScope: 1 });
    ok(await post('/organizationPublicsea/receive', { poolId: held, clueId: h1 }, fresh));
    refused(
      await post('/organizationPublicsea/receive', { poolId: held, clueId: h2 }, fresh),
      409,
      '持有客户已达上限（最多持有1条）',
    );

    const delayed = await newPool(org, '回捞公海', { dailyClaimLimit: 0, holdLimit: 0, reclaimDelayDays: 3 });
    const [mineBefore] = await seaLeads(org, delayed, 1);
    refused(
      await post('/organizationPublicsea/receive', { poolId: delayed, clueId: mineBefore }, org.seat),
      409,
      '您是该客户的原跟进人，需在掉入公海3天后才能再次领取',
    );
    clock += 3 * DAY + 1000;
    ok(await post('/organizationPublicsea/receive', { poolId: delayed, clueId: mineBefore }, org.seat));
  });

  it('parallel claims: of users racing for one lead exactly one wins; one user racing past the cap gets the cap', async () => {
    const org = await t().newOrg();
    const pool = await newPool(org, '并发公海', { dailyClaimLimit: 3, holdLimit: 0, reclaimDelayDays: 0 });
    const [lead] = await seaLeads(org, pool, 1);
    const racers = [org.seat, org.otherSeat, org.manager, org.admin];
    const results = await Promise.all(
      racers.flatMap((u) =>
        [1, 2].map(() => post('/organizationPublicsea/receive', { poolId: pool, clueId: lead }, u)),
      ),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 1)) expect(r.msg).toMatch(/已被他人领取|今日领取已达上限/);

    // a pool without caps: the claim is one statement, and still one winner
    const open = await newPool(org, '无限额公海');
    const [free] = await seaLeads(org, open, 1);
    const race = await Promise.all(
      racers.flatMap((u) =>
        [1, 2].map(() => post('/organizationPublicsea/receive', { poolId: open, clueId: free }, u)),
      ),
    );
    expect(race.filter((r) => r.code === 1)).toHaveLength(1);

    // a fresh capped pool: whoever won the race above has already used one of its daily claims there
    const capped = await newPool(org, '限额公海', { dailyClaimLimit: 3, holdLimit: 0, reclaimDelayDays: 0 });
    const ids = await seaLeads(org, capped, 8);
    const claims = await Promise.all(
      ids.map((clueId) => post('/organizationPublicsea/receive', { poolId: capped, clueId }, org.otherSeat)),
    );
    expect(claims.filter((r) => r.code === 1)).toHaveLength(3);
    const left = await poolList(org.admin, capped);
    expect(left.total).toBe(5);
  });

  it('drop-in: the rule moves idle leads on demand and by the job, once (idempotent), with sea entry 自动掉入', async () => {
    const org = await t().newOrg();
    const pool = await newPool(org, '掉入公海', {
      dropRule: { enabled: true, notFollowDays: 10, exceptLocked: true },
    });
    const idle = await addLead(org.seat, { name: '久未跟进' });
    const locked = await addLead(org.seat, { name: '锁定客户' });
    ok(await post('/organizationClue/lockClue', { clueIds: [locked], lockStatus: 1 }, org.seat));
    const followed = await addLead(org.seat, { name: '刚跟进' });
    expect(ok(await post('/organizationPublicsea/runDropIn', { poolId: pool }, org.admin)).count).toBe(0);
    clock += 11 * DAY;
    // a follow-up written "now" (real time) counts as recent: 10 days have not passed for it by the pool's clock
    const sea = t().ctx.services.publicSea;
    await setLeadRow(t(), followed, { lastFollowTime: new Date(clock - DAY) });
    const r = ok(await post('/organizationPublicsea/runDropIn', {}, org.admin));
    expect(r.count).toBe(1);
    expect(ok(await post('/organizationPublicsea/runDropIn', {}, org.admin)).count).toBe(0);
    expect(await sea.dropIn.run(org.orgId)).toBe(0);
    const listed = await poolList(org.admin, pool);
    expect(listed.lists.map((c: any) => c.id)).toEqual([idle]);
    expect(listed.lists[0]).toMatchObject({
      seaEntryType: 1,
      seaEntryTypeName: '自动掉入',
      previousOwnerId: org.seat.userId,
    });
    const monitor = ok(await post('/log/clueMonitorPageList', { clueId: idle, pageNum: 1, pageSize: 10 }, org.admin));
    expect(monitor.lists[0]).toMatchObject({ action: 'dropIn', operatorName: '系统', seaEntryTypeName: '自动掉入' });
    expect(monitor.lists[0].reason).toContain('10天未跟进');
    // the job queue runs the same work
    clock += 30 * DAY;
    await sea.dropIn.runAll();
    expect((await poolList(org.admin, pool)).total).toBe(2);
    expect((await detail(org.seat, locked)).isInSea).toBe(2);
  });

  it('a departing user: quitUserCheck shows what they hold; handover to a pool (离职员工数据) or a colleague', async () => {
    const org = await t().newOrg();
    const pool = await newPool(org, '离职公海');
    const leaver = await customRoleUser(t(), org, { functionSigns: ['clue:view', 'clue:add'], dataScope: 1 });
    await addLead(leaver);
    await addLead(leaver, { type: 2 });
    const check = ok(
      await t().call(contract.publicSeaPool.quitUserCheck, { userId: leaver.userId }, { token: org.admin.token }),
    );
    expect(check).toMatchObject({ userId: leaver.userId, clueCount: 1, customerCount: 1, status: 1 });
    refused(
      await post('/publicSeaPool/quitUserHandover', { userId: leaver.userId, mode: 1 }, org.admin),
      400,
      '请选择转入的公海',
    );
    ok(await post('/publicSeaPool/quitUserHandover', { userId: leaver.userId, mode: 1, poolId: pool }, org.admin));
    const listed = await poolList(org.admin, pool, { seaTypes: [4] });
    expect(listed.total).toBe(2);
    expect(listed.lists[0].seaEntryTypeName).toBe('离职员工数据');
    const after = ok(
      await t().call(contract.publicSeaPool.quitUserCheck, { userId: leaver.userId }, { token: org.admin.token }),
    );
    expect(after).toMatchObject({ status: 2, clueCount: 0, customerCount: 0 });
    // the account is disabled
    expect((await t().call(contract.account.login, { account: 'x', password: 'y' })).code).not.toBe(1);

    const leaver2 = await customRoleUser(t(), org, { functionSigns: ['clue:view', 'clue:add'], dataScope: 1 });
    const l = await addLead(leaver2);
    ok(
      await post(
        '/publicSeaPool/quitUserHandover',
        { userId: leaver2.userId, mode: 2, toUserId: org.seat.userId },
        org.admin,
      ),
    );
    expect(await detail(org.seat, l)).toMatchObject({ ownerId: org.seat.userId });
    const stranger = await t().newOrg();
    refused(
      await t().call(
        contract.publicSeaPool.quitUserCheck,
        { userId: org.seat.userId },
        { token: stranger.admin.token },
      ),
      404,
    );
  });

  it('delete a pool: its leads go to the chosen pool or the recycle bin; pool export; package list; unlock records', async () => {
    const org = await t().newOrg();
    const a = await newPool(org, '待删公海');
    const b = await newPool(org, '保留公海');
    const ids = await seaLeads(org, a, 2);
    refused(
      await post('/publicSeaPool/delPublicSeaPool', { id: a, leadAction: 1 }, org.admin),
      400,
      '请选择客户转入的公海',
    );
    const stranger = await t().newOrg();
    refused(await post('/publicSeaPool/delPublicSeaPool', { id: a, leadAction: 2 }, stranger.admin), 404);
    expect(
      ok(await post('/publicSeaPool/delPublicSeaPool', { id: a, leadAction: 1, targetPoolId: b }, org.admin)).count,
    ).toBe(2);
    expect((await poolList(org.admin, b)).total).toBe(2);
    const pkgs = ok(await post('/organizationPublicsea/packageList', {}, org.admin));
    expect(pkgs.find((p: any) => p.poolId === b)).toMatchObject({ total: 2, notFollowed: 2, notDialled: 2 });
    const exp = ok(await post('/organizationPublicsea/export', { poolId: b }, org.admin));
    expect(exp.recordId).toBeGreaterThan(0);
    expect(ok(await post('/organizationPublicsea/delete', { poolId: b, clueIds: [ids[0]] }, org.admin)).count).toBe(1);
    expect((await poolList(org.admin, b)).total).toBe(1);

    const lead = await addLead(org.seat);
    ok(await post('/organizationClue/lockClue', { clueIds: [lead], lockStatus: 1 }, org.seat));
    ok(await post('/organizationClue/lockClue', { clueIds: [lead], lockStatus: 0 }, org.seat));
    const unlocks = ok(await post('/log/unlockPageList', { pageNum: 1, pageSize: 10 }, org.admin));
    expect(unlocks.lists).toHaveLength(1);
    expect(unlocks.lists[0]).toMatchObject({ clueId: lead, userId: org.seat.userId, clueName: '陈静' });
    expect(ok(await post('/log/unlockPageList', { pageNum: 1, pageSize: 10 }, stranger.admin)).total).toBe(0);
  });
});
