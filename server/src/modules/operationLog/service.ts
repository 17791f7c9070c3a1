import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { operationLog } from '../../platform/schema';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import type { XlsxExport } from '../../platform/xlsxExport';
import { orgUsersByIds } from '../org';
import { callSummary } from './summaries';

/** Reads the platform's operation log (platform/audit.ts writes it for every route declared with `audit`). */

type Body<K extends keyof typeof contract.operationLog> = CallBody<(typeof contract.operationLog)[K]>;
type Answer<K extends keyof typeof contract.operationLog> = CallAnswer<(typeof contract.operationLog)[K]>;
type LogFilter = Body<'export'>;
type Row = typeof operationLog.$inferSelect;
type LogView = Answer<'list'>['lists'][number];

/** The most rows one export writes. */
export const EXPORT_LIMIT = 100_000;
const BATCH = 1000;

function checkRange(f: LogFilter): void {
  if (f.startTime && f.endTime && f.startTime > f.endTime) throw badRequest('endTime：结束时间不能早于开始时间');
}

/** The organisation's log (organisation-wide: no data scope), filtered. */
function where(s: Session, f: LogFilter): SQL {
  return and(
    scoped(s, operationLog),
    f.userId ? eq(operationLog.userId, f.userId) : undefined,
    f.keyword
      ? or(ilike(operationLog.action, likePattern(f.keyword)), ilike(operationLog.path, likePattern(f.keyword)))
      : undefined,
    f.startTime ? gte(operationLog.createdAt, f.startTime) : undefined,
    f.endTime ? lte(operationLog.createdAt, f.endTime) : undefined,
  )!;
}

export async function listLogs(db: Db, s: Session, f: Body<'list'>): Promise<Answer<'list'>> {
  checkRange(f);
  const order = [desc(operationLog.createdAt), desc(operationLog.id)];
  const { rows, total } = await pageRows(db, operationLog, where(s, f), order, f);
  return page(await views(db, s.orgId, rows), total, f);
}

async function views(db: Db, orgId: number, rows: Row[]): Promise<LogView[]> {
  const names = await orgUsersByIds(
    db,
    orgId,
    rows.flatMap((r) => (r.userId ? [r.userId] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    username: r.username,
    realName: r.userId ? (names.get(r.userId)?.realName ?? null) : null,
    action: r.action,
    path: r.path,
    pathName: callSummary(r.path) ?? r.action,
    ip: r.ip,
    detail: r.detail,
    result: r.result,
    createdAt: formatDateTime(r.createdAt),
  }));
}

/** The filtered rows, newest first, in batches by keyset (created_at, id): memory stays flat however many rows. */
async function* batches(db: Db, s: Session, f: LogFilter): AsyncGenerator<Row[]> {
  let after: { createdAt: Date; id: number } | null = null;
  let written = 0;
  while (written < EXPORT_LIMIT) {
    const rows: Row[] = await db
      .select()
      .from(operationLog)
      .where(
        and(
          where(s, f),
          after
            ? sql`(${operationLog.createdAt}, ${operationLog.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(operationLog.createdAt), desc(operationLog.id))
      .limit(Math.min(BATCH, EXPORT_LIMIT - written));
    if (!rows.length) return;
    yield rows;
    written += rows.length;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * The export of the filtered log (checked here, before anything is sent): what writes it as a sheet of an export
 * (platform/xlsxExport), batch by batch.
 */
export function exportLogs(db: Db, s: Session, f: LogFilter): (x: XlsxExport) => Promise<void> {
  checkRange(f);
  return async (x) => {
    const sheet = x.sheet('操作日志', [
      { header: '操作时间', width: 20 },
      { header: '登录账号', width: 18 },
      { header: '姓名', width: 12 },
      { header: '操作', width: 18 },
      { header: '接口', width: 40 },
      { header: 'IP', width: 16 },
      { header: '结果', width: 10 },
      { header: '详情', width: 60 },
    ]);
    for await (const rows of batches(db, s, f)) {
      for (const v of await views(db, s.orgId, rows))
        sheet.add([
          v.createdAt,
          v.username,
          v.realName,
          v.action,
          v.path,
          v.ip,
          v.result,
          v.detail ? JSON.stringify(v.detail).slice(0, 32_000) : '',
        ]);
    }
  };
}
