import { formatDateTime, SpeakerLabel } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { HitKindName } from '@crm/core/contract/quality';
import { and, count, countDistinct, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { offsetOf, page } from '../../platform/paging';
import { anyOf, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import { deptSubtree, orgUsersByIds, usersInDepts } from '../org';
import { visibleRecordings } from '../recording';
import { prohibitionHit } from './schema';
import type { QualityService } from './service';

/**
 * /aiCallCheck/callProhibitionPage and callProhibitionCount: the hits of the calls the session may see (the data
 * scope of the recording's owner), by rule, word, owner, department and call time.
 */

type Calls = typeof contract.quality;
type Filter = CallBody<Calls['callProhibitionCount']>;
const h = prohibitionHit;
/** Most words the counts list. */
const WORD_LIMIT = 200;

type Recordings = ReturnType<typeof visibleRecordings>;

/** The hits of the calls the session may see, and the join to those calls (`rec`) that the filter reads. */
async function where(ctx: AppContext, s: Session, f: Filter): Promise<{ w: SQL; rec: Recordings; onCall: SQL }> {
  const rec = visibleRecordings(s);
  const c: (SQL | undefined)[] = [scoped(s, h)];
  if (f.kind) c.push(eq(h.kind, f.kind));
  if (f.ruleId) c.push(eq(h.ruleId, f.ruleId));
  if (f.word) c.push(or(ilike(h.word, likePattern(f.word)), ilike(h.said, likePattern(f.word))));
  if (f.ownerUserId) c.push(eq(rec.ownerUserId, f.ownerUserId));
  if (f.deptId) {
    const users = await usersInDepts(ctx.db, s.orgId, await deptSubtree(ctx.db, s.orgId, f.deptId));
    c.push(anyOf(rec.ownerUserId, users));
  }
  if (f.startTime) c.push(gte(h.callTime, f.startTime));
  if (f.endTime) c.push(lte(h.callTime, f.endTime));
  return { w: and(...c)!, rec, onCall: eq(rec.id, h.recordingId) };
}

/** The current name of a rule (renamed since the call was checked), else the name it had then. */
function namer(names: Awaited<ReturnType<QualityService['ruleNames']>>) {
  return (kind: string, ruleId: number, stored: string) =>
    (kind === 'prohibition' ? names.lists : names.regexes).get(ruleId) ?? stored;
}

export async function hitPage(
  ctx: AppContext,
  service: QualityService,
  s: Session,
  f: CallBody<Calls['callProhibitionPage']>,
): Promise<CallAnswer<Calls['callProhibitionPage']>> {
  const { w, rec, onCall } = await where(ctx, s, f);
  const [found, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        hit: h,
        fileName: rec.fileName,
        owner: rec.ownerUserId,
        clueId: rec.clueId,
        phone: rec.phone,
      })
      .from(h)
      .innerJoin(rec, onCall)
      .where(w)
      .orderBy(sql`${h.callTime} desc nulls last`, desc(h.id))
      .limit(f.pageSize)
      .offset(offsetOf(f)),
    ctx.db.select({ total: count() }).from(h).innerJoin(rec, onCall).where(w),
  ]);
  const [owners, clues, names] = await Promise.all([
    orgUsersByIds(
      ctx.db,
      s.orgId,
      found.flatMap((r) => (r.owner ? [r.owner] : [])),
    ),
    ctx.services.clue.namesByIds(s.orgId, [...new Set(found.flatMap((r) => (r.clueId ? [r.clueId] : [])))]),
    service.ruleNames(s.orgId),
  ]);
  const nameOf = namer(names);
  const lists = found.map(({ hit, fileName, owner, clueId, phone }) => {
    const user = owner ? owners.get(owner) : undefined;
    return {
      id: hit.id,
      recordingId: hit.recordingId,
      fileName,
      kind: hit.kind,
      kindName: HitKindName[hit.kind],
      ruleId: hit.ruleId,
      ruleName: nameOf(hit.kind, hit.ruleId, hit.ruleName),
      word: hit.word,
      words: hit.said,
      sentence: hit.sentence,
      segment: hit.segment,
      startMs: hit.startMs,
      speaker: hit.speaker,
      speakerName: SpeakerLabel[hit.speaker],
      ownerUserId: owner,
      ownerName: user?.realName ?? null,
      deptId: user?.deptId ?? null,
      deptName: user?.deptName ?? null,
      clueId,
      clueName: clueId ? (clues.get(clueId) ?? null) : null,
      phone,
      callTime: formatDateTime(hit.callTime),
      createdAt: formatDateTime(hit.createdAt),
    };
  });
  return page(lists, total, f);
}

export async function hitCount(
  ctx: AppContext,
  service: QualityService,
  s: Session,
  f: Filter,
): Promise<CallAnswer<Calls['callProhibitionCount']>> {
  const { w, rec, onCall } = await where(ctx, s, f);
  const n = count();
  const storedName = sql<string>`max(${h.ruleName})`;
  const [[totals], byRule, byWord, names] = await Promise.all([
    ctx.db
      .select({ total: count(), calls: countDistinct(h.recordingId) })
      .from(h)
      .innerJoin(rec, onCall)
      .where(w),
    ctx.db
      .select({ kind: h.kind, ruleId: h.ruleId, ruleName: storedName, count: n })
      .from(h)
      .innerJoin(rec, onCall)
      .where(w)
      .groupBy(h.kind, h.ruleId)
      .orderBy(desc(n), h.kind, h.ruleId),
    ctx.db
      .select({ kind: h.kind, ruleId: h.ruleId, ruleName: storedName, word: h.word, count: n })
      .from(h)
      .innerJoin(rec, onCall)
      .where(w)
      .groupBy(h.kind, h.ruleId, h.word)
      .orderBy(desc(n), h.kind, h.ruleId, h.word)
      .limit(WORD_LIMIT),
    service.ruleNames(s.orgId),
  ]);
  const nameOf = namer(names);
  return {
    total: totals?.total ?? 0,
    calls: totals?.calls ?? 0,
    byRule: byRule.map((r) => ({
      kind: r.kind,
      kindName: HitKindName[r.kind],
      ruleId: r.ruleId,
      ruleName: nameOf(r.kind, r.ruleId, r.ruleName),
      count: r.count,
    })),
    byWord: byWord.map((r) => ({
      kind: r.kind,
      ruleId: r.ruleId,
      ruleName: nameOf(r.kind, r.ruleId, r.ruleName),
      word: r.word,
      count: r.count,
    })),
  };
}
