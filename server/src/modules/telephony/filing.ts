import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { FilingStatusName } from '@crm/core/contract/telephony';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { findScoped, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { orgUsersByIds } from '../org';
import { callFiling } from './schema';

type Calls = typeof contract.telephony;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type Row = typeof callFiling.$inferSelect;

/**
 * Telecom filing (电信报备, /putOnFile): the organisation's calling numbers and scripts, submitted with their
 * material. Carriers offer no API for it: the administrator records the carrier's answer (passed or rejected with
 * the reason) when it comes.
 */

async function views(ctx: AppContext, orgId: number, rows: Row[]): Promise<Answer<'filingDetail'>[]> {
  const users = await orgUsersByIds(
    ctx.db,
    orgId,
    rows.map((r) => r.submittedBy),
  );
  return rows.map((r) => ({
    id: r.id,
    companyName: r.companyName,
    numbers: r.numbers,
    script: r.script,
    materials: r.materials,
    status: r.status,
    statusName: FilingStatusName[r.status as keyof typeof FilingStatusName] ?? '',
    auditRemark: r.auditRemark,
    submittedByName: users.get(r.submittedBy)?.realName ?? null,
    createdAt: formatDateTime(r.createdAt),
    updatedAt: formatDateTime(r.updatedAt),
  }));
}

export async function listFilings(ctx: AppContext, s: Session, f: Body<'filingList'>) {
  const where = and(scoped(s, callFiling), f.status ? eq(callFiling.status, f.status) : undefined)!;
  const { rows, total } = await pageRows(
    ctx.db,
    callFiling,
    where,
    [desc(callFiling.createdAt), desc(callFiling.id)],
    f,
  );
  return page(await views(ctx, s.orgId, rows), total, f);
}

export async function filingDetail(ctx: AppContext, s: Session, id: number) {
  const [v] = await views(ctx, s.orgId, [await findScoped(ctx.db, s, callFiling, id, { missing: '报备记录不存在' })]);
  return v;
}

export async function submitFiling(ctx: AppContext, s: Session, b: Body<'filingSubmit'>) {
  const [row] = await ctx.db
    .insert(callFiling)
    .values({
      organizationId: s.orgId,
      companyName: b.companyName,
      numbers: [...new Set(b.numbers)],
      script: b.script,
      materials: b.materials,
      submittedBy: s.userId,
    })
    .returning();
  return filingDetail(ctx, s, row.id);
}

export async function auditFiling(ctx: AppContext, s: Session, b: Body<'filingAudit'>) {
  const row = await findScoped(ctx.db, s, callFiling, b.id, { missing: '报备记录不存在' });
  if (row.status !== 1) throw badRequest('该报备已有审核结果');
  if (b.status === 3 && !b.auditRemark) throw badRequest('auditRemark：请填写驳回原因');
  await ctx.db
    .update(callFiling)
    .set({ status: b.status, auditRemark: b.auditRemark ?? null, updatedAt: new Date() })
    .where(eq(callFiling.id, row.id));
  return filingDetail(ctx, s, row.id);
}
