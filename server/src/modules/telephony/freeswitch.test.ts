import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract } from '@crm/core/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { applyEvent, PHASE } from './lifecycle';
import { EslConnection, parseHeaders } from './providers/esl';
import { eventOf, originateCommand } from './providers/freeswitch';
import type { CallEventInput } from './providers/types';
import { type FakeEsl, startFakeEsl } from './testing/fakeEsl';
import { addLead, ok, setupSeats, waitCall } from './testing/kit';

/** The FreeSWITCH provider against a fake event socket, and the order-independence of the record's lifecycle. */

const dir = mkdtempSync(join(tmpdir(), 'fs-test-'));
const wav = join(dir, 'call.wav');
execFileSync('sox', ['-n', '-r', '8000', '-c', '2', '-b', '16', wav, 'synth', '2', 'sine', '300']);
const BUSY = new Set<string>();
const OFFLINE = new Set<string>();

describe('telephony: FreeSWITCH event socket', () => {
  const t = useTestApp();
  let esl: FakeEsl;
  beforeAll(async () => {
    esl = await startFakeEsl({
      password: 'ClueCon-test',
      recordingFile: wav,
      stepMs: 5,
      outcome: (phone) =>
        BUSY.has(phone)
          ? { answer: false, cause: 'USER_BUSY' }
          : OFFLINE.has(phone)
            ? { seatUnavailable: true }
            : { answer: true, talkSeconds: 9 },
    });
  });
  afterAll(() => esl?.close());

  const configure = async (token: string, password = 'ClueCon-test') =>
    ok(
      await t().call(
        contract.telephony.saveDataConfig,
        {
          provider: 'freeswitch',
          eslHost: esl.host,
          eslPort: esl.port,
          eslPassword: password,
          seatEndpoint: 'user/{seat}',
          recordingBaseUrl: esl.recordingBaseUrl,
        },
        { token },
      ),
    );

  it('the client authenticates, subscribes and parses events', async () => {
    const c = await EslConnection.connect({ host: esl.host, port: esl.port, password: 'ClueCon-test' });
    const reply = await c.subscribe(['CHANNEL_ANSWER']);
    expect(reply.headers['Reply-Text']).toContain('+OK');
    expect(await c.api('status')).toBe('+OK\n');
    c.close();
    await expect(EslConnection.connect({ host: esl.host, port: esl.port, password: 'nope' })).rejects.toThrow(
      'FreeSWITCH 事件接口密码错误',
    );
    expect(parseHeaders('Event-Name: CHANNEL_ANSWER\nvariable_x: a%20b', true)).toEqual({
      'Event-Name': 'CHANNEL_ANSWER',
      variable_x: 'a b',
    });
  });

  it('originate: the seat leg, then the bridge to the customer with the displayed number, recorded in stereo', () => {
    const cmd = originateCommand(
      { callId: 'c-1', seatNo: '8001', phone: '13800001111', displayNumber: '02162180301', gateway: 'sh-telecom' },
      { seatEndpoint: 'user/{seat}' },
    );
    expect(cmd).toMatch(/^originate \{origination_uuid=c-1,crm_call_id=c-1,crm_leg=seat,.*\}user\/8001 &bridge\(/);
    expect(cmd).toContain('sofia/gateway/sh-telecom/13800001111)');
    expect(cmd).toContain('effective_caller_id_number=02162180301');
    expect(cmd).toContain('RECORD_STEREO=true');
    expect(cmd).toContain(`execute_on_answer='record_session \${recordings_dir}/crm/c-1.wav'`);
    // a value cannot break out of its variable
    const evil = originateCommand(
      { callId: 'x,y}z', seatNo: '1 &hangup', phone: '138;rm', displayNumber: null, gateway: 'g' },
      { seatEndpoint: 'user/{seat}' },
    );
    expect(evil).toContain('origination_uuid=xyz,');
    expect(evil).toContain('user/1hangup &bridge');
  });

  it('hang-up causes map to the end reasons', () => {
    const jobs = new Map<string, string>();
    const ev = eventOf(
      {
        'Event-Name': 'CHANNEL_HANGUP_COMPLETE',
        variable_crm_call_id: 'c',
        variable_crm_leg: 'customer',
        'Hangup-Cause': 'USER_BUSY',
        variable_billsec: '0',
      },
      '',
      jobs,
    );
    expect(ev).toMatchObject({ type: 'ended', reason: 'busy', billableSeconds: 0, eventKey: 'hangup:customer' });
    jobs.set('job-1', 'c2');
    expect(
      eventOf({ 'Event-Name': 'BACKGROUND_JOB', 'Job-UUID': 'job-1' }, '-ERR USER_NOT_REGISTERED\n', jobs),
    ).toMatchObject({
      callId: 'c2',
      type: 'ended',
      reason: 'seat_no_answer',
    });
    expect(eventOf({ 'Event-Name': 'CHANNEL_ANSWER' }, '', jobs)).toBeNull();
  });

  it('a call through FreeSWITCH: answered with its recording, busy, seat offline', { timeout: 120_000 }, async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await configure(org.admin.token);
    const answered = await addLead(t(), org.seat);
    const busy = await addLead(t(), org.seat);
    const offline = await addLead(t(), org.seat);
    BUSY.add(busy.phone);
    OFFLINE.add(offline.phone);
    const a = ok(await t().call(contract.telephony.callOut, { clueId: answered.id }, { token: org.seat.token }));
    expect(esl.originates.find((o) => o.callId === a.callId)?.phone).toBe(answered.phone);
    const b = ok(await t().call(contract.telephony.callOut, { clueId: busy.id }, { token: org.seat.token }));
    const c = ok(await t().call(contract.telephony.callOut, { clueId: offline.id }, { token: org.seat.token }));
    await esl.idle();
    expect(await waitCall(t(), org.seat.token, a.callId, (x) => x.ended && x.recordingId)).toMatchObject({
      status: 2,
      billableSeconds: 9,
      endReason: 'answered',
    });
    expect(await waitCall(t(), org.seat.token, b.callId, (x) => x.ended)).toMatchObject({
      status: 3,
      endReason: 'busy',
    });
    expect(await waitCall(t(), org.seat.token, c.callId, (x) => x.ended)).toMatchObject({
      status: 3,
      endReason: 'seat_no_answer',
    });
  });

  it('the event socket is lost: the provider reconnects; a wrong password says so', { timeout: 120_000 }, async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await configure(org.admin.token);
    const first = await addLead(t(), org.seat);
    const a = ok(await t().call(contract.telephony.callOut, { clueId: first.id }, { token: org.seat.token }));
    await esl.idle();
    await waitCall(t(), org.seat.token, a.callId, (x) => x.ended);
    esl.dropConnections();
    const again = await addLead(t(), org.seat);
    const d = ok(await t().call(contract.telephony.callOut, { clueId: again.id }, { token: org.seat.token }));
    await esl.idle();
    expect(await waitCall(t(), org.seat.token, d.callId, (x) => x.ended)).toMatchObject({ status: 2 });

    const other = await t().newOrg();
    await setupSeats(t(), other);
    await configure(other.admin.token, 'wrong');
    const lead = await addLead(t(), other.seat);
    const res = await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: other.seat.token });
    expect(res.status).toBe(503);
    expect(res.msg).toBe('呼叫失败：FreeSWITCH 事件接口密码错误');
    const list = ok(await t().call(contract.telephony.callList, {}, { token: other.seat.token }));
    expect(list.lists[0]).toMatchObject({ status: 3, ended: true, endReason: 'failed' });
  });

  it('any order and repetition of the events gives the same final record', async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await configure(org.admin.token);
    const db = t().database.db;
    const base = Date.now();
    const events = (callId: string): CallEventInput[] => [
      { callId, eventKey: 'answer:seat', type: 'dialing', at: new Date(base + 1000) },
      { callId, eventKey: 'ringing', type: 'ringing', at: new Date(base + 2000) },
      { callId, eventKey: 'answer:customer', type: 'answered', at: new Date(base + 5000) },
      {
        callId,
        eventKey: 'hangup:customer',
        type: 'ended',
        at: new Date(base + 35_000),
        billableSeconds: 30,
        reason: 'answered',
      },
      { callId, eventKey: 'hangup:seat', type: 'ended', at: new Date(base + 35_500), reason: null },
      { callId, eventKey: 'rec', type: 'recording', at: new Date(base + 40_000), recordingUrl: 'http://x/rec.wav' },
    ];
    const orders = [
      [0, 1, 2, 3, 4, 5],
      [5, 4, 3, 2, 1, 0],
      [3, 0, 3, 5, 2, 2, 1, 4],
      [4, 2, 0, 1, 5, 3, 4],
    ];
    const finals: unknown[] = [];
    for (const order of orders) {
      const lead = await addLead(t(), org.seat);
      const call = ok(await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.seat.token }));
      await esl.idle();
      await waitCall(t(), org.seat.token, call.callId, (x) => x.ended);
      // a second, synthetic call id on the same record shape: replay the chosen order on a fresh record
      const fresh = `${call.callId}-replay`;
      await db.execute(
        sql`insert into call_record (organization_id, call_id, provider, user_id, phone, created_at)
          values (${org.orgId}, ${fresh}, 'freeswitch', ${org.seat.userId}, ${lead.phone}, ${new Date(base).toISOString()}::timestamptz)`,
      );
      let row = null;
      for (const i of order) row = (await applyEvent(db, events(fresh)[i])) ?? row;
      const [final] = (
        await db.execute<Record<string, unknown>>(
          sql`select phase, status, end_reason, billable_seconds, duration_seconds, answered_at, ended_at, recording_url from call_record where call_id = ${fresh}`,
        )
      ).rows;
      finals.push(final);
      expect(final).toMatchObject({
        phase: PHASE.ended,
        status: 2,
        end_reason: 'answered',
        billable_seconds: 30,
        duration_seconds: 34,
      });
    }
    for (const f of finals) expect(f).toEqual(finals[0]);
  });
  it('a call whose provider went silent is ended by the sweeper: 未接通 (超时未回传), or 已接通 when it was answered', async () => {
    const org = await t().newOrg();
    const db = t().database.db;
    const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString();
    await db.execute(sql`insert into call_record (organization_id, call_id, provider, user_id, phone, phase, status, created_at, dialed_at, answered_at, last_event_at)
      values (${org.orgId}, ${`silent-${org.orgId}`}, 'cloud', ${org.seat.userId}, '13800000000', 2, 102, ${ago(600)}::timestamptz, ${ago(600)}::timestamptz, null, ${ago(590)}::timestamptz),
             (${org.orgId}, ${`talking-${org.orgId}`}, 'cloud', ${org.seat.userId}, '13800000001', 3, 2, ${ago(6 * 3600)}::timestamptz, ${ago(6 * 3600)}::timestamptz, ${ago(6 * 3600 - 10)}::timestamptz, ${ago(5 * 3600)}::timestamptz),
             (${org.orgId}, ${`recent-${org.orgId}`}, 'cloud', ${org.seat.userId}, '13800000002', 1, 102, ${ago(30)}::timestamptz, ${ago(30)}::timestamptz, null, ${ago(30)}::timestamptz)`);
    await t().ctx.services.telephony.sweep();
    const rows = (
      await db.execute<{
        call_id: string;
        phase: number;
        status: number;
        end_reason: string | null;
        duration_seconds: number;
      }>(
        sql`select call_id, phase, status, end_reason, duration_seconds from call_record where organization_id = ${org.orgId} order by call_id`,
      )
    ).rows;
    expect(rows).toEqual([
      { call_id: `recent-${org.orgId}`, phase: 1, status: 102, end_reason: null, duration_seconds: 0 },
      // ended when the provider was last heard of
      { call_id: `silent-${org.orgId}`, phase: PHASE.ended, status: 3, end_reason: 'timeout', duration_seconds: 10 },
      { call_id: `talking-${org.orgId}`, phase: PHASE.ended, status: 2, end_reason: 'timeout', duration_seconds: 3600 },
    ]);
  });
});
