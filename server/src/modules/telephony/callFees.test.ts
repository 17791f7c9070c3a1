import type { AddressInfo } from 'node:net';
import { contract } from '@crm/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { type FakeCloud, startFakeCloud } from './testing/fakeCloud';
import { addLead, ok, setupSeats, useCloud, waitCall } from './testing/kit';

/** Call fees: a call that ends is charged once by billing, at billing's rate for the line's name. */

const APP_ID = 'crm-test';
const SECRET = 's3cret-key-for-fees';
/** Talk seconds by callee (default 75). */
const TALK = new Map<string, number>();

describe('telephony: call fees charged through billing', { timeout: 120_000 }, () => {
  const t = useTestApp();
  let fake: FakeCloud;

  beforeAll(async () => {
    const app = t().built.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.env.PUBLIC_BASE_URL = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // every webhook twice: the hang-up arrives again after the call is final
    fake = await startFakeCloud({
      appId: APP_ID,
      secret: SECRET,
      stepMs: 5,
      duplicate: true,
      outcome: (callee) => ({ answer: true, talkSeconds: TALK.get(callee) ?? 75 }),
    });
  });
  afterAll(async () => {
    await fake?.close();
  });

  async function ready(credit: number) {
    const org = await t().newOrg();
    const { line } = await setupSeats(t(), org);
    await useCloud(t(), org, fake, APP_ID, SECRET);
    // rates and credits are the installation operator's
    const op = await t().newOperator();
    const organizationId = org.orgId;
    ok(await op.call(contract.billing.saveCallRate, { organizationId, line: line.name, rateFenPerMinute: 15 }));
    ok(await op.call(contract.billing.saveCallRate, { organizationId, line: '默认', rateFenPerMinute: 99 }));
    if (credit)
      ok(
        await op.call(contract.billing.manualCredit, {
          organizationId,
          amountFen: credit,
          reason: '测试入账',
        }),
      );
    return { org, line };
  }
  const balance = async (token: string) =>
    ok(await t().call(contract.billing.getBalance, undefined, { token })).balanceFen as number;
  const callFees = async (token: string) =>
    ok(await t().call(contract.billing.accountRecordPageList, { type: 'call_fee' }, { token })).lists as any[];

  async function placeCall(token: string, clueId: number, talk: number, phone: string) {
    TALK.set(phone, talk);
    const call = ok(await t().call(contract.telephony.callOut, { clueId }, { token }));
    await fake.idle();
    return waitCall(t(), token, call.callId, (c) => c.ended);
  }

  it('a call of 75 billable seconds is charged 2 minutes at its line rate, once despite the repeated hang-up', async () => {
    const { org, line } = await ready(10_000);
    const before = await balance(org.admin.token);
    expect(before).toBe(10_000);
    const lead = await addLead(t(), org.seat);
    const done = await placeCall(org.seat.token, lead.id, 75, lead.phone);
    expect(done).toMatchObject({ status: 2, billableSeconds: 75, lineId: line.id });
    const fees = await callFees(org.admin.token);
    expect(fees.map((e) => e.amountFen)).toEqual([-30]);
    expect(fees[0].remark).toContain(line.name);
    expect(await balance(org.admin.token)).toBe(before - 30);
    const rows = ok(await t().call(contract.billing.callFeePageList, {}, { token: org.admin.token })).lists;
    expect(rows.map((r: any) => [r.callId, r.line, r.minutes, r.rateFenPerMinute, r.amountFen])).toEqual([
      [done.callId, line.name, 2, 15, 30],
    ]);
    // the late hang-up (sent twice) charged nothing more, and a later re-delivery neither
    const sent = fake.dialouts.find((d) => d.userData === done.callId)!;
    const hangup = { userData: done.callId, eventId: 'late-hangup', event: 'hangup', time: Date.now(), billsec: 75 };
    expect((await fake.post(sent.callbackUrl, hangup)).status).toBe(200);
    expect((await callFees(org.admin.token)).length).toBe(1);
    expect(await balance(org.admin.token)).toBe(before - 30);
  });

  it('a call with 0 billable seconds charges nothing', async () => {
    const { org } = await ready(10_000);
    const lead = await addLead(t(), org.seat);
    const done = await placeCall(org.seat.token, lead.id, 0, lead.phone);
    expect(done).toMatchObject({ ended: true, billableSeconds: 0 });
    expect(await callFees(org.admin.token)).toEqual([]);
    expect(await balance(org.admin.token)).toBe(10_000);
  });

  it('a balance too small leaves the call complete, uncharged, and tells the administrators', async () => {
    const { org } = await ready(0);
    const lead = await addLead(t(), org.seat);
    const done = await placeCall(org.seat.token, lead.id, 75, lead.phone);
    expect(done).toMatchObject({ status: 2, billableSeconds: 75 });
    expect(await callFees(org.admin.token)).toEqual([]);
    expect(await balance(org.admin.token)).toBe(0);
    const detail = ok(await t().call(contract.clue.detail, { clueId: lead.id }, { token: org.seat.token }));
    expect(detail).toMatchObject({ callStatus: 2, callCount: 1 });
    const msgs = ok(await t().call(contract.notice.messages, { msgType: 'balance' }, { token: org.admin.token }));
    expect(msgs.lists.map((m: any) => m.title)).toEqual(['余额不足']);
  });
});
