import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { wecomContact, wecomFollow, wecomSync } from './schema';
import { saveConfig, switchOpen } from './settings';
import { WeComSync } from './sync';
import { type FakeWeCom, startFakeWeCom } from './testing/fakeWecom';

const MEMBERS = 250;
const CONTACTS = 1200;

describe('wecom: customer sync over many member batches', { timeout: 120_000 }, () => {
  const t = useTestApp();
  let fake: FakeWeCom;
  let orgId: number;
  /** When the first run started: the resumed run of the second test stands for it. */
  let firstStarted: Date;

  beforeAll(async () => {
    fake = await startFakeWeCom({
      corpId: 'ww-batches',
      agentSecret: 'batches-secret',
      members: Array.from({ length: MEMBERS }, (_, i) => ({
        userid: `m${String(i).padStart(3, '0')}`,
        name: `员工${i}`,
        department: [1],
      })),
      // each contact followed by two members 120 apart: always in two different batches of 100
      contacts: Array.from({ length: CONTACTS }, (_, i) => ({
        external_userid: `wm${i}`,
        name: `客户${i}`,
        follow: [0, 120].map((d) => ({ userid: `m${String((i + d) % MEMBERS).padStart(3, '0')}`, remark: `备注${i}` })),
      })),
    });
    orgId = (await t().newOrg()).orgId;
    await saveConfig(t().ctx.db, orgId, {
      corpId: 'ww-batches',
      agentId: '1',
      agentSecret: 'batches-secret',
      apiBaseUrl: fake.apiBase,
    });
    await switchOpen(t().ctx.db, orgId, 1);
    const sync = new WeComSync(t().ctx);
    await sync.request(orgId, 'user');
    await sync.run(orgId, 'user');
  });
  afterAll(() => fake.close());

  const counts = async () => {
    const db = t().ctx.db;
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(wecomContact)
      .where(eq(wecomContact.organizationId, orgId));
    const [f] = await db
      .select({ n: sql<number>`count(*)::int`, removed: sql<number>`count(removed_at)::int` })
      .from(wecomFollow)
      .where(eq(wecomFollow.organizationId, orgId));
    return { contacts: c.n, follows: f.n, removed: f.removed };
  };
  const status = async () =>
    (
      await t()
        .ctx.db.select()
        .from(wecomSync)
        .where(and(eq(wecomSync.organizationId, orgId), eq(wecomSync.kind, 'customer')))
    )[0];

  it('writes every contact once though its follow-ups come in pages of different batches', async () => {
    const sync = new WeComSync(t().ctx);
    firstStarted = new Date();
    await sync.request(orgId, 'customer');
    await sync.run(orgId, 'customer');
    expect(await counts()).toEqual({ contacts: CONTACTS, follows: CONTACTS * 2, removed: 0 });
    expect(await status()).toMatchObject({ status: 2, done: CONTACTS * 2 });
  });

  it('a run resumed from a cursor left midway (a batch under way, later ones not started) adds no doubles', async () => {
    const sync = new WeComSync(t().ctx);
    await sync.request(orgId, 'customer');
    const midway = Buffer.from('100').toString('base64url');
    await t()
      .ctx.db.update(wecomSync)
      .set({ status: 1, cursor: { next: 2, open: { 1: midway } }, done: 300, startedAt: firstStarted })
      .where(and(eq(wecomSync.organizationId, orgId), eq(wecomSync.kind, 'customer')));
    const asked = fake.calls.length;
    await sync.run(orgId, 'customer');
    const pages = fake.calls.slice(asked).filter((c) => c.path === 'externalcontact/batch/get_by_user');
    // batch 1 from its cursor on, then batch 2 from its start; batch 0 is not read again
    expect(pages[0].body).toMatchObject({ cursor: midway, userid_list: expect.arrayContaining(['m100', 'm199']) });
    expect(pages.some((p) => p.body.userid_list.includes('m000'))).toBe(false);
    expect(await counts()).toEqual({ contacts: CONTACTS, follows: CONTACTS * 2, removed: 0 });
    expect(await status()).toMatchObject({ status: 2 });
  });
});
