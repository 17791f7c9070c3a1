import { contract } from '@crm/core/contract';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { useTestApp } from '../../test/harness';
import { minutesOfCall } from './ledger';
import { costPack, costUsage } from './schema';
import { CostCenterService } from './service';

const DAY_MS = 86_400_000;
const KIND = 'ai_analyze';
const NO_BALANCE = 'AI 分析余额不足，请充值后继续';

describe('cost centre ledger (CostCenterService)', () => {
  const t = useTestApp();
  const costs = () => t().ctx.services.costCenter;
  const db = () => t().ctx.db;

  const grant = (orgId: number, units: number, days: number, name = `包${units}`) =>
    costs().grant(orgId, KIND, { units, days, name, source: 'purchase', priceFen: units * 10 });

  const packs = (orgId: number) =>
    db().select().from(costPack).where(eq(costPack.organizationId, orgId)).orderBy(asc(costPack.id));
  const usages = (orgId: number) =>
    db().select().from(costUsage).where(eq(costUsage.organizationId, orgId)).orderBy(asc(costUsage.id));

  it('charges the soonest-expiring pack first and spans two packs, one usage row per pack', async () => {
    const { orgId } = await t().newOrg();
    const later = await grant(orgId, 100, 30);
    const sooner = await grant(orgId, 10, 5);
    const r = await costs().charge(orgId, KIND, {
      units: 15,
      refKey: 'analysis:1',
      recordingId: 1,
      remark: '通话分析',
    });
    expect(r).toEqual({ ok: true, usageId: expect.any(Number) });
    const byId = new Map((await packs(orgId)).map((p) => [p.id, p]));
    expect(byId.get(sooner.id)!.usedUnits).toBe(10);
    expect(byId.get(later.id)!.usedUnits).toBe(5);
    const rows = await usages(orgId);
    expect(rows.map((u) => [u.packId, u.units, u.refKey, u.costFen])).toEqual([
      [sooner.id, 10, 'analysis:1', 100],
      [later.id, 5, 'analysis:1#2', 50],
    ]);
    expect(rows[0].id).toBe((r as { usageId: number }).usageId);
    expect(await costs().balance(orgId, KIND)).toMatchObject({ remaining: 95, totalUnits: 110 });
  });

  it('costs the units at the organisation unit price (aiUnitPrice)', async () => {
    const org = await t().newOrg();
    const op = await t().newOperator();
    await op.call(contract.orgSettings.setAiUnitPrice, { organizationId: org.orgId, pricePerMinute: 25 });
    await grant(org.orgId, 10, 5);
    await costs().charge(org.orgId, KIND, { units: 3, refKey: 'price' });
    expect((await usages(org.orgId))[0].costFen).toBe(75);
  });

  it('ignores expired packs (and packs not yet started) in charges and the balance', async () => {
    const { orgId } = await t().newOrg();
    const now = Date.now();
    await db()
      .insert(costPack)
      .values([
        {
          organizationId: orgId,
          kind: KIND,
          name: '已过期',
          totalUnits: 1000,
          source: 'trial',
          startsAt: new Date(now - 60 * DAY_MS),
          expiresAt: new Date(now - DAY_MS),
        },
        {
          organizationId: orgId,
          kind: KIND,
          name: '未生效',
          totalUnits: 1000,
          source: 'grant',
          startsAt: new Date(now + DAY_MS),
          expiresAt: new Date(now + 60 * DAY_MS),
        },
      ]);
    expect(await costs().balance(orgId, KIND)).toEqual({ remaining: 0, totalUnits: 0, soonestExpiry: null });
    expect(await costs().charge(orgId, KIND, { units: 1, refKey: 'x' })).toEqual({ ok: false, reason: NO_BALANCE });
    const live = await grant(orgId, 5, 10);
    expect(await costs().charge(orgId, KIND, { units: 2, refKey: 'y' })).toMatchObject({ ok: true });
    expect((await usages(orgId)).map((u) => u.packId)).toEqual([live.id]);
    const b = await costs().balance(orgId, KIND);
    expect(b).toMatchObject({ remaining: 3, totalUnits: 5 });
    expect(Math.abs(b.soonestExpiry!.getTime() - (now + 10 * DAY_MS))).toBeLessThan(60_000);
  });

  it('the soonest expiry of the balance skips packs used up', async () => {
    const { orgId } = await t().newOrg();
    await grant(orgId, 2, 3);
    await grant(orgId, 50, 40);
    await costs().charge(orgId, KIND, { units: 2, refKey: 'a' });
    const b = await costs().balance(orgId, KIND);
    expect(b.remaining).toBe(50);
    expect(b.soonestExpiry!.getTime()).toBeGreaterThan(Date.now() + 39 * DAY_MS);
  });

  it('a refKey is charged once: charging again with it takes nothing more', async () => {
    const { orgId } = await t().newOrg();
    await grant(orgId, 10, 5);
    const first = await costs().charge(orgId, KIND, { units: 4, refKey: 'analysis:7' });
    const again = await costs().charge(orgId, KIND, { units: 4, refKey: 'analysis:7' });
    expect(again).toEqual(first);
    const both = await Promise.all([
      costs().charge(orgId, KIND, { units: 3, refKey: 'analysis:8' }),
      costs().charge(orgId, KIND, { units: 3, refKey: 'analysis:8' }),
    ]);
    expect(both[0]).toEqual(both[1]);
    expect((await packs(orgId))[0].usedUnits).toBe(7);
    expect(await usages(orgId)).toHaveLength(2);
    await expect(costs().charge(orgId, KIND, { units: 1, refKey: 'job#2' })).rejects.toThrow(/ref key/);
    await expect(costs().charge(orgId, KIND, { units: 0, refKey: 'zero' })).rejects.toThrow(/units/);
  });

  it('concurrent charges never overspend: 20 charges of 1 against a balance of 10', async () => {
    const { orgId } = await t().newOrg();
    await grant(orgId, 4, 5);
    await grant(orgId, 6, 9);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => costs().charge(orgId, KIND, { units: 1, refKey: `c${i}` })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok)).toHaveLength(10);
    expect((await packs(orgId)).map((p) => p.usedUnits)).toEqual([4, 6]);
    expect(await usages(orgId)).toHaveLength(10);
    expect((await costs().balance(orgId, KIND)).remaining).toBe(0);
  });

  it('not enough balance writes nothing, even when some packs could pay part of it', async () => {
    const { orgId } = await t().newOrg();
    await grant(orgId, 3, 5);
    await grant(orgId, 3, 9);
    expect(await costs().charge(orgId, KIND, { units: 7, refKey: 'big' })).toEqual({ ok: false, reason: NO_BALANCE });
    expect((await packs(orgId)).map((p) => p.usedUnits)).toEqual([0, 0]);
    expect(await usages(orgId)).toHaveLength(0);
    // another organisation's packs are not this one's balance
    const other = await t().newOrg();
    expect(await costs().charge(other.orgId, KIND, { units: 1, refKey: 'big' })).toMatchObject({ ok: false });
  });

  it('metering off (AI_CHARGING=off): charges answer ok and write nothing', async () => {
    expect(loadConfig({ DATA_DIR: ':memory:', AI_CHARGING: 'off' }).aiCharging).toBe(false);
    expect(loadConfig({ DATA_DIR: ':memory:' }).aiCharging).toBe(true);
    const { orgId } = await t().newOrg();
    const unmetered = new CostCenterService(db(), { aiCharging: false }, { error: () => {} });
    expect(await unmetered.isMetered(orgId, KIND)).toBe(false);
    expect(await costs().isMetered(orgId, KIND)).toBe(true);
    expect(await unmetered.charge(orgId, KIND, { units: 5, refKey: 'free' })).toEqual({ ok: true, usageId: null });
    expect(await usages(orgId)).toHaveLength(0);
  });

  it('top-up listeners are called after a pack is added; a failing one is logged and never fails the top-up', async () => {
    const { orgId } = await t().newOrg();
    const errors: unknown[] = [];
    const service = new CostCenterService(db(), { aiCharging: true }, { error: (...a: unknown[]) => errors.push(a) });
    const heard: [number, string][] = [];
    service.onTopUp(async () => {
      throw new Error('listener down');
    });
    service.onTopUp(async (o, k) => {
      heard.push([o, k]);
    });
    const pack = await service.grant(orgId, KIND, { units: 30, days: 7, name: '试用', source: 'trial' });
    expect(pack.id).toBeGreaterThan(0);
    expect(heard).toEqual([[orgId, KIND]]);
    expect(errors).toHaveLength(1);
    const [row] = await db()
      .select()
      .from(costPack)
      .where(and(eq(costPack.organizationId, orgId), eq(costPack.id, pack.id)));
    expect(row).toMatchObject({ totalUnits: 30, usedUnits: 0, source: 'trial', priceFen: 0 });
  });

  it('minutes of a call: a started minute counts, under a minute is 1', () => {
    expect([0, 1, 59_999, 60_000, 60_001, 183_000].map(minutesOfCall)).toEqual([1, 1, 1, 1, 2, 4]);
  });
});
