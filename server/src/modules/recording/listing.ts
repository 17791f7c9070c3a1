import { AsrStatus, durationRange, parseDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import type { Recording, RecordingFilter } from '@crm/core/contract/recording';
import { and, desc, eq, gte, ilike, inArray, like, lt, lte, or, type SQL } from 'drizzle-orm';
import type { AppContext, Services } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import type { XlsxExport } from '../../platform/xlsxExport';
import { maskPhone } from '../clueField';
import { presentRecordings, recordingScope } from './rows';
import { recording } from './schema';

/** Finding recordings: the list and its filters, the export, lookups by call record and by lead. */

type Body<K extends keyof typeof contract.recording> = CallBody<(typeof contract.recording)[K]>;
type Answer<K extends keyof typeof contract.recording> = CallAnswer<(typeof contract.recording)[K]>;

/** A list or export filter, its date range read into start and end times. */
type Filter = Omit<RecordingFilter, 'dateRange' | 'pageNum' | 'pageSize'> & { ids?: number[] };

/** 'YYYY-MM-DD 至 YYYY-MM-DD' (the date picker's text) or a date alone: whole days. */
function readFilter(q: Omit<RecordingFilter, 'pageNum' | 'pageSize'> & { ids?: number[] }): Filter {
  const { dateRange, ...f } = q;
  if (dateRange?.includes('至')) {
    const [a, b] = dateRange.split('至').map((x) => x.trim());
    if (a) f.startTime = a.length === 10 ? `${a} 00:00:00` : a;
    if (b) f.endTime = b.length === 10 ? `${b} 23:59:59` : b;
  } else {
    if (f.startTime?.length === 10) f.startTime += ' 00:00:00';
    if (f.endTime?.length === 10) f.endTime += ' 23:59:59';
  }
  if (f.durationMin != null && f.durationMax != null && f.durationMin > f.durationMax)
    throw badRequest('durationMin：最小时长不能大于最大时长');
  return f;
}

function where(s: Session, f: Filter): SQL {
  const conds: (SQL | undefined)[] = [recordingScope(s)];
  if (f.ids?.length) conds.push(inArray(recording.id, f.ids));
  if (f.source?.length) conds.push(inArray(recording.source, f.source));
  if (f.callType?.length) conds.push(inArray(recording.callType, f.callType));
  if (f.ownerUserIds?.length) conds.push(inArray(recording.ownerUserId, f.ownerUserIds));
  if (f.clueId) conds.push(eq(recording.clueId, f.clueId));
  if (f.phone) conds.push(like(recording.phone, likePattern(f.phone)));
  if (f.fileName) conds.push(ilike(recording.fileName, likePattern(f.fileName)));
  const start = f.startTime ? parseDateTime(f.startTime) : null;
  const end = f.endTime ? parseDateTime(f.endTime) : null;
  if (start) conds.push(gte(recording.callTime, start));
  if (end) conds.push(lte(recording.callTime, end));
  const { min, max } = f.durationLevel
    ? durationRange({ option: 1, level: f.durationLevel })
    : durationRange({ option: 2, min: f.durationMin, max: f.durationMax });
  // Levels are whole seconds, both ends inclusive as the spec lists them (0-10, 11-30, …).
  if (min != null && min > 0) conds.push(gte(recording.durationMs, min * 1000));
  if (max != null) conds.push(lt(recording.durationMs, (max + 1) * 1000));
  if (f.asrStatus?.length) conds.push(inArray(recording.asrStatus, f.asrStatus));
  if (f.analysisStatus?.length) conds.push(inArray(recording.analysisStatus, f.analysisStatus));
  return and(...conds)!;
}

export async function listRecordings(ctx: AppContext, s: Session, q: Body<'list'>): Promise<Answer<'list'>> {
  const order = [desc(recording.createdAt), desc(recording.id)];
  const { rows, total } = await pageRows(ctx.db, recording, where(s, readFilter(q)), order, q);
  return page(await withLeads(ctx, s.orgId, s, await presentRecordings(ctx.db, s.orgId, rows)), total, q);
}

/**
 * The bound lead's name on each row, and its number where the recording has none (a call bound to a lead shows
 * who it was with, issue 26), masked as the role's lead pages mask it.
 */
export async function withLeads<T extends Pick<Recording, 'clueId' | 'clueName' | 'phone'>>(
  ctx: AppContext,
  orgId: number,
  s: Session | null,
  items: T[],
): Promise<T[]> {
  const { clue, clueField } = ctx.services as Partial<Services>;
  const ids = [...new Set(items.flatMap((r) => (r.clueId ? [r.clueId] : [])))];
  if (!clue || !clueField || !ids.length) return items;
  // no session (a share link): the number is masked
  const access = s?.isSuperAdmin ? null : s ? (await clueField.accessFor(orgId, s.roleId)).get('phone') : undefined;
  const mask = !s || access?.masked || access?.access === 0 ? maskPhone : (p: string) => p;
  const found = await Promise.all(ids.map((id) => clue.findById(orgId, id)));
  const leads = new Map(found.flatMap((l) => (l ? [[l.id, l] as const] : [])));
  return items.map((r) => {
    const lead = r.clueId ? leads.get(r.clueId) : undefined;
    if (!lead) return r;
    return { ...r, clueName: lead.name, phone: r.phone ?? (lead.phone ? mask(lead.phone) : null) };
  });
}

/** The most rows one export writes. */
const EXPORT_LIMIT = 10_000;

const EXPORT_COLUMNS: [keyof Recording | 'talkRatioText', string, number][] = [
  ['id', '录音ID', 10],
  ['fileName', '文件名', 36],
  ['sourceName', '录音来源', 12],
  ['callTypeName', '通话类型', 10],
  ['ownerName', '归属员工', 12],
  ['phone', '号码', 14],
  ['clueId', '线索ID', 10],
  ['callTime', '通话时间', 20],
  ['durationText', '时长', 10],
  ['asrStatusName', '转写状态', 14],
  ['analysisStatusName', '分析状态', 10],
  ['talkRatioText', '销售说话占比', 12],
  ['qualityScore', '质检分', 8],
  ['qualityRemark', '质检备注', 24],
  ['createdAt', '上传时间', 20],
];

/**
 * The export of the filtered list (or of the selected `ids`), read before anything is sent: how many rows, and what
 * writes them as the sheet 录音列表 of an export (platform/xlsxExport).
 */
export async function recordingSheet(
  ctx: AppContext,
  s: Session,
  q: Body<'export'>,
): Promise<{ count: number; write: (x: XlsxExport) => Promise<void> }> {
  const found = await ctx.db
    .select()
    .from(recording)
    .where(where(s, readFilter(q)))
    .orderBy(desc(recording.createdAt), desc(recording.id))
    .limit(EXPORT_LIMIT);
  const rows = await withLeads(ctx, s.orgId, s, await presentRecordings(ctx.db, s.orgId, found));
  return {
    count: rows.length,
    write: async (x) => {
      const sheet = x.sheet(
        '录音列表',
        EXPORT_COLUMNS.map(([, header, width]) => ({ header, width })),
      );
      for (const row of rows) {
        const talkRatioText = row.talkRatio == null ? '--' : `${Math.round(row.talkRatio * 100)}%`;
        sheet.add(EXPORT_COLUMNS.map(([k]) => (k === 'talkRatioText' ? talkRatioText : row[k])));
      }
    },
  };
}

export async function recordIdByInfoId(
  ctx: AppContext,
  s: Session,
  infoId: string,
): Promise<Answer<'recordIdByInfoId'>> {
  const [row] = await ctx.db
    .select({ id: recording.id })
    .from(recording)
    .where(and(recordingScope(s), eq(recording.callInfoId, infoId)))
    .orderBy(desc(recording.id))
    .limit(1);
  return { recordId: row?.id ?? null };
}

/** The lead's interaction records: its recordings, newest first (called by the clue module, for a lead it scoped). */
export async function interactionsForClue(db: DbOrTx, orgId: number, clueId: number) {
  const rows = await db
    .select()
    .from(recording)
    .where(and(eq(recording.organizationId, orgId), eq(recording.clueId, clueId)))
    .orderBy(desc(recording.callTime), desc(recording.id))
    .limit(500);
  const items = await presentRecordings(db, orgId, rows);
  return items.map((r) => ({
    type: 'call' as const,
    id: r.id,
    recordId: r.id,
    time: r.callTime,
    title: `${r.callTypeName} · ${r.sourceName}`,
    durationMs: r.durationMs,
    duration: r.duration,
    ownerUserId: r.ownerUserId,
    ownerName: r.ownerName,
    phone: r.phone,
    fileName: r.fileName,
    asrStatus: r.asrStatus,
    asrStatusName: r.asrStatusName,
    talkRatio: r.talkRatio,
  }));
}

/**
 * Recordings (of every organisation: the jobs' restart) 排队中 since before `queuedBefore`, or still 识别中/分析中
 * since before `runningBefore` (see AsrService.requeueStale).
 */
export async function staleQueued(db: DbOrTx, queuedBefore: Date, runningBefore: Date, limit = 1000) {
  return db
    .select({
      id: recording.id,
      organizationId: recording.organizationId,
      asrStatus: recording.asrStatus,
      metricsStatus: recording.metricsStatus,
    })
    .from(recording)
    .where(
      or(
        and(
          or(eq(recording.asrStatus, AsrStatus.QUEUED), eq(recording.metricsStatus, 1)),
          lt(recording.updatedAt, queuedBefore),
        ),
        and(
          or(eq(recording.asrStatus, AsrStatus.RUNNING), eq(recording.metricsStatus, 2)),
          lt(recording.updatedAt, runningBefore),
        ),
      ),
    )
    .limit(limit);
}
