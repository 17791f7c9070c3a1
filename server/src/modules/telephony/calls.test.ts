import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract } from '@crm/core/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { recordingRow } from '../../test/rows';
import { getUser } from '../org';
import { type FakeCloud, startFakeCloud } from './testing/fakeCloud';
import { addLead, B, freshPhone, ok, R, setupSeats, useCloud, waitCall } from './testing/kit';

/** Calls through the cloud call centre (a local fake): the record's life, webhooks, checks before dialling, masking. */

const APP_ID = 'crm-test';
const SECRET = 's3cret-key-for-tests';
const dir = mkdtempSync(join(tmpdir(), 'tel-test-'));
const wav = join(dir, 'call.wav');
execFileSync('sox', ['-n', '-r', '8000', '-c', '2', '-b', '16', wav, 'synth', '2', 'sine', '440']);

const BUSY = new Set<string>();
const NO_ANSWER = new Set<string>();

describe('telephony: calls through a cloud call centre', { timeout: 120_000 }, () => {
  const t = useTestApp();
  let fake: FakeCloud;
  let reversed: FakeCloud;

  beforeAll(async () => {
    const app = t().built.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.env.PUBLIC_BASE_URL = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const outcome = (callee: string) =>
      BUSY.has(callee)
        ? ({ answer: false, cause: 'busy' } as const)
        : NO_ANSWER.has(callee)
          ? ({ answer: false, cause: 'no_answer' } as const)
          : ({ answer: true, talkSeconds: 12 } as const);
    fake = await startFakeCloud({ appId: APP_ID, secret: SECRET, outcome, recordingFile: wav, stepMs: 5 });
    reversed = await startFakeCloud({
      appId: APP_ID,
      secret: SECRET,
      outcome,
      recordingFile: wav,
      stepMs: 5,
      duplicate: true,
      reverse: true,
    });
  });
  afterAll(async () => {
    await fake?.close();
    await reversed?.close();
  });

  it('answers code 10 without a session (webhooks excepted: they are signed)', async () => {
    for (const path of [
      `${R}/call/v1/callOut`,
      `${R}/call/v1/detail`,
      `${R}/call/v1/pagelist`,
      `${R}/call/v1/export`,
      `${R}/calltask/getNumberByClueIdNew`,
      `${R}/callset/get`,
      `${R}/electricSalesGuard/checkNumber`,
      `${R}/risk/pagelist`,
      `${B}/callGroupUserV2/list`,
    ]) {
      const res = await t().post(path, {});
      expect(`${path} ${res.status} ${res.code}`).toBe(`${path} 401 10`);
    }
  });

  it('with no provider configured calling says 未配置外呼线路 and the rest works', async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    const lead = await addLead(t(), org.seat);
    const cfg = ok(await t().call(contract.telephony.dataConfig, undefined, { token: org.admin.token }));
    expect(cfg).toMatchObject({ provider: 'none', configured: false, source: 'none' });
    const res = await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.seat.token });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('未配置外呼线路');
    // the checks before a call still answer
    const check = ok(await t().call(contract.telephony.numberByClue, { clueId: lead.id }, { token: org.seat.token }));
    expect(check.allowed).toBe(true);
    const calls = ok(await t().call(contract.telephony.callList, {}, { token: org.seat.token }));
    expect(calls.total).toBe(0);
  });

  it('a call: the record exists before dialling, moves with the events, ends answered with its recording in the pipeline', async () => {
    const org = await t().newOrg();
    const { line } = await setupSeats(t(), org);
    await useCloud(t(), org, fake, APP_ID, SECRET);
    const lead = await addLead(t(), org.seat);
    const call = ok(await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.seat.token }));
    expect(call.status).toBe(102);
    expect(call.lineId).toBe(line.id);
    // the seat may hang up from the page while it rings (the provider is asked; its hang-up event ends the record)
    expect(
      ok(await t().call(contract.telephony.callHangup, { callId: call.callId }, { token: org.seat.token })).callId,
    ).toBe(call.callId);
    expect(
      (await t().call(contract.telephony.callHangup, { callId: call.callId }, { token: org.otherSeat.token })).status,
    ).toBe(404);
    const sent = fake.dialouts.find((d) => d.userData === call.callId)!;
    // the provider gets the real number and the displayed number of the seat's line; the browser never did
    expect(sent).toMatchObject({ callee: lead.phone, caller: '02162180301', agent: '8001', line: 'sh-telecom' });
    await fake.idle();
    const done = await waitCall(t(), org.seat.token, call.callId, (c) => c.ended && c.recordingId);
    expect(done).toMatchObject({ status: 2, statusName: '已接通', endReason: 'answered', billableSeconds: 12 });
    expect(done.durationSeconds).toBeGreaterThanOrEqual(12);
    // the recording is bound to the lead, as an upload would be, and queued for transcription
    const rec = ok(await t().call(contract.asr.getAsrText, { recordId: done.recordingId }, { token: org.seat.token }));
    expect(rec).toBeTruthy();
    expect(await recordingRow(t(), done.recordingId)).toMatchObject({
      clueId: lead.id,
      callInfoId: call.callId,
      source: 1,
    });
    // the lead counts the call
    const detail = ok(await t().call(contract.clue.detail, { clueId: lead.id }, { token: org.seat.token }));
    expect(detail).toMatchObject({ callStatus: 2, callCount: 1, lastCallDuration: 12 });
  });

  it('busy and unanswered calls end 未接通 with their reason', async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await useCloud(t(), org, fake, APP_ID, SECRET);
    const busy = await addLead(t(), org.seat);
    const missed = await addLead(t(), org.seat);
    BUSY.add(busy.phone);
    NO_ANSWER.add(missed.phone);
    const a = ok(await t().call(contract.telephony.callOut, { clueId: busy.id }, { token: org.seat.token }));
    const b = ok(await t().call(contract.telephony.callOut, { clueId: missed.id }, { token: org.seat.token }));
    await fake.idle();
    expect(await waitCall(t(), org.seat.token, a.callId, (c) => c.ended)).toMatchObject({
      status: 3,
      endReason: 'busy',
      endReasonName: '忙线',
      billableSeconds: 0,
      recordingId: null,
    });
    expect(await waitCall(t(), org.seat.token, b.callId, (c) => c.ended)).toMatchObject({
      status: 3,
      endReason: 'no_answer',
    });
  });

  it('events delivered twice and in reverse order give the same final record', async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await useCloud(t(), org, reversed, APP_ID, SECRET);
    const lead = await addLead(t(), org.seat);
    const call = ok(await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.seat.token }));
    await reversed.idle();
    const done = await waitCall(t(), org.seat.token, call.callId, (c) => c.ended && c.recordingId);
    expect(done).toMatchObject({ status: 2, endReason: 'answered', billableSeconds: 12 });
    const events = await t().database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from call_event where call_id = ${call.callId}`,
    );
    // originate + 4 provider events + the recording, each once
    expect(Number(events.rows[0].n)).toBe(6);
    const duplicates = reversed.deliveries.filter((d) => d.body.includes('"duplicate":true'));
    expect(duplicates.length).toBeGreaterThanOrEqual(5);
    const detail = ok(await t().call(contract.clue.detail, { clueId: lead.id }, { token: org.seat.token }));
    expect(detail.callCount).toBe(1);
  });

  it('webhooks: a bad or stale signature is refused, a replay is ignored, an unknown call is refused', async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await useCloud(t(), org, fake, APP_ID, SECRET);
    const lead = await addLead(t(), org.seat);
    NO_ANSWER.add(lead.phone);
    const call = ok(await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.seat.token }));
    await fake.idle();
    const url = `${process.env.PUBLIC_BASE_URL}/api/robot/pscccall/callback`;
    const ev = { userData: call.callId, callId: 'X1', eventId: 'late-answer', event: 'answered', time: Date.now() };
    let res = await fake.post(url, ev, { secret: 'wrong' });
    expect(res.status).toBe(200); // no standard-HTTP-status header: the envelope tells
    expect(((await res.json()) as any).code).toBe(403);
    res = await fake.post(url, ev, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(((await res.json()) as any).msg).toContain('签名已过期');
    res = await fake.post(url, { ...ev, userData: 'no-such-call' });
    expect(((await res.json()) as any).code).toBe(403);
    // a replay of a request already accepted (same nonce) is ignored
    // (a nonce of this call: the nonces outlive a test run on a reused PostgreSQL database)
    const nonce = `nonce-${call.callId}`;
    res = await fake.post(url, ev, { nonce });
    expect(((await res.json()) as any).data).toEqual({ accepted: true, duplicate: false });
    res = await fake.post(url, ev, { nonce });
    expect(((await res.json()) as any).data).toEqual({ accepted: false, duplicate: true });
    // a late answer after the hang-up turns the missed call into an answered one, without counting it twice
    const done = await waitCall(t(), org.seat.token, call.callId, (c) => c.ended && c.status === 2);
    expect(done.endReason).toBe('no_answer');
    const detail = ok(await t().call(contract.clue.detail, { clueId: lead.id }, { token: org.seat.token }));
    expect(detail).toMatchObject({ callCount: 1, callStatus: 2 });
    // malformed JSON is a 400, not a crash
    const bad = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(((await bad.json()) as any).code).toBe(400);
  });

  it('before dialling: a blocked number, a number called too often and another seat calling are refused with the reason', async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await useCloud(t(), org, fake, APP_ID, SECRET);
    const blocked = await addLead(t(), org.seat);
    ok(
      await t().call(
        contract.telephony.riskAdd,
        { kind: 2, phones: [blocked.phone], reason: '客户要求不再来电' },
        { token: org.admin.token },
      ),
    );
    const before = fake.dialouts.length;
    let res = await t().call(contract.telephony.callOut, { clueId: blocked.id }, { token: org.seat.token });
    expect(res.status).toBe(409);
    expect(res.msg).toBe('电销卫士：该号码已禁呼（客户要求不再来电）');
    expect(fake.dialouts.length).toBe(before);
    const calls = ok(await t().call(contract.telephony.callList, {}, { token: org.seat.token }));
    expect(calls.total).toBe(0);

    // daily limit of 1
    ok(
      await t().call(
        contract.telephony.saveGuard,
        { status: 1, dailyLimit: 1, weeklyLimit: 5 },
        { token: org.admin.token },
      ),
    );
    const lead = await addLead(t(), org.seat);
    const first = ok(await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.seat.token }));
    await fake.idle();
    await waitCall(t(), org.seat.token, first.callId, (c) => c.ended);
    res = await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.seat.token });
    expect(res.msg).toBe('电销卫士：该号码今日已呼叫 1 次，达到每日上限 1 次');

    // anti-collision: the seat called the number; the manager (who sees the lead) is refused, naming the seat
    ok(
      await t().call(
        contract.telephony.saveGuard,
        { status: 2, dailyLimit: 0, weeklyLimit: 0 },
        { token: org.admin.token },
      ),
    );
    ok(
      await t().call(
        contract.orgSettings.setAntiCollision,
        { status: 1, protectDays: 30, scope: 1 },
        { token: org.admin.token },
      ),
    );
    ok(await t().call(contract.telephony.poolAssign, { userId: org.manager.userId }, { token: org.admin.token }));
    res = await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.manager.token });
    expect(res.status).toBe(409);
    expect(res.msg).toMatch(
      /^防撞单：「坐席甲」已于 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 拨打该号码，保护期 30 天内不能拨打$/,
    );
    const check = ok(await t().call(contract.telephony.checkNumber, { clueId: lead.id }, { token: org.manager.token }));
    expect(check).toMatchObject({ allowed: false, callsToday: 1 });
    // while the call is under way (no protection period) the refusal says who is calling
    ok(
      await t().call(
        contract.orgSettings.setAntiCollision,
        { status: 1, protectDays: 0, scope: 1 },
        { token: org.admin.token },
      ),
    );
    NO_ANSWER.add((await addLead(t(), org.seat)).phone);
    const busyLead = await addLead(t(), org.seat);
    const open = ok(await t().call(contract.telephony.callOut, { clueId: busyLead.id }, { token: org.seat.token }));
    res = await t().call(contract.telephony.callOut, { clueId: busyLead.id }, { token: org.manager.token });
    expect(res.msg).toBe('防撞单：「坐席甲」正在拨打该号码，请勿重复拨打');
    await fake.idle();
    await waitCall(t(), org.seat.token, open.callId, (c) => c.ended);
  });

  it('a risk number is warned about: the call goes only once the seat confirms', async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await useCloud(t(), org, fake, APP_ID, SECRET);
    const lead = await addLead(t(), org.seat);
    ok(
      await t().call(
        contract.telephony.riskAdd,
        { kind: 1, riskType: 1, phones: [lead.phone], reason: '12315 投诉' },
        { token: org.admin.token },
      ),
    );
    const check = ok(await t().call(contract.telephony.numberByClue, { clueId: lead.id }, { token: org.seat.token }));
    expect(check).toMatchObject({ allowed: true, warning: '风险号码：投诉用户（12315 投诉），请谨慎拨打' });
    let res = await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.seat.token });
    expect(res.status).toBe(409);
    res = await t().call(contract.telephony.callOut, { clueId: lead.id, confirmRisk: true }, { token: org.seat.token });
    expect(res.code).toBe(1);
    await fake.idle();
  });

  it('numbers are masked for a role with phone masking, in calls, checks and lists; the log never holds them', async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await useCloud(t(), org, fake, APP_ID, SECRET);
    const roleId = (await getUser(t().database.db, org.orgId, org.seat.userId))!.roleId;
    ok(await t().call(contract.clueField.mask.save, { roleId, masked: true }, { token: org.admin.token }));
    const lead = await addLead(t(), org.seat);
    const masked = `${lead.phone.slice(0, 3)}****${lead.phone.slice(-4)}`;
    const check = ok(await t().call(contract.telephony.numberByClue, { clueId: lead.id }, { token: org.seat.token }));
    expect(check.phone).toBe(masked);
    const call = ok(await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.seat.token }));
    expect(call.phone).toBe(masked);
    const list = ok(await t().call(contract.telephony.callList, {}, { token: org.seat.token }));
    expect(list.lists[0].phone).toBe(masked);
    // the export masks as the list does, for the manager's role masked too
    const managerRole = (await getUser(t().database.db, org.orgId, org.manager.userId))!.roleId;
    ok(await t().call(contract.clueField.mask.save, { roleId: managerRole, masked: true }, { token: org.admin.token }));
    const res = await t().built.app.inject({
      method: 'POST',
      url: `${R}/call/v1/export`,
      payload: {},
      headers: { authorization: org.manager.token },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    const cells = book.worksheets[0].getColumn(3).values.filter(Boolean).map(String);
    expect(cells).toEqual(['号码', masked]);
    expect((await t().call(contract.telephony.callExport, {}, { token: org.seat.token })).status).toBe(403);
    const logs = await t().database.db.execute<{ detail: unknown }>(
      sql`select detail from operation_log where organization_id = ${org.orgId}`,
    );
    expect(JSON.stringify(logs.rows)).not.toContain(lead.phone);
    await fake.idle();
  });

  it("another organisation's calls are not found; a seat without a seat binding is told so", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    await setupSeats(t(), org);
    await useCloud(t(), org, fake, APP_ID, SECRET);
    await useCloud(t(), other, fake, APP_ID, SECRET);
    const lead = await addLead(t(), org.seat);
    const call = ok(await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.seat.token }));
    let res = await t().call(contract.telephony.callDetail, { callId: call.callId }, { token: other.admin.token });
    expect(res.status).toBe(404);
    res = await t().call(
      contract.telephony.callFollow,
      { callId: call.callId, content: '别家' },
      { token: other.seat.token },
    );
    expect(res.status).toBe(404);
    res = await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: other.seat.token });
    expect(res.status).toBe(400); // no seat bound in the other organisation
    const otherLead = await addLead(t(), other.admin);
    res = await t().call(contract.telephony.callOut, { clueId: otherLead.id }, { token: org.seat.token });
    expect(res.status).toBe(404);
    res = await t().call(contract.telephony.callOut, { clueId: 'x' }, { token: org.seat.token });
    expect(res.status).toBe(400);
    await fake.idle();
  });

  it('after the call the follow-up is written on the lead with the call attached', async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await useCloud(t(), org, fake, APP_ID, SECRET);
    const lead = await addLead(t(), org.seat);
    const call = ok(await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.seat.token }));
    await fake.idle();
    await waitCall(t(), org.seat.token, call.callId, (c) => c.ended);
    let res = await t().call(
      contract.telephony.callFollow,
      { callId: call.callId, content: '' },
      { token: org.seat.token },
    );
    expect(res.msg).toContain('请输入跟进内容');
    const done = ok(
      await t().call(
        contract.telephony.callFollow,
        { callId: call.callId, content: '客户对周末班感兴趣，约周五再联系' },
        { token: org.seat.token },
      ),
    );
    expect(done.followId).toBeGreaterThan(0);
    res = await t().post(`${R}/interactive/getInteractiveList`, { clueId: lead.id }, { token: org.seat.token });
    if (res.code === 1) expect(JSON.stringify(res.data)).toContain('客户对周末班感兴趣');
  });
  it('working a task: the call belongs to the task lead, the next lead follows, the progress counts it', async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await useCloud(t(), org, fake, APP_ID, SECRET);
    // leads of the manager: the seat reaches them only through the task
    const first = await addLead(t(), org.manager);
    const second = await addLead(t(), org.manager);
    BUSY.add(second.phone);
    expect((await t().call(contract.telephony.callOut, { clueId: first.id }, { token: org.seat.token })).status).toBe(
      404,
    );
    const task = ok(
      await t().call(
        contract.telephony.taskAdd,
        { name: '回访', seatUserIds: [org.seat.userId], clueIds: [first.id, second.id] },
        { token: org.manager.token },
      ),
    );
    let res = await t().call(
      contract.telephony.callOut,
      { clueId: first.id, taskId: task.id },
      { token: org.seat.token },
    );
    expect(res.msg).toBe('外呼任务未开始或已暂停');
    ok(await t().call(contract.telephony.taskStatus, { id: task.id, status: 1 }, { token: org.manager.token }));
    // the other seat is not on the task
    res = await t().call(
      contract.telephony.callOut,
      { clueId: first.id, taskId: task.id },
      { token: org.otherSeat.token },
    );
    expect(res.status).toBe(404);
    for (const lead of [first, second]) {
      const next = ok(await t().call(contract.telephony.nextLead, { taskId: task.id }, { token: org.seat.token }));
      expect(next.lead!.clueId).toBe(lead.id);
      const call = ok(
        await t().call(contract.telephony.callOut, { clueId: lead.id, taskId: task.id }, { token: org.seat.token }),
      );
      expect(call.taskId).toBe(task.id);
      // while it rings the same lead is the next one (更新中)
      expect(
        ok(await t().call(contract.telephony.nextLead, { taskId: task.id }, { token: org.seat.token })).lead!.clueId,
      ).toBe(lead.id);
      await fake.idle();
      await waitCall(t(), org.seat.token, call.callId, (c) => c.ended);
    }
    const done = ok(await t().call(contract.telephony.nextLead, { taskId: task.id }, { token: org.seat.token }));
    expect(done).toMatchObject({ lead: null, remaining: 0 });
    const progress = ok(await t().call(contract.telephony.taskDetail, { id: task.id }, { token: org.manager.token }));
    expect(progress).toMatchObject({ total: 2, dialed: 2, answered: 1, missed: 1, avgTalkSeconds: 12 });
    const leads = ok(
      await t().call(contract.telephony.taskLeads, { taskId: task.id, callStatus: 3 }, { token: org.seat.token }),
    );
    expect(leads.lists.map((l: any) => l.clueId)).toEqual([second.id]);
  });
  it('a pool package makes a task: the seat calls its leads and writes the follow-up (the task grants them)', async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await useCloud(t(), org, fake, APP_ID, SECRET);
    const m = org.manager.token;
    const pool = ok(await t().call(contract.publicSeaPool.save, { name: '外呼公海' }, { token: org.admin.token }));
    const leads = [await addLead(t(), org.seat), await addLead(t(), org.seat)];
    const kept = await addLead(t(), org.seat);
    ok(
      await t().call(
        contract.organizationPublicsea.transferToSea,
        { poolId: pool.id, clueIds: leads.map((l) => l.id), reason: '长期未接通' },
        { token: m },
      ),
    );
    const add = (body: object, token = m) =>
      t().call(contract.telephony.taskAdd, { name: '公海回捞', seatUserIds: [org.seat.userId], ...body }, { token });
    const task = ok(await add({ poolId: pool.id }));
    expect(task).toMatchObject({ total: 2, statusName: '未开始' });
    const ids = ok(await t().call(contract.telephony.taskLeads, { taskId: task.id }, { token: m })).lists.map(
      (l: { clueId: number }) => l.clueId,
    );
    expect(ids.sort()).toEqual(leads.map((l) => l.id).sort());
    expect(ids).not.toContain(kept.id);
    // narrowed by sea type (未拨打) and the list's filter; a pool with nothing left is refused
    expect(ok(await add({ poolId: pool.id, seaTypes: [2] })).total).toBe(2);
    expect((await add({ poolId: pool.id, seaTypes: [3] })).msg).toBe('没有符合条件的客户');
    expect((await add({ poolId: pool.id, seaTypes: [7] })).msg).toContain('公海类型');
    // another organisation's pool is not found
    const other = await t().newOrg();
    const res = await t().call(
      contract.telephony.taskAdd,
      { name: '越权', seatUserIds: [other.seat.userId], poolId: pool.id },
      { token: other.manager.token },
    );
    expect(res.status).toBe(404);

    ok(await t().call(contract.telephony.taskStatus, { id: task.id, status: 1 }, { token: m }));
    const next = ok(await t().call(contract.telephony.nextLead, { taskId: task.id }, { token: org.seat.token }));
    const call = ok(
      await t().call(
        contract.telephony.callOut,
        { clueId: next.lead!.clueId, taskId: task.id },
        { token: org.seat.token },
      ),
    );
    await fake.idle();
    await waitCall(t(), org.seat.token, call.callId, (c) => c.ended);
    const followed = ok(
      await t().call(
        contract.telephony.callFollow,
        { callId: call.callId, content: '公海客户有意向，已约下周试听' },
        { token: org.seat.token },
      ),
    );
    expect(followed.followId).toBeGreaterThan(0);
  });

  it("the dial pad: a number no lead has becomes the seat's 拨号盘线索; a known number calls its lead", async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await useCloud(t(), org, fake, APP_ID, SECRET);
    const dial = (body: object, token = org.seat.token) => t().call(contract.telephony.callOut, body, { token });
    expect((await dial({})).msg).toBe('请选择客户或输入号码');
    expect((await dial({ phone: '12ab' })).msg).toBe('号码须为 5-20 位数字');
    const number = freshPhone();
    const call = ok(await dial({ phone: number }));
    expect(call.clueId).toBeGreaterThan(0);
    const lead = ok(await t().call(contract.clue.detail, { clueId: call.clueId }, { token: org.seat.token }));
    expect(lead).toMatchObject({
      phone: number,
      receiveType: 3,
      receiveTypeName: '拨号盘线索',
      importWayName: '拨号盘',
    });
    expect(lead.ownerName).toBe('坐席甲');
    await fake.idle();
    await waitCall(t(), org.seat.token, call.callId, (c) => c.ended);
    // dialled again: the same lead, no second one
    const again = ok(await dial({ phone: number }));
    expect(again.clueId).toBe(call.clueId);
    await fake.idle();
    await waitCall(t(), org.seat.token, again.callId, (c) => c.ended);
    const mine = ok(await t().call(contract.clue.list, { keyword: number }, { token: org.seat.token }));
    expect(mine.total).toBe(1);
    // a colleague's customer is refused (the seat may not see it); a blocked number creates no lead
    const theirs = await addLead(t(), org.manager);
    expect((await dial({ phone: theirs.phone })).msg).toBe('该号码已是其他同事的客户，不能从拨号盘拨打');
    const pool = ok(await t().call(contract.publicSeaPool.save, { name: '拨号盘公海' }, { token: org.admin.token }));
    ok(
      await t().call(
        contract.organizationPublicsea.transferToSea,
        { poolId: pool.id, clueIds: [theirs.id], reason: '长期未接通' },
        { token: org.manager.token },
      ),
    );
    expect((await dial({ phone: theirs.phone })).msg).toBe('该号码是公海客户，请先领取后再拨打');
    const blocked = freshPhone();
    ok(
      await t().call(
        contract.telephony.riskAdd,
        { kind: 2, phones: [blocked], reason: '投诉' },
        { token: org.admin.token },
      ),
    );
    expect((await dial({ phone: blocked })).status).toBe(409);
    expect(ok(await t().call(contract.clue.list, { keyword: blocked }, { token: org.seat.token })).total).toBe(0);
    // no session
    expect((await t().call(contract.telephony.callOut, { phone: number })).code).toBe(10);
  });
});
