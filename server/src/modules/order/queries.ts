import { CustomerStage, fenToYuan, formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { discountText, type OrderStatus, OrderStatusName } from '@crm/core/contract/order';
import { imageIdOf } from '@crm/core/contract/upload';
import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import { listExport } from '../billing';
import type { Clues } from '../clue';
import { deptNamesByIds, orgUsersByIds } from '../org';
import { findOrder } from './orders';
import { crmOrder, crmOrderEvent, crmOrderLine, crmOrderPayment } from './schema';

type Calls = typeof contract.order;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type Row = typeof crmOrder.$inferSelect;

/** Above this many matches the list's total is the planner's estimate: counting a million orders is what is slow. */
const COUNT_CAP = 10_000;

function conditions(s: Session, f: Body<'pagelist'>): SQL {
  const shanghaiDay = (d: Date) => formatDateTime(d)!.slice(0, 10);
  return and(
    scoped(s, crmOrder, { owner: crmOrder.ownerId }),
    f.keyword
      ? or(ilike(crmOrder.orderNo, likePattern(f.keyword)), ilike(crmOrder.customerName, likePattern(f.keyword)))
      : undefined,
    f.ownerId ? eq(crmOrder.ownerId, f.ownerId) : undefined,
    f.deptId ? eq(crmOrder.deptId, f.deptId) : undefined,
    f.status ? eq(crmOrder.status, f.status) : undefined,
    f.clueId ? eq(crmOrder.clueId, f.clueId) : undefined,
    f.startTime ? gte(crmOrder.signedOn, shanghaiDay(f.startTime)) : undefined,
    f.endTime ? lte(crmOrder.signedOn, shanghaiDay(f.endTime)) : undefined,
    f.minAmountFen !== undefined ? gte(crmOrder.totalFen, f.minAmountFen) : undefined,
    f.maxAmountFen !== undefined ? lte(crmOrder.totalFen, f.maxAmountFen) : undefined,
    // through the lines' (organization, product, order) index: a hash semi-join, not a probe per order
    f.productId
      ? sql`${crmOrder.id} in (select ${crmOrderLine.orderId} from ${crmOrderLine} where ${crmOrderLine.organizationId} = ${s.orgId} and ${crmOrderLine.productId} = ${f.productId})`
      : undefined,
  )!;
}

/**
 * Exact up to COUNT_CAP, else the planner's estimate: the plan (no execution) first, and a capped count only when it
 * says the matches are few — counting 10,000 rows of a selective filter over a million orders is what was slow.
 */
async function countOrders(db: DbOrTx, where: SQL): Promise<{ total: number; exact: boolean }> {
  const plan = await db.execute<{ 'QUERY PLAN': unknown }>(
    sql`explain (format json) select 1 from ${crmOrder} where ${where}`,
  );
  const raw = plan.rows[0]['QUERY PLAN'];
  const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  const planned = Math.round(json[0].Plan['Plan Rows']);
  if (planned <= COUNT_CAP) {
    const res = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${crmOrder} where ${where} limit ${COUNT_CAP + 1}) t`,
    );
    const n = Number(res.rows[0].n);
    if (n <= COUNT_CAP) return { total: n, exact: true };
  }
  return { total: Math.max(planned, COUNT_CAP + 1), exact: false };
}

async function views(db: DbOrTx, orgId: number, rows: Row[]) {
  const names = await orgUsersByIds(
    db,
    orgId,
    rows.map((r) => r.ownerId),
  );
  const deptIds = [...new Set(rows.flatMap((r) => (r.deptId ? [r.deptId] : [])))];
  const deptName = await deptNamesByIds(db, orgId, deptIds);
  return rows.map((r) => ({
    id: r.id,
    orderNo: r.orderNo,
    clueId: r.clueId,
    customerName: r.customerName,
    ownerId: r.ownerId,
    ownerName: names.get(r.ownerId)?.realName ?? null,
    deptName: r.deptId ? (deptName.get(r.deptId) ?? null) : null,
    status: r.status,
    statusName: OrderStatusName[r.status as OrderStatus],
    totalFen: r.totalFen,
    paidFen: r.paidFen,
    unpaidFen: r.totalFen - r.paidFen,
    productNames: r.productNames,
    signedOn: r.signedOn,
    createdAt: formatDateTime(r.createdAt),
  }));
}

export async function listOrders(db: Db, s: Session, f: Body<'pagelist'>): Promise<Answer<'pagelist'>> {
  const where = conditions(s, f);
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(crmOrder)
      .where(where)
      .orderBy(desc(crmOrder.createdAt), desc(crmOrder.id))
      .limit(f.pageSize)
      .offset((f.pageNum - 1) * f.pageSize),
    countOrders(db, where),
  ]);
  return {
    lists: await views(db, s.orgId, rows),
    total: count.total,
    totalExact: count.exact,
    pageNum: f.pageNum,
    pageSize: f.pageSize,
  };
}

export const exportOrders = (db: Db, s: Session, f: Body<'export'>) =>
  listExport(
    '订单',
    [
      { header: '订单编号', width: 18 },
      { header: '客户', width: 20 },
      { header: '产品', width: 30 },
      '订单金额（元）',
      '已回款（元）',
      '未回款（元）',
      '状态',
      '负责人',
      '部门',
      '签约日期',
      { header: '创建时间', width: 20 },
    ],
    (p) => listOrders(db, s, p),
    f,
    (r) => [
      r.orderNo,
      r.customerName,
      r.productNames,
      fenToYuan(r.totalFen),
      fenToYuan(r.paidFen),
      fenToYuan(r.unpaidFen),
      r.statusName,
      r.ownerName,
      r.deptName,
      r.signedOn,
      r.createdAt,
    ],
  );

export async function orderDetail(db: Db, clues: Clues, s: Session, id: number): Promise<Answer<'detail'>> {
  const o = await findOrder(db, s, id);
  const [[view], lines, payments, events, lead] = await Promise.all([
    views(db, s.orgId, [o]),
    db.select().from(crmOrderLine).where(eq(crmOrderLine.orderId, o.id)).orderBy(asc(crmOrderLine.sortNo)),
    db.select().from(crmOrderPayment).where(eq(crmOrderPayment.orderId, o.id)).orderBy(asc(crmOrderPayment.id)),
    db
      .select()
      .from(crmOrderEvent)
      .where(eq(crmOrderEvent.orderId, o.id))
      .orderBy(desc(crmOrderEvent.createdAt), desc(crmOrderEvent.id)),
    o.clueId ? clues.findById(s.orgId, o.clueId) : null,
  ]);
  const names = await orgUsersByIds(db, s.orgId, [
    ...payments.flatMap((p) => (p.createdBy ? [p.createdBy] : [])),
    ...events.flatMap((e) => (e.userId ? [e.userId] : [])),
  ]);
  const nameOf = (id: number | null) => (id ? (names.get(id)?.realName ?? null) : null);
  return {
    ...view,
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      productName: l.productName,
      productCode: l.productCode,
      unit: l.unit,
      quantity: l.quantity,
      unitPriceFen: l.unitPriceFen,
      discountBp: l.discountBp,
      discountText: discountText(l.discountBp),
      lineTotalFen: l.lineTotalFen,
    })),
    payments: payments.map((p) => ({
      id: p.id,
      amountFen: p.amountFen,
      paidOn: p.paidOn,
      method: p.method,
      remark: p.remark,
      createdByName: nameOf(p.createdBy),
      createdAt: formatDateTime(p.createdAt),
    })),
    history: events.map((e) => ({
      id: e.id,
      action: e.action,
      content: e.content,
      userName: nameOf(e.userId),
      createdAt: formatDateTime(e.createdAt),
    })),
    // only the organisation's uploads: an address saved before attachments were checked is not shown as a link
    attachments: o.attachments.filter((a) => imageIdOf(a.url) !== null),
    custom: o.custom,
    remark: o.remark,
    customerStage: lead?.stage ?? null,
    customerStageName: lead ? (CustomerStage[lead.stage as keyof typeof CustomerStage] ?? null) : null,
  };
}
