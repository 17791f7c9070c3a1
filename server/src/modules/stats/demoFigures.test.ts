import { createHash } from 'node:crypto';
import { contract } from '@crm/core/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed';
import { type TestUser, useTestApp } from '../../test/harness';
import { ok } from '../../test/org';
import { addDays, today } from './days';

/**
 * The demo organisation, seeded through the services (calls through the call-event path, fees by the calls, the
 * leads' call status by the calls, recordings and analyses by the pipeline): every screen's figure equals the list
 * it clicks through to, and the seed stays well under the 20 s an e2e server may spend on it.
 */
describe('demo figures agree across screens', () => {
  const t = useTestApp();
  const tag = Date.now().toString(36).slice(-5);
  const password = 'demo@1234';
  let admin: TestUser;
  let seconds = 0;
  let orgId = 0;
  const period = { startDate: addDays(today(), -29), endDate: today() };
  const times = { startTime: `${period.startDate} 00:00:00`, endTime: `${period.endDate} 23:59:59` };

  beforeAll(async () => {
    const started = performance.now();
    const { demo, timings } = await seedDemo(t().ctx, { password, admin1: `da_${tag}`, admin2: `db_${tag}`, tag });
    seconds = (performance.now() - started) / 1000;
    console.log(`demo seed: ${seconds.toFixed(1)} s (ms: ${timings.map(([m, ms]) => `${m} ${ms}`).join(', ')})`);
    orgId = demo[0].orgId;
    admin = await t().login(`da_${tag}`, password);
  }, 900_000);

  it('prints how long the seed took, against the reference machine (budget 20 s there)', () => {
    // bench/run.ts's reference: the best of three runs of 200,000 chained SHA-256 (about 300 ms on the reference
    // machine). Printed, not asserted: on a machine shared by other runs the scaled figure is too noisy to fail on.
    const cpuRef = Math.min(
      ...[1, 2, 3].map(() => {
        const t0 = performance.now();
        let h = Buffer.alloc(32);
        for (let i = 0; i < 200_000; i++) h = createHash('sha256').update(h).digest();
        return performance.now() - t0;
      }),
    );
    const scaled = seconds / Math.max(1, cpuRef / 300);
    console.log(`demo seed: cpu_ref ${Math.round(cpuRef)} ms, ${scaled.toFixed(1)} s at the reference speed`);
    expect(seconds).toBeGreaterThan(0);
  });

  const calls = async (status?: 2 | 3) =>
    ok(
      await t().call(
        contract.telephony.callList,
        { pageNum: 1, pageSize: 100, ...times, status },
        { token: admin.token },
      ),
    );

  it('通话统计 and 员工统计 equal the call records they open', async () => {
    const all = await calls();
    expect(all.total).toBeGreaterThan(10);
    const byCall = ok(
      await t().call(contract.stats.callUserPage, { ...period, pageNum: 1, pageSize: 100 }, { token: admin.token }),
    );
    const byStaff = ok(await t().call(contract.stats.getCalloutUserCountRes, period, { token: admin.token }));
    const answered = await calls(2);
    const missed = await calls(3);
    for (const sum of [byCall.sum, byStaff.sum]) {
      expect(sum.calls).toBe(all.total);
      expect(sum.answered).toBe(answered.total);
      expect(sum.missed).toBe(missed.total);
      expect(sum.talkSeconds).toBe(answered.lists.reduce((a, c) => a + c.billableSeconds, 0));
    }
    // each user's row opens that user's calls
    for (const row of byCall.lists.filter((r) => r.calls > 0)) {
      const mine = ok(
        await t().call(
          contract.telephony.callList,
          { pageNum: 1, pageSize: 10, ...times, userId: row.id },
          { token: admin.token },
        ),
      );
      expect(`${row.name} ${row.calls}`).toBe(`${row.name} ${mine.total}`);
    }
  });

  it("费用中心 bills exactly the answered calls, and each lead's call status is its calls'", async () => {
    const answered = await calls(2);
    const fees = ok(
      await t().call(contract.billing.callFeePageList, { pageNum: 1, pageSize: 100, ...times }, { token: admin.token }),
    );
    expect(fees.total).toBe(answered.lists.filter((c) => c.billableSeconds > 0).length);
    expect(new Set(fees.lists.map((f) => f.callId))).toEqual(new Set(answered.lists.map((c) => c.callId)));
    const all = await calls();
    const byLead = new Map<number, typeof all.lists>();
    for (const c of all.lists) if (c.clueId) byLead.set(c.clueId, [...(byLead.get(c.clueId) ?? []), c]);
    for (const [clueId, list] of byLead) {
      const lead = await t().ctx.services.clue.findById(orgId, clueId);
      const last = [...list].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)))[0];
      expect(`${clueId} ${lead?.callCount} ${lead?.callStatus}`).toBe(`${clueId} ${list.length} ${last.status}`);
    }
  });

  it('uploaded recordings count once, by source, and the AI board counts every call', async () => {
    const recs = ok(
      await t().call(contract.recording.list, { pageNum: 1, pageSize: 100, ...times }, { token: admin.token }),
    );
    const uploaded = recs.lists.filter((r) => !r.callInfoId);
    const placedWithRecording = recs.lists.filter((r) => r.callInfoId);
    expect(uploaded.length).toBeGreaterThan(0);
    expect(placedWithRecording.length).toBeGreaterThan(0);
    expect(new Set(uploaded.map((r) => r.source)).size).toBeGreaterThan(1);
    const byCall = ok(
      await t().call(contract.stats.callUserPage, { ...period, pageNum: 1, pageSize: 100 }, { token: admin.token }),
    );
    expect(byCall.sum.uploads).toBe(uploaded.length);
    expect(byCall.sum.uploadSeconds).toBe(uploaded.reduce((a, r) => a + Math.round(r.durationMs / 1000), 0));
    const board = ok(await t().call(contract.aiBossStatis.getOverview, period, { token: admin.token }));
    expect(board.calls).toBe(byCall.sum.calls + byCall.sum.uploads);
    expect(board.uploads).toBe(byCall.sum.uploads);
    expect(board.talkSeconds).toBe(byCall.sum.talkSeconds + byCall.sum.uploadSeconds);
    expect(board.analysed).toBeGreaterThan(0);
    expect(board.analysed).toBeLessThanOrEqual(board.calls);
  });
});
