import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { createOrganization } from '../org';
import { billableMinutes, chargeCall } from './callFees';
import { balanceOf, entrySum, openLedger, post } from './ledger';
import { billingEntry, callFee, callRate } from './schema';

/**
 * The money ledger's invariants, on whichever database the run uses (PGlite by default, PostgreSQL with
 * DATABASE_URL): the balance is the sum of the entries, never below zero, each ref key posts once.
 */
describe('billing ledger', () => {
  const t = useTestApp();
  const db = () => t().ctx.db;
  const entries = (orgId: number) =>
    db().select().from(billingEntry).where(eq(billingEntry.organizationId, orgId)).orderBy(asc(billingEntry.id));

  it('credits and charges: the entry carries the balance after it; not enough balance writes nothing', async () => {
    const { orgId } = await t().newOrg();
    expect(await post(db(), orgId, { type: 'manual', amountFen: 10_000, refKey: 'a', remark: '转账' })).toMatchObject({
      ok: true,
      balanceFen: 10_000,
      duplicate: false,
    });
    expect(await post(db(), orgId, { type: 'call_fee', amountFen: -2_500, refKey: 'b' })).toMatchObject({
      ok: true,
      balanceFen: 7_500,
    });
    expect(await post(db(), orgId, { type: 'call_fee', amountFen: -7_501, refKey: 'c' })).toEqual({
      ok: false,
      reason: 'insufficient',
      balanceFen: 7_500,
    });
    expect((await entries(orgId)).map((e) => [e.amountFen, e.balanceAfterFen])).toEqual([
      [10_000, 10_000],
      [-2_500, 7_500],
    ]);
    // the same ref key again: nothing more, the entry already written
    const again = await post(db(), orgId, { type: 'manual', amountFen: 10_000, refKey: 'a' });
    expect(again).toMatchObject({ ok: true, duplicate: true, balanceFen: 10_000 });
    expect(await balanceOf(db(), orgId)).toBe(7_500);
    // a charge posted before is a duplicate, not refused for the balance it would need again
    expect(await post(db(), orgId, { type: 'call_fee', amountFen: -2_500, refKey: 'b' })).toMatchObject({
      ok: true,
      duplicate: true,
    });
    await post(db(), orgId, { type: 'call_fee', amountFen: -7_000, refKey: 'd' });
    expect(await post(db(), orgId, { type: 'call_fee', amountFen: -2_500, refKey: 'b' })).toMatchObject({
      ok: true,
      duplicate: true,
      balanceFen: 7_500,
    });
    await expect(post(db(), orgId, { type: 'manual', amountFen: 1.5, refKey: 'x' })).rejects.toThrow(/whole number/);
    await expect(post(db(), orgId, { type: 'manual', amountFen: 0, refKey: 'x' })).rejects.toThrow(/non-zero/);
  });

  it('concurrent charges never go below zero nor lose an entry: 60 charges of 100 against 3,000', async () => {
    const { orgId } = await t().newOrg();
    await post(db(), orgId, { type: 'manual', amountFen: 3_000, refKey: 'seed' });
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => post(db(), orgId, { type: 'call_fee', amountFen: -100, refKey: `c${i}` })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(30);
    expect(await balanceOf(db(), orgId)).toBe(0);
    expect(await entries(orgId)).toHaveLength(31);
    expect(await entrySum(db(), orgId)).toBe(0);
  });

  it('the same ref key posted concurrently is written once', async () => {
    const { orgId } = await t().newOrg();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => post(db(), orgId, { type: 'recharge', amountFen: 5_000, refKey: 'recharge:1' })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !r.duplicate)).toHaveLength(1);
    expect(await balanceOf(db(), orgId)).toBe(5_000);
    expect(await entries(orgId)).toHaveLength(1);
  });

  it('property: after any sequence of concurrent credits, charges and replays, balance = sum of entries >= 0', async () => {
    const op = fc.record({
      amount: fc.integer({ min: -5_000, max: 5_000 }).filter((n) => n !== 0),
      key: fc.integer({ min: 0, max: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }),
        async (batches) => {
          const { orgId } = await t().newOrg();
          // a model of the ledger: which keys were posted and what the balance must be
          const posted = new Map<number, number>();
          for (const batch of batches) {
            const results = await Promise.all(
              batch.map((o) =>
                post(db(), orgId, {
                  type: o.amount > 0 ? 'manual' : 'call_fee',
                  amountFen: o.amount,
                  refKey: `k${o.key}`,
                }),
              ),
            );
            for (const [i, r] of results.entries()) if (r.ok && !r.duplicate) posted.set(batch[i].key, batch[i].amount);
            const balance = await balanceOf(db(), orgId);
            expect(balance).toBeGreaterThanOrEqual(0);
            expect(await entrySum(db(), orgId)).toBe(balance);
          }
          const rows = await entries(orgId);
          expect(rows).toHaveLength(posted.size);
          expect(new Set(rows.map((r) => r.refKey)).size).toBe(rows.length);
          expect(rows.reduce((s, r) => s + r.amountFen, 0)).toBe([...posted.values()].reduce((s, a) => s + a, 0));
          // every entry's balance-after is a balance the account really had: none below zero
          expect(rows.every((r) => r.balanceAfterFen >= 0)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('openLedger: an organisation created with a balance gets its opening entry, once', async () => {
    const tag = randomUUID().slice(0, 8);
    const { org } = await createOrganization(db(), {
      name: `期初机构${tag}`,
      balance: 1_288_000,
      admin: { username: `opening_${tag}`, realName: '管理员', passwordHash: 'x' },
    });
    const orgId = org.id;
    await post(db(), orgId, { type: 'manual', amountFen: 100, refKey: 'm' });
    await openLedger(db(), orgId);
    await openLedger(db(), orgId);
    const rows = await entries(orgId);
    expect(rows.map((r) => [r.type, r.amountFen, r.remark])).toEqual([
      ['manual', 100, ''],
      ['opening', 1_288_000, '期初余额'],
    ]);
    expect(await entrySum(db(), orgId)).toBe(1_288_100);
  });

  it('chargeCall: the line rate per started minute, default line, once per call id, never below zero', async () => {
    const { orgId } = await t().newOrg();
    await db()
      .insert(callRate)
      .values([
        { organizationId: orgId, line: '*', rateFenPerMinute: 12 },
        { organizationId: orgId, line: '北京移动', rateFenPerMinute: 10 },
      ]);
    await post(db(), orgId, { type: 'manual', amountFen: 100, refKey: 'm' });
    expect(await chargeCall(db(), orgId, { callId: 'c1', line: '北京移动', billableSeconds: 61 })).toMatchObject({
      ok: true,
      amountFen: 20,
      minutes: 2,
    });
    expect(await chargeCall(db(), orgId, { callId: 'c1', line: '北京移动', billableSeconds: 61 })).toMatchObject({
      ok: true,
      amountFen: 20,
      duplicate: true,
    });
    expect(await chargeCall(db(), orgId, { callId: 'c2', line: '其他线路', billableSeconds: 30 })).toMatchObject({
      amountFen: 12,
    });
    expect(await chargeCall(db(), orgId, { callId: 'c3', line: '北京移动', billableSeconds: 0 })).toMatchObject({
      amountFen: 0,
    });
    expect(await chargeCall(db(), orgId, { callId: 'c4', line: '北京移动', billableSeconds: 3600 })).toEqual({
      ok: false,
      reason: 'insufficient',
      balanceFen: 68,
    });
    const parallel = await Promise.all(
      Array.from({ length: 8 }, () => chargeCall(db(), orgId, { callId: 'c5', line: '北京移动', billableSeconds: 59 })),
    );
    expect(parallel.every((r) => r.ok)).toBe(true);
    expect(await balanceOf(db(), orgId)).toBe(58);
    expect(await db().select().from(callFee).where(eq(callFee.organizationId, orgId))).toHaveLength(3);
    const other = await t().newOrg();
    expect(await chargeCall(db(), other.orgId, { callId: 'c1', line: '北京移动', billableSeconds: 60 })).toEqual({
      ok: false,
      reason: 'no_rate',
    });
    expect([0, 1, 59, 60, 61, 3600].map(billableMinutes)).toEqual([0, 1, 1, 1, 2, 60]);
  });
});
