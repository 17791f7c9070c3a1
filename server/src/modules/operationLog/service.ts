import { formatDateTime } from '@crm/core';
import { and, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { offsetOf, type PageRequest, page } from '../../platform/paging';
import { operationLog } from '../../platform/schema';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import type { XlsxExport } from '../../platform/xlsxExport';
import { userNames } from '../org/service';

/** Reads the platform's operation log (platform/audit.ts writes it for every route declared with `audit`). */

export interface LogFilter {
  userId?: number;
  /** Matched against the action label and the path. */
  keyword?: string;
  startTime?: Date;
  endTime?: Date;
}

/** The most rows one export writes. */
export const EXPORT_LIMIT = 100_000;
const BATCH = 1000;

type Row = typeof operationLog.$inferSelect;

function where(s: Session, f: LogFilter): SQL {
  return and(
    eq(operationLog.organizationId, s.orgId),
    f.userId ? eq(operationLog.userId, f.userId) : undefined,
    f.keyword
      ? or(ilike(operationLog.action, likePattern(f.keyword)), ilike(operationLog.path, likePattern(f.keyword)))
      : undefined,
    f.startTime ? gte(operationLog.createdAt, f.startTime) : undefined,
    f.endTime ? lte(operationLog.createdAt, f.endTime) : undefined,
  )!;
}

export async function listLogs(db: Db, s: Session, f: LogFilter & PageRequest) {
  const w = where(s, f);
  const rows = await db
    .select()
    .from(operationLog)
    .where(w)
    .orderBy(desc(operationLog.createdAt), desc(operationLog.id))
    .limit(f.pageSize)
    .offset(offsetOf(f));
  const [{ total }] = await db.select({ total: count() }).from(operationLog).where(w);
  return page(await views(db, s.orgId, rows), total, f);
}

async function views(db: Db, orgId: number, rows: Row[]) {
  const names = await userNames(
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

/** Writes the filtered log as a sheet of the export `x` (platform/xlsxExport), batch by batch. */
export async function exportLogs(db: Db, s: Session, f: LogFilter, x: XlsxExport): Promise<void> {
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
}
