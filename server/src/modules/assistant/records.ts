import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { SpeechTypeName, SuggestionRatingName, SuggestionSourceName } from '@crm/core/contract/assistant';
import { and, asc, desc, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { page, pageRows } from '../../platform/paging';
import { findScoped, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import type { XlsxExport } from '../../platform/xlsxExport';
import { orgUsersByIds } from '../org';
import { assistantRank, assistantRecord, assistantSuggestion, assistantUsage } from './schema';

/**
 * 话术记录 (/hkzs/history): every use with its suggestions; a seat sees its own, a manager those of its data scope.
 * Ratings and copies of a suggestion; the month's uses (metering).
 */

type Body<K extends keyof typeof contract.assistant> = CallBody<(typeof contract.assistant)[K]>;
type Answer<K extends keyof typeof contract.assistant> = CallAnswer<(typeof contract.assistant)[K]>;
type RecordView = Answer<'history'>['lists'][number];
type Filter = Body<'history'>;

const owned = (s: Session) => scoped(s, assistantRecord, { owner: assistantRecord.userId });

function where(s: Session, f: Filter): SQL {
  return and(
    owned(s),
    f.type ? eq(assistantRecord.type, f.type) : undefined,
    f.keyword ? ilike(assistantRecord.query, likePattern(f.keyword)) : undefined,
    f.startTime ? gte(assistantRecord.createdAt, f.startTime) : undefined,
    f.endTime ? lte(assistantRecord.createdAt, f.endTime) : undefined,
    f.userId ? eq(assistantRecord.userId, f.userId) : undefined,
  )!;
}

export async function history(db: Db, s: Session, f: Filter): Promise<Answer<'history'>> {
  const order = [desc(assistantRecord.createdAt), desc(assistantRecord.id)];
  const { rows, total } = await pageRows(db, assistantRecord, where(s, f), order, f);
  return page(
    await recordViews(
      db,
      s.orgId,
      rows.map((r) => r.id),
    ),
    total,
    f,
  );
}

/** Records with their suggestions, in the order of `ids`. */
export async function recordViews(db: DbOrTx, orgId: number, ids: number[]): Promise<RecordView[]> {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(assistantRecord)
    .where(and(eq(assistantRecord.organizationId, orgId), inArray(assistantRecord.id, ids)));
  const suggestions = await db
    .select()
    .from(assistantSuggestion)
    .where(and(eq(assistantSuggestion.organizationId, orgId), inArray(assistantSuggestion.recordId, ids)))
    .orderBy(asc(assistantSuggestion.recordId), asc(assistantSuggestion.sort));
  const names = await orgUsersByIds(
    db,
    orgId,
    rows.map((r) => r.userId),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        type: r.type,
        typeName: SpeechTypeName[r.type as keyof typeof SpeechTypeName] ?? '',
        query: r.query,
        engine: r.engine === 'llm' ? ('llm' as const) : ('builtin' as const),
        modelName: r.modelName,
        fallbackReason: r.fallbackReason,
        note: r.note,
        elapsedMs: r.elapsedMs,
        userId: r.userId,
        realName: names.get(r.userId)?.realName ?? null,
        recordingId: r.recordingId,
        clueId: r.clueId,
        createdAt: formatDateTime(r.createdAt),
        suggestions: suggestions
          .filter((x) => x.recordId === id)
          .map((x) => ({
            id: x.id,
            text: x.text,
            source: x.source as keyof typeof SuggestionSourceName,
            sourceName: SuggestionSourceName[x.source as keyof typeof SuggestionSourceName] ?? x.source,
            origin: x.origin,
            recordingId: x.recordingId,
            customerSaid: x.customerSaid,
            score: x.score,
            rating: x.rating,
            copies: x.copies,
          })),
      },
    ];
  });
}

/** A suggestion of a record the session may see (404 otherwise). */
async function findSuggestion(db: DbOrTx, s: Session, id: number) {
  return findScoped(db, s, assistantSuggestion, id, { owner: assistantSuggestion.userId, missing: '建议不存在' });
}

/** A rating replaces the previous one; the origin's counts (assistant_rank) follow, for later ranking. */
export async function rate(db: Db, s: Session, input: Body<'rate'>): Promise<Answer<'rate'>> {
  return db.transaction(async (tx) => {
    const row = await findSuggestion(tx, s, input.id);
    if (row.rating === input.rating) return { id: row.id, rating: row.rating };
    await tx
      .update(assistantSuggestion)
      .set({ rating: input.rating })
      .where(and(eq(assistantSuggestion.id, row.id), eq(assistantSuggestion.organizationId, s.orgId)));
    if (row.refKey) {
      const useful = (input.rating === 1 ? 1 : 0) - (row.rating === 1 ? 1 : 0);
      const useless = (input.rating === 2 ? 1 : 0) - (row.rating === 2 ? 1 : 0);
      await tx
        .insert(assistantRank)
        .values({
          organizationId: s.orgId,
          refKey: row.refKey,
          useful: Math.max(0, useful),
          useless: Math.max(0, useless),
        })
        .onConflictDoUpdate({
          target: [assistantRank.organizationId, assistantRank.refKey],
          set: {
            useful: sql`greatest(0, ${assistantRank.useful} + ${useful})`,
            useless: sql`greatest(0, ${assistantRank.useless} + ${useless})`,
          },
        });
    }
    return { id: row.id, rating: input.rating };
  });
}

export async function copy(db: Db, s: Session, id: number): Promise<Answer<'copy'>> {
  const row = await findSuggestion(db, s, id);
  const [out] = await db
    .update(assistantSuggestion)
    .set({ copies: sql`${assistantSuggestion.copies} + 1` })
    .where(and(eq(assistantSuggestion.id, row.id), eq(assistantSuggestion.organizationId, s.orgId)))
    .returning({ copies: assistantSuggestion.copies });
  return { id: row.id, copies: out.copies };
}

/** This month's uses (Shanghai): the organisation's and the session user's. */
export async function usage(db: DbOrTx, s: Session): Promise<Answer<'usage'>> {
  const month = formatDateTime(new Date())!.slice(0, 7);
  const uses = await assistantUses(db, s.orgId, month);
  return { month, orgUses: uses.total, myUses: uses.byUser.get(s.userId) ?? 0 };
}

/** The metering figures of a month (YYYY-MM): what the quota reads (index.ts). */
export async function assistantUses(
  db: DbOrTx,
  orgId: number,
  month: string,
): Promise<{ total: number; byUser: Map<number, number> }> {
  const rows = await db
    .select({ userId: assistantUsage.userId, uses: assistantUsage.uses })
    .from(assistantUsage)
    .where(and(eq(assistantUsage.organizationId, orgId), eq(assistantUsage.month, month)));
  return { total: rows.reduce((n, r) => n + r.uses, 0), byUser: new Map(rows.map((r) => [r.userId, r.uses])) };
}

const EXPORT_LIMIT = 50_000;
const BATCH = 500;

/** The filtered records as a sheet, one row per suggestion, newest first, in batches. */
export function exportHistory(db: Db, s: Session, f: Filter): (x: XlsxExport) => Promise<void> {
  return async (x) => {
    const sheet = x.sheet('话术记录', [
      { header: '时间', width: 20 },
      { header: '使用人', width: 12 },
      { header: '类型', width: 10 },
      { header: '内容', width: 40 },
      { header: '生成方式', width: 14 },
      { header: '建议', width: 60 },
      { header: '来源', width: 12 },
      { header: '出处', width: 40 },
      { header: '评价', width: 8 },
      { header: '复制次数', width: 10 },
    ]);
    for (let offset = 0; offset < EXPORT_LIMIT; offset += BATCH) {
      const ids = await db
        .select({ id: assistantRecord.id })
        .from(assistantRecord)
        .where(where(s, f))
        .orderBy(desc(assistantRecord.createdAt), desc(assistantRecord.id))
        .limit(BATCH)
        .offset(offset);
      for (const v of await recordViews(
        db,
        s.orgId,
        ids.map((r) => r.id),
      )) {
        const how = v.engine === 'llm' ? (v.modelName ?? '大模型') : v.fallbackReason ? '内置（大模型失败）' : '内置';
        const base = [v.createdAt, v.realName, v.typeName, v.query, how];
        if (!v.suggestions.length) sheet.add([...base, '', '', '', '', 0]);
        for (const g of v.suggestions)
          sheet.add([
            ...base,
            g.text,
            g.sourceName,
            g.origin,
            SuggestionRatingName[g.rating as keyof typeof SuggestionRatingName] ?? '',
            g.copies,
          ]);
      }
      if (ids.length < BATCH) return;
    }
  };
}
