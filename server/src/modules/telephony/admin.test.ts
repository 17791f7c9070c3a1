import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { addLead, B, ok, R, setupSeats } from './testing/kit';

/** Seats, lines and settings, number lists, call tasks and telecom filing: success, validation, scope. */

const refusedWith = (res: { status: number; msg: string }, status: number, msg?: string) => {
  expect(res.status, res.msg).toBe(status);
  if (msg) expect(res.msg).toContain(msg);
};

describe('telephony administration', { timeout: 120_000 }, () => {
  const t = useTestApp();

  it('administration calls answer 10 without a session and 403 to a seat', async () => {
    const org = await t().newOrg();
    const calls = [
      `${B}/callGroupUserV2/list`,
      `${B}/callGroupUserV2/export`,
      `${B}/callGroupUser/bind`,
      `${B}/callGroupUser/unbind`,
      `${B}/callGroupUser/delete`,
      `${B}/callGroupUser/updateGroupUserShowNumberNew`,
      `${B}/aAgentsPool/list`,
      `${B}/aAgentsPool/add`,
      `${B}/aAgentsPool/assign`,
      `${B}/callSeatTransfer/transfer`,
      `${B}/callSeatTransfer/pagelist`,
      `${R}/callDataConfig/get`,
      `${R}/callDataConfig/save`,
      `${R}/callDataConfig/saveLine`,
      `${R}/callDataConfig/deleteLine`,
      `${R}/electricSalesGuard/get`,
      `${R}/electricSalesGuard/save`,
      `${R}/risk/add`,
      `${R}/risk/delete`,
      `${B}/putOnFile/pagelist`,
      `${B}/putOnFile/submit`,
      `${B}/putOnFile/detail`,
      `${B}/putOnFile/audit`,
    ];
    for (const path of calls) {
      const res = await t().post(path, {});
      expect(`${path} ${res.status} ${res.code}`).toBe(`${path} 401 10`);
      const seat = await t().post(path, {}, { token: org.seat.token });
      expect(`${path} ${seat.status}`).toBe(`${path} 403`);
    }
    for (const path of [
      `${R}/calltask/add`,
      `${R}/calltask/update`,
      `${R}/calltask/delete`,
      `${R}/calltask/updateStatus`,
    ]) {
      expect((await t().post(path, {}, { token: org.seat.token })).status).toBe(403);
      expect((await t().post(path, {})).code).toBe(10);
    }
    for (const path of [
      `${R}/calltask/pagelist`,
      `${R}/calltask/detail`,
      `${R}/cluetask/pagelist`,
      `${R}/cluetask/next`,
      `${R}/cluetask/skip`,
      `${R}/callset/save`,
      `${R}/callset/getSipAccount`,
      `${R}/risk/check`,
      `${R}/call/v1/hangup`,
      `${R}/call/v1/follow`,
      '/api/analysis/api/clue/getOrgClueTaskList',
    ])
      expect((await t().post(path, {})).code).toBe(10);
  });

  it('seats: pool, bind, transfer with its record, unbind, displayed number, delete, export', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const a = org.admin.token;
    const { line, seat, other: second } = await setupSeats(t(), org);
    expect(seat).toMatchObject({ seatNo: '8001', bindStatus: 1, realName: '坐席甲', lineName: '上海电信中继' });
    refusedWith(
      await t().call(contract.telephony.poolAdd, { seatNos: ['8a'] }, { token: a }),
      400,
      '坐席号须为 3-10 位数字',
    );
    const pool = ok(await t().call(contract.telephony.poolList, { bindStatus: 2 }, { token: a }));
    expect(pool.lists.map((s: any) => s.seatNo)).toEqual(['8003']);
    // a user holds one seat
    refusedWith(
      await t().call(contract.telephony.seatBind, { seatId: pool.lists[0].id, userId: org.seat.userId }, { token: a }),
      409,
      '已绑定坐席',
    );
    // transfer 8001 to the manager, with its record
    const moved = ok(
      await t().call(
        contract.telephony.seatTransfer,
        { seatId: seat.id, toUserId: org.manager.userId, reason: '坐席甲离职交接' },
        { token: a },
      ),
    );
    expect(moved.realName).toBe('经理');
    const records = ok(await t().call(contract.telephony.seatTransferList, { seatId: seat.id }, { token: a }));
    expect(records.lists[0]).toMatchObject({
      fromUserName: '坐席甲',
      toUserName: '经理',
      operatorName: '管理员',
      reason: '坐席甲离职交接',
    });
    // displayed number: one of the line's
    refusedWith(
      await t().call(
        contract.telephony.seatShowNumber,
        { seatId: seat.id, displayNumber: '01088886666' },
        { token: a },
      ),
      400,
      '外显号码不是本机构线路的号码',
    );
    refusedWith(
      await t().call(contract.telephony.seatShowNumber, { seatId: seat.id, displayNumber: 'abc' }, { token: a }),
      400,
      '外显号码须为 5-20 位数字',
    );
    expect(
      ok(
        await t().call(
          contract.telephony.seatShowNumber,
          { seatId: seat.id, displayNumber: line.numbers[1] },
          { token: a },
        ),
      ).displayNumber,
    ).toBe('02162180302');
    // delete: only an unbound seat
    refusedWith(await t().call(contract.telephony.seatDelete, { seatId: second.id }, { token: a }), 409, '请先解绑');
    ok(await t().call(contract.telephony.seatUnbind, { seatId: second.id }, { token: a }));
    ok(await t().call(contract.telephony.seatDelete, { seatId: second.id }, { token: a }));
    const bound = ok(await t().call(contract.telephony.seatList, {}, { token: a }));
    expect(bound.lists.map((s: any) => s.seatNo)).toEqual(['8001']);
    const xlsx = await t().call(contract.telephony.seatExport, {}, { token: a });
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers['content-type'])).toContain('spreadsheetml');
    // another organisation's seat is not found and stays as it was
    refusedWith(await t().call(contract.telephony.seatUnbind, { seatId: seat.id }, { token: other.admin.token }), 404);
    refusedWith(await t().call(contract.telephony.seatDelete, { seatId: seat.id }, { token: other.admin.token }), 404);
    refusedWith(
      await t().call(
        contract.telephony.seatTransfer,
        { seatId: seat.id, toUserId: other.seat.userId },
        { token: other.admin.token },
      ),
      404,
    );
    expect(ok(await t().call(contract.telephony.seatList, {}, { token: a })).lists[0].realName).toBe('经理');
  });

  it('provider configuration: secrets are never answered; lines; per-user settings; SIP account', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const a = org.admin.token;
    refusedWith(
      await t().call(contract.telephony.saveDataConfig, { provider: 'cloud' }, { token: a }),
      400,
      '请填写接口地址',
    );
    refusedWith(
      await t().callRaw(contract.telephony.saveDataConfig, { provider: 'sip' }, { token: a }),
      400,
      '外呼方式',
    );
    const saved = ok(
      await t().call(
        contract.telephony.saveDataConfig,
        {
          provider: 'cloud',
          apiBaseUrl: 'https://api.example-call.cn',
          appId: 'app1',
          appSecret: 'top-secret',
          sipWsUrl: 'wss://pbx.example.cn:7443',
          sipDomain: 'pbx.example.cn',
        },
        { token: a },
      ),
    );
    expect(saved).toMatchObject({ provider: 'cloud', configured: true, appSecret: '******', source: 'organization' });
    // saving again with the mask keeps the secret
    ok(await t().call(contract.telephony.saveDataConfig, { ...saved, appSecret: '******' }, { token: a }));
    expect(JSON.stringify(ok(await t().call(contract.telephony.dataConfig, undefined, { token: a })))).not.toContain(
      'top-secret',
    );
    const line = ok(
      await t().call(contract.telephony.saveLine, { name: '北京联通', numbers: ['01088886666'] }, { token: a }),
    );
    refusedWith(
      await t().call(contract.telephony.saveLine, { name: '', numbers: [] }, { token: a }),
      400,
      '请输入线路名称',
    );
    refusedWith(await t().call(contract.telephony.deleteLine, { id: line.id }, { token: other.admin.token }), 404);
    // per-user settings
    refusedWith(
      await t().call(contract.telephony.saveCallSet, { autoNextSeconds: 9999 }, { token: org.seat.token }),
      400,
      '自动下一个不能大于 600 秒',
    );
    const mine = ok(
      await t().call(
        contract.telephony.saveCallSet,
        { lineId: line.id, displayNumber: '01088886666', autoNextSeconds: 5 },
        { token: org.seat.token },
      ),
    );
    expect(mine).toEqual({ lineId: line.id, displayNumber: '01088886666', autoNextSeconds: 5 });
    expect(ok(await t().call(contract.telephony.callSet, undefined, { token: org.seat.token })).lines).toHaveLength(1);
    refusedWith(await t().call(contract.telephony.saveCallSet, { lineId: line.id }, { token: other.seat.token }), 404);
    // SIP: credentials of the user's own seat only
    let sip = ok(await t().call(contract.telephony.sipAccount, undefined, { token: org.seat.token }));
    expect(sip).toMatchObject({ configured: false, message: '您还没有绑定坐席，请联系管理员在坐席管理中绑定' });
    ok(await t().call(contract.telephony.poolAdd, { seatNos: ['9001'] }, { token: a }));
    ok(await t().call(contract.telephony.poolAssign, { userId: org.seat.userId }, { token: a }));
    sip = ok(await t().call(contract.telephony.sipAccount, undefined, { token: org.seat.token }));
    expect(sip).toMatchObject({
      configured: true,
      wsUrl: 'wss://pbx.example.cn:7443',
      username: '9001',
      domain: 'pbx.example.cn',
    });
    expect(sip.password.length).toBeGreaterThanOrEqual(12);
  });

  it('电销卫士 and the number lists', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const a = org.admin.token;
    expect(ok(await t().call(contract.telephony.guard, undefined, { token: a }))).toEqual({
      status: 2,
      dailyLimit: 3,
      weeklyLimit: 10,
    });
    refusedWith(
      await t().call(contract.telephony.saveGuard, { status: 1, dailyLimit: -1, weeklyLimit: 3 }, { token: a }),
      400,
      '每日呼叫上限不能小于 0',
    );
    ok(await t().call(contract.telephony.saveGuard, { status: 1, dailyLimit: 2, weeklyLimit: 6 }, { token: a }));
    refusedWith(
      await t().call(contract.telephony.riskAdd, { phones: ['12ab'] }, { token: a }),
      400,
      '号码须为 5-20 位数字',
    );
    expect(
      ok(
        await t().call(
          contract.telephony.riskAdd,
          { kind: 1, riskType: 3, phones: ['13917770321', '13917770322'], reason: '工信部投诉' },
          { token: a },
        ),
      ).count,
    ).toBe(2);
    const list = ok(await t().call(contract.telephony.riskList, { kind: 1 }, { token: a }));
    expect(list.lists[0]).toMatchObject({ kindName: '风险号码', riskTypeName: '工信部投诉', createdByName: '管理员' });
    expect(
      ok(await t().call(contract.telephony.riskCheck, { phone: '13917770321' }, { token: org.seat.token })),
    ).toEqual({
      risk: true,
      reason: '工信部投诉：工信部投诉',
    });
    expect(
      ok(await t().call(contract.telephony.checkNumber, { phone: '13917770321' }, { token: org.seat.token })),
    ).toMatchObject({
      allowed: true,
      warning: '风险号码：工信部投诉（工信部投诉），请谨慎拨打',
    });
    refusedWith(
      await t().call(contract.telephony.riskDelete, { ids: [list.lists[0].id] }, { token: other.admin.token }),
      404,
    );
    expect(ok(await t().call(contract.telephony.riskDelete, { ids: [list.lists[0].id] }, { token: a })).count).toBe(1);
  });

  it('call tasks: built from a filter or chosen leads, assigned to seats, started, paused, ended; the next lead; progress', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const m = org.manager.token;
    const leads = [await addLead(t(), org.seat), await addLead(t(), org.seat), await addLead(t(), org.seat)];
    refusedWith(
      await t().call(contract.telephony.taskAdd, { name: '', seatUserIds: [] }, { token: m }),
      400,
      '请输入任务名称',
    );
    refusedWith(
      await t().call(contract.telephony.taskAdd, { name: '回访', seatUserIds: [org.seat.userId] }, { token: m }),
      400,
      '请选择客户、公海客户包或设置筛选条件',
    );
    refusedWith(
      await t().call(
        contract.telephony.taskAdd,
        { name: '回访', seatUserIds: [other.seat.userId], clueIds: [leads[0].id] },
        { token: m },
      ),
      400,
      '坐席不存在',
    );
    const task = ok(
      await t().call(
        contract.telephony.taskAdd,
        { name: '11 月回访', seatUserIds: [org.seat.userId], clueIds: leads.map((l) => l.id) },
        { token: m },
      ),
    );
    expect(task).toMatchObject({ status: 2, statusName: '未开始', total: 3, dialed: 0, seatNames: ['坐席甲'] });
    const byFilter = ok(
      await t().call(
        contract.telephony.taskAdd,
        { name: '全部线索', seatUserIds: [org.seat.userId], filter: { type: 1 } },
        { token: m },
      ),
    );
    expect(byFilter.total).toBe(3);
    refusedWith(
      await t().call(contract.telephony.nextLead, { taskId: task.id }, { token: org.seat.token }),
      400,
      '外呼任务未开始或已暂停',
    );
    ok(await t().call(contract.telephony.taskStatus, { id: task.id, status: 1 }, { token: m }));
    const next = ok(await t().call(contract.telephony.nextLead, { taskId: task.id }, { token: org.seat.token }));
    expect(next.lead).toMatchObject({ clueId: leads[0].id, callStatus: 1, assignedUserName: '坐席甲' });
    expect(next.remaining).toBe(3);
    ok(await t().call(contract.telephony.skipLead, { id: next.lead!.id }, { token: org.seat.token }));
    const after = ok(await t().call(contract.telephony.nextLead, { taskId: task.id }, { token: org.seat.token }));
    expect(after.lead!.clueId).toBe(leads[1].id);
    // the seat sees the task it works; another organisation does not
    expect(ok(await t().call(contract.telephony.taskList, {}, { token: org.seat.token })).total).toBe(2);
    expect(ok(await t().call(contract.telephony.orgTaskList, {}, { token: m })).total).toBe(2);
    refusedWith(await t().call(contract.telephony.taskDetail, { id: task.id }, { token: other.admin.token }), 404);
    refusedWith(
      await t().call(contract.telephony.taskStatus, { id: task.id, status: 3 }, { token: other.admin.token }),
      404,
    );
    refusedWith(await t().call(contract.telephony.taskLeads, { taskId: task.id }, { token: other.admin.token }), 404);
    refusedWith(await t().call(contract.telephony.skipLead, { id: next.lead!.id }, { token: other.seat.token }), 404);
    const leadsPage = ok(await t().call(contract.telephony.taskLeads, { taskId: task.id }, { token: m }));
    expect(leadsPage.lists).toHaveLength(3);
    // update, pause, end; a running task cannot be deleted, an ended one cannot be restarted
    expect(
      ok(await t().call(contract.telephony.taskUpdate, { id: task.id, name: '11 月回访（二轮）' }, { token: m })).name,
    ).toBe('11 月回访（二轮）');
    refusedWith(await t().call(contract.telephony.taskDelete, { id: task.id }, { token: m }), 400, '请先暂停或结束');
    expect(ok(await t().call(contract.telephony.taskStatus, { id: task.id, status: 2 }, { token: m })).statusName).toBe(
      '未开始',
    );
    expect(ok(await t().call(contract.telephony.taskStatus, { id: task.id, status: 3 }, { token: m })).statusName).toBe(
      '已结束',
    );
    refusedWith(
      await t().call(contract.telephony.taskStatus, { id: task.id, status: 1 }, { token: m }),
      400,
      '外呼任务已结束',
    );
    refusedWith(
      await t().call(contract.telephony.taskStatus, { id: task.id, status: 5 }, { token: m }),
      400,
      '任务状态只能是',
    );
    ok(await t().call(contract.telephony.taskDelete, { id: task.id }, { token: m }));
    expect(ok(await t().call(contract.telephony.taskList, {}, { token: m })).total).toBe(1);
  });

  it('telecom filing: submit with material, follow its status, record the carrier answer', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const a = org.admin.token;
    refusedWith(
      await t().call(
        contract.telephony.filingSubmit,
        { companyName: '星辰', numbers: [], script: 'x', materials: [] },
        { token: a },
      ),
      400,
      '请填写报备号码',
    );
    refusedWith(
      await t().call(
        contract.telephony.filingSubmit,
        { companyName: '星辰', numbers: ['02162180301'], script: '您好', materials: [] },
        { token: a },
      ),
      400,
      '请上传报备材料',
    );
    const f = ok(
      await t().call(
        contract.telephony.filingSubmit,
        {
          companyName: '星辰教育科技有限公司',
          numbers: ['02162180301'],
          script: '您好，我是星辰教育的课程顾问……',
          materials: ['/api/files/license.png'],
        },
        { token: a },
      ),
    );
    expect(f).toMatchObject({ status: 1, statusName: '审核中', submittedByName: '管理员' });
    refusedWith(
      await t().call(contract.telephony.filingAudit, { id: f.id, status: 3 }, { token: a }),
      400,
      '请填写驳回原因',
    );
    refusedWith(
      await t().call(contract.telephony.filingAudit, { id: f.id, status: 2 }, { token: other.admin.token }),
      404,
    );
    refusedWith(await t().call(contract.telephony.filingDetail, { id: f.id }, { token: other.admin.token }), 404);
    expect(
      ok(
        await t().call(
          contract.telephony.filingAudit,
          { id: f.id, status: 3, auditRemark: '话术缺少退订方式' },
          { token: a },
        ),
      ),
    ).toMatchObject({
      status: 3,
      statusName: '已驳回',
      auditRemark: '话术缺少退订方式',
    });
    expect(ok(await t().call(contract.telephony.filingList, { status: 3 }, { token: a })).total).toBe(1);
    expect(ok(await t().call(contract.telephony.filingList, {}, { token: other.admin.token })).total).toBe(0);
  });
});
