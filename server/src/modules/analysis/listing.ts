import { AnalysisStatusLabel, CallType, durationRange, formatDateTime, RecordingSource } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import type { CallAnalysisRow } from '@crm/core/contract/analysis';
import { and, count, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { offsetOf, page } from '../../platform/paging';
import { anyOf } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import type { XlsxExport } from '../../platform/xlsxExport';
import { deptSubtree, orgUsersByIds, usersInDepts } from '../org';
import { hms, visibleRecordings, withLeads } from '../recording';
import { aiLabelNamed, callTagNamed, flagNames, intentionName } from './effective';
import { aiSettingOf } from './ports';
import { aiCallComment, callAnalysis } from './schema';

/** The call-analysis list (/asr/V1/callAnalysisPageList) and its export: recordings with their effective analysis. */

type Calls = typeof contract.analysis;
type Filter = Omit<CallBody<Calls['list']>, 'pageNum' | 'pageSize'> & { ids?: number[] };

const ca = callAnalysis;
type Recordings = ReturnType<typeof visibleRecordings>;
const joinAnalysis = (recording: Recordings) =>
  and(eq(ca.organizationId, recording.organizationId), eq(ca.recordingId, recording.id));

/** The calls the session may see (the recordings' read model) and the list's filter on them and their analysis. */
async function where(ctx: AppContext, s: Session, f: Filter): Promise<{ recording: Recordings; w: SQL }> {
  const recording = visibleRecordings(s);
  const c: (SQL | undefined)[] = [];
  if (f.ids?.length) c.push(inArray(recording.id, f.ids));
  if (f.intention?.length) c.push(inArray(ca.intention, f.intention));
  if (f.aiLabels?.length) c.push(sql`${ca.aiLabels} && ${sql.param(f.aiLabels)}::smallint[]`);
  if (f.callTags?.length) c.push(sql`${ca.callTags} && ${sql.param(f.callTags)}::smallint[]`);
  if (f.customTagIds?.length) c.push(sql`${ca.customTagIds} && ${sql.param(f.customTagIds)}::int[]`);
  if (f.hasViolation === 1) c.push(sql`${ca.violationCount} > 0`);
  if (f.hasViolation === 2) c.push(and(eq(ca.status, 3), eq(ca.violationCount, 0)));
  if (f.violationRule) c.push(sql`${ca.violationRules} @> ${sql.param([f.violationRule])}::text[]`);
  if (f.flags?.length) c.push(sql`(${ca.flags} & ${f.flags.reduce((a, b) => a | b, 0)}) <> 0`);
  if (f.keyword)
    c.push(
      or(
        sql`${ca.keywords} @> ${sql.param([f.keyword])}::text[]`,
        sql`${ca.searchText} ilike ${likePattern(f.keyword)}`,
      ),
    );
  if (f.churnRiskMin !== undefined) c.push(gte(ca.churnRisk, f.churnRiskMin));
  if (f.risk) c.push(eq(ca.risk, f.risk));
  if (f.ownerUserIds?.length) c.push(inArray(recording.ownerUserId, f.ownerUserIds));
  if (f.deptId) {
    const users = await usersInDepts(ctx.db, s.orgId, await deptSubtree(ctx.db, s.orgId, f.deptId));
    c.push(anyOf(recording.ownerUserId, users));
  }
  if (f.clueId) c.push(eq(recording.clueId, f.clueId));
  if (f.startTime) c.push(gte(recording.callTime, f.startTime));
  if (f.endTime) c.push(lte(recording.callTime, f.endTime));
  if (f.durationMin != null && f.durationMax != null && f.durationMin > f.durationMax)
    throw badRequest('最短时长不能大于最长时长');
  const { min, max } = f.durationLevel
    ? durationRange({ option: 1, level: f.durationLevel })
    : durationRange({ option: 2, min: f.durationMin, max: f.durationMax });
  // levels are whole seconds, both ends inclusive as the spec lists them (0-10, 11-30, …)
  if (min != null && min > 0) c.push(gte(recording.durationMs, min * 1000));
  if (max != null) c.push(lt(recording.durationMs, (max + 1) * 1000));
  if (f.source?.length) c.push(inArray(recording.source, f.source));
  if (f.callType?.length) c.push(inArray(recording.callType, f.callType));
  if (f.analysisStatus?.length) c.push(inArray(recording.analysisStatus, f.analysisStatus));
  return { recording, w: and(...c) ?? sql`true` };
}

const columns = (recording: Recordings) => ({
  rec: recording._.selectedFields,
  analysis: {
    paused: ca.paused,
    intention: ca.intention,
    intentionDegree: ca.intentionDegree,
    aiLabels: ca.aiLabels,
    callTags: ca.callTags,
    customTagIds: ca.customTagIds,
    machineCustomTags: sql<{ id: number; name: string }[] | null>`${ca.machine} -> 'customTags'`,
    churnRisk: ca.churnRisk,
    risk: ca.risk,
    flags: ca.flags,
    keywords: ca.keywords,
    summary: ca.summary,
    violationCount: ca.violationCount,
    corrected: sql<boolean>`${ca.correction} is not null`,
    analysedAt: ca.analysedAt,
  },
});

/** Recordings with their analysis (none yet: null), as the list and the export read them. */
function selectRows(ctx: AppContext, { recording, w }: Awaited<ReturnType<typeof where>>) {
  return ctx.db
    .select(columns(recording))
    .from(recording)
    .leftJoin(ca, joinAnalysis(recording))
    .where(w)
    .orderBy(sql`${recording.callTime} desc nulls last`, desc(recording.id));
}
type Found = Awaited<ReturnType<typeof selectRows>>[number];

/** Page rows with every code named, owner, department and lead names, comment counts. */
async function present(ctx: AppContext, orgId: number, found: Found[]): Promise<CallAnalysisRow[]> {
  const ownerIds = [...new Set(found.flatMap((f) => (f.rec.ownerUserId ? [f.rec.ownerUserId] : [])))];
  const clueIds = [...new Set(found.flatMap((f) => (f.rec.clueId ? [f.rec.clueId] : [])))];
  const [owners, clues] = await Promise.all([
    orgUsersByIds(ctx.db, orgId, ownerIds),
    ctx.services.clue.namesByIds(orgId, clueIds),
  ]);
  const ids = found.map((f) => f.rec.id);
  const comments = ids.length
    ? await ctx.db
        .select({ recordingId: aiCallComment.recordingId, n: count() })
        .from(aiCallComment)
        .where(and(eq(aiCallComment.organizationId, orgId), inArray(aiCallComment.recordingId, ids)))
        .groupBy(aiCallComment.recordingId)
    : [];
  const commentCount = new Map(comments.map((c) => [c.recordingId, c.n]));
  // tags a person added that the machine did not find are named from the organisation's settings
  const needsNames = found.some(({ analysis: a }) => {
    const known = new Set((a?.machineCustomTags ?? []).map((t) => t.id));
    return (a?.customTagIds ?? []).some((id) => !known.has(id));
  });
  const orgTagNames = new Map(
    needsNames ? ((await aiSettingOf(ctx)?.rulesFor(orgId))?.customTags ?? []).map((t) => [t.id, t.name]) : [],
  );
  return found.map(({ rec: r, analysis: a }) => {
    const owner = r.ownerUserId ? owners.get(r.ownerUserId) : undefined;
    const tagNames = new Map((a?.machineCustomTags ?? []).map((t) => [t.id, t.name]));
    return {
      recordingId: r.id,
      fileName: r.fileName,
      callTime: formatDateTime(r.callTime),
      durationMs: r.durationMs,
      durationText: hms(Math.round(r.durationMs / 1000)),
      source: r.source,
      sourceName: (RecordingSource as Record<number, string>)[r.source] ?? '--',
      callType: r.callType,
      callTypeName: (CallType as Record<number, string>)[r.callType] ?? '--',
      phone: r.phone,
      clueId: r.clueId,
      clueName: r.clueId ? (clues.get(r.clueId) ?? null) : null,
      ownerUserId: r.ownerUserId,
      ownerName: owner?.realName ?? null,
      deptId: owner?.deptId ?? null,
      deptName: owner?.deptName ?? null,
      analysisStatus: r.analysisStatus,
      analysisStatusName: (AnalysisStatusLabel as Record<number, string>)[r.analysisStatus] ?? '--',
      paused: a?.paused ?? false,
      intention: a?.intention ?? null,
      intentionName: intentionName(a?.intention ?? null),
      intentionDegree: a?.analysedAt ? (a.intentionDegree ?? null) : null,
      aiLabels: (a?.aiLabels ?? []).map(aiLabelNamed),
      callTags: (a?.callTags ?? []).map(callTagNamed),
      customTags: (a?.customTagIds ?? []).map((id) => ({
        id,
        name: tagNames.get(id) ?? orgTagNames.get(id) ?? `标签${id}`,
      })),
      churnRisk: a?.churnRisk ?? null,
      risk: a?.risk ?? null,
      riskName: a?.risk === 1 ? '是' : a?.risk === 2 ? '否' : null,
      flags: a?.flags ?? 0,
      flagNames: flagNames(a?.flags ?? 0),
      keywords: a?.keywords ?? [],
      summary: a?.summary ?? null,
      violationCount: a?.violationCount ?? 0,
      commentCount: commentCount.get(r.id) ?? 0,
      corrected: a?.corrected ?? false,
      analysedAt: formatDateTime(a?.analysedAt),
    };
  });
}

export async function listCallAnalyses(
  ctx: AppContext,
  s: Session,
  q: CallBody<Calls['list']>,
): Promise<CallAnswer<Calls['list']>> {
  const filtered = await where(ctx, s, q);
  const { recording, w } = filtered;
  const [found, [{ total }]] = await Promise.all([
    selectRows(ctx, filtered).limit(q.pageSize).offset(offsetOf(q)),
    ctx.db.select({ total: count() }).from(recording).leftJoin(ca, joinAnalysis(recording)).where(w),
  ]);
  // the bound lead's number where the recording has none (issue 26), masked for the role
  return page(await withLeads(ctx, s.orgId, s, await present(ctx, s.orgId, found)), total, q);
}

/** The most rows one export writes. */
const EXPORT_LIMIT = 10_000;

const EXPORT_COLUMNS: [string, number, (r: CallAnalysisRow) => unknown][] = [
  ['录音ID', 10, (r) => r.recordingId],
  ['通话时间', 20, (r) => r.callTime],
  ['时长', 10, (r) => r.durationText],
  ['归属员工', 12, (r) => r.ownerName],
  ['部门', 14, (r) => r.deptName],
  ['客户', 14, (r) => r.clueName],
  ['号码', 14, (r) => r.phone],
  ['录音来源', 12, (r) => r.sourceName],
  ['通话类型', 10, (r) => r.callTypeName],
  ['分析状态', 10, (r) => (r.paused ? '暂停（余额不足）' : r.analysisStatusName)],
  ['意向标签', 12, (r) => r.intentionName],
  ['意向度', 8, (r) => r.intentionDegree],
  ['AI 标签', 20, (r) => r.aiLabels.map((l) => l.name)],
  ['通话标签', 20, (r) => r.callTags.map((t) => t.name)],
  ['自定义标签', 20, (r) => r.customTags.map((t) => t.name)],
  ['流失风险', 10, (r) => r.churnRisk],
  ['风险', 6, (r) => r.riskName],
  ['违规数', 8, (r) => r.violationCount],
  ['表现标记', 16, (r) => r.flagNames],
  ['关键词', 30, (r) => r.keywords.slice(0, 10)],
  ['摘要', 50, (r) => r.summary],
  ['评论数', 8, (r) => r.commentCount],
  ['人工修正', 8, (r) => (r.corrected ? '是' : '否')],
];

/** The export of the filtered list (or the selected ids), read before anything is sent. */
export async function callAnalysisSheet(
  ctx: AppContext,
  s: Session,
  q: CallBody<Calls['export']>,
): Promise<{ count: number; write: (x: XlsxExport) => Promise<void> }> {
  const found = await selectRows(ctx, await where(ctx, s, q)).limit(EXPORT_LIMIT);
  const rows = await withLeads(ctx, s.orgId, s, await present(ctx, s.orgId, found));
  return {
    count: rows.length,
    write: async (x) => {
      const sheet = x.sheet(
        '通话分析',
        EXPORT_COLUMNS.map(([header, width]) => ({ header, width })),
      );
      for (const row of rows) sheet.add(EXPORT_COLUMNS.map(([, , value]) => value(row)));
    },
  };
}
