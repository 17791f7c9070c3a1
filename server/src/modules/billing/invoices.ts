import { fenToYuan, formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { InvoiceStatusName, InvoiceTitleTypeName, InvoiceTypeName } from '@crm/core/contract/billing';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { recentPage } from '../../platform/pagingRecent';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { lockOrganization, orgUsersByIds } from '../org';
import { listExport } from './listExport';
import { invoice, rechargeOrder } from './schema';

type Calls = typeof contract.billing;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

const options = (names: Record<number, string>) =>
  Object.entries(names).map(([v, label]) => ({ value: Number(v), label }));

/** Paid recharges less the invoices applied for and not rejected: what may still be invoiced. */
async function invoiceable(db: DbOrTx, orgId: number): Promise<number> {
  const [paid] = await db
    .select({ sum: sql<string>`coalesce(sum(${rechargeOrder.amountFen}), 0)` })
    .from(rechargeOrder)
    .where(and(eq(rechargeOrder.organizationId, orgId), eq(rechargeOrder.status, 2)));
  const [applied] = await db
    .select({ sum: sql<string>`coalesce(sum(${invoice.amountFen}), 0)` })
    .from(invoice)
    .where(and(eq(invoice.organizationId, orgId), ne(invoice.status, 3)));
  return Number(paid.sum) - Number(applied.sum);
}

export async function invoiceDict(db: Db, s: Session): Promise<Answer<'invoiceDict'>> {
  const used = await db
    .selectDistinctOn([invoice.titleType, invoice.title], {
      titleType: invoice.titleType,
      title: invoice.title,
      taxNo: invoice.taxNo,
    })
    .from(invoice)
    .where(scoped(s, invoice))
    .orderBy(invoice.titleType, invoice.title, desc(invoice.createdAt))
    .limit(20);
  return {
    types: options(InvoiceTypeName),
    titleTypes: options(InvoiceTitleTypeName),
    titles: used,
    invoiceableFen: await invoiceable(db, s.orgId),
  };
}

/** Applies for an invoice of paid recharges; the organisation row is locked so that two applications cannot both take the same amount. */
export async function applyInvoice(db: Db, s: Session, input: Body<'applyInvoice'>): Promise<Answer<'applyInvoice'>> {
  return db.transaction(async (tx) => {
    await lockOrganization(tx, s.orgId);
    const left = await invoiceable(tx, s.orgId);
    if (input.amountFen > left) throw badRequest(`amountFen：开票金额不能超过可开票金额 ${fenToYuan(left)} 元`);
    const [row] = await tx
      .insert(invoice)
      .values({
        organizationId: s.orgId,
        type: input.type,
        titleType: input.titleType,
        title: input.title,
        taxNo: input.taxNo ?? '',
        amountFen: input.amountFen,
        email: input.email,
        remark: input.remark ?? '',
        createdBy: s.userId,
      })
      .returning({ id: invoice.id });
    return { id: row.id };
  });
}

export function listInvoices(db: Db, s: Session, f: Body<'invoicePageList'>): Promise<Answer<'invoicePageList'>> {
  return recentPage(
    db,
    s,
    f,
    {
      table: invoice,
      where: [f.status ? eq(invoice.status, f.status) : undefined],
      user: { of: (r) => r.createdBy, names: orgUsersByIds },
    },
    (r, createdByName) => ({
      id: r.id,
      type: r.type,
      typeName: InvoiceTypeName[r.type as 1 | 2],
      titleType: r.titleType,
      title: r.title,
      taxNo: r.taxNo,
      amountFen: r.amountFen,
      email: r.email,
      remark: r.remark,
      status: r.status,
      statusName: InvoiceStatusName[r.status as 1 | 2 | 3],
      createdByName,
      createdAt: formatDateTime(r.createdAt),
      handledAt: formatDateTime(r.handledAt),
    }),
  );
}

export const exportInvoices = (db: Db, s: Session, f: Body<'invoiceExport'>) =>
  listExport(
    '发票',
    [
      { header: '申请时间', width: 20 },
      '发票类型',
      '抬头类型',
      { header: '抬头', width: 30 },
      { header: '税号', width: 22 },
      '金额（元）',
      '邮箱',
      '状态',
    ],
    (p) => listInvoices(db, s, p),
    f,
    (r) => [
      r.createdAt,
      r.typeName,
      InvoiceTitleTypeName[r.titleType as 1 | 2],
      r.title,
      r.taxNo,
      fenToYuan(r.amountFen),
      r.email,
      r.statusName,
    ],
  );
