import { contract } from '@crm/core/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { ok } from '../../test/org';
import { reindexPassages } from './passages';
import { knowledgePassage } from './schema';

const k = contract.knowledge;

describe('knowledge term counts', () => {
  const t = useTestApp();

  /** The counts kept in knowledge_term, and the ones the passages' terms give. */
  async function counts(orgId: number) {
    const db = t().ctx.db;
    const kept = await db.execute<{ term: string; df: number }>(
      sql`select term, df from knowledge_term where organization_id = ${orgId} and term <> ' ' order by term`,
    );
    const made = await db.execute<{ term: string; df: number }>(sql`
      select term, count(*)::int as df from (
        select distinct id, term from knowledge_passage,
          unnest(string_to_array(tokens || ' ' || title_tokens, ' ')) term
        where organization_id = ${orgId} and term <> ''
        union all select id, '' from knowledge_passage where organization_id = ${orgId}
      ) x group by term order by term`);
    return { kept: kept.rows.map((r) => [r.term, Number(r.df)]), made: made.rows.map((r) => [r.term, Number(r.df)]) };
  }

  it('follow every write and removal of passages, and the reindex of older passages', async () => {
    const org = await t().newOrg();
    const token = org.admin.token;
    const add = async (title: string, content: string) =>
      ok(await t().call(k.save, { base: 2, kind: 1, title, content }, { token })).id;
    const a = await add('分期付款', '课程满三千元可以分3期或6期免息付款。');
    await add('试听课收费吗', '首次试听免费，时长45分钟。');
    let c = await counts(org.orgId);
    expect(c.kept).toEqual(c.made);
    expect(c.kept).toContainEqual(['', 2]);
    ok(await t().call(k.update, { id: a, content: '课程满五千元可以分12期付款。' }, { token }));
    c = await counts(org.orgId);
    expect(c.kept).toEqual(c.made);
    ok(await t().call(k.delete, { id: a }, { token }));
    c = await counts(org.orgId);
    expect(c.kept).toEqual(c.made);
    // a passage made by an earlier version: made again at start, counts moved to its new terms
    const db = t().ctx.db;
    await db.update(knowledgePassage).set({ tokenVersion: 0 }).where(eq(knowledgePassage.organizationId, org.orgId));
    expect(await reindexPassages(db)).toBeGreaterThanOrEqual(1);
    c = await counts(org.orgId);
    expect(c.kept).toEqual(c.made);
    const found = ok(await t().call(k.search, { question: '试听要钱吗' }, { token: org.seat.token }));
    expect(found.passages[0].title).toBe('试听课收费吗');
  });
});
