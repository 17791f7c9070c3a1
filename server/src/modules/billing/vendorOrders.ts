import { randomInt } from 'node:crypto';
import { fenToYuan, formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import {
  VendorOrderStatusName,
  VendorOrderTypeName,
  type VendorProduct,
  VendorProductName,
} from '@crm/core/contract/billing';
import { and, eq, gt, ilike, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { recentPage } from '../../platform/pagingRecent';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import type { CostCenterService } from '../costCenter';
import { orgUsersByIds } from '../org';
import { listExport } from './listExport';
import { vendorOrder } from './schema';

type Calls = typeof contract.vendorOrders;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type Row = typeof vendorOrder.$inferSelect;

/** Enterprise orders (企业订单): trials (onTrial), the packs bought from the balance, their list and detail. */

const DAY_MS = 86_400_000;
/** What a trial opens: minutes of the product, valid a week. */
export const TRIAL = { units: 60, days: 7 } as const;

/** QY + the Shanghai date and time + 6 random digits, like the recharge numbers (CZ…). */
export function vendorOrderNo(now = new Date()): string {
  return `QY${formatDateTime(now)!.replace(/\D/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

type OrderInput = Omit<typeof vendorOrder.$inferInsert, 'organizationId' | 'orderNo' | 'startsAt' | 'expiresAt'>;

/**
 * Records an order (a pack bought or tried), valid `days` from now, in the caller's transaction (the one that pays
 * for it); null when the org already has this trial. The pack is linked once the cost centre has written it.
 */
export async function recordVendorOrder(
  tx: DbOrTx,
  orgId: number,
  o: OrderInput,
  days: number,
): Promise<number | null> {
  const now = new Date();
  const rows = await tx
    .insert(vendorOrder)
    .values({
      ...o,
      organizationId: orgId,
      orderNo: vendorOrderNo(now),
      startsAt: now,
      expiresAt: new Date(now.getTime() + days * DAY_MS),
    })
    .onConflictDoNothing()
    .returning({ id: vendorOrder.id });
  return rows[0]?.id ?? null;
}

export async function linkPack(db: Db, orderId: number, packId: number): Promise<void> {
  await db.update(vendorOrder).set({ packId }).where(eq(vendorOrder.id, orderId));
}

/**
 * Starts a trial of an AI product: a trial pack in the cost centre and its order, once per organisation and product
 * (the partial unique index settles two applications at once).
 */
export async function startTrial(
  db: Db,
  costs: CostCenterService,
  s: Session,
  { product }: Body<'onTrial'>,
): Promise<Answer<'onTrial'>> {
  const taken = () => conflict(`${VendorProductName[product]}已试用过，请购买资源包后继续使用`);
  const [done] = await db
    .select({ id: vendorOrder.id })
    .from(vendorOrder)
    .where(and(scoped(s, vendorOrder), eq(vendorOrder.product, product), eq(vendorOrder.type, 2)))
    .limit(1);
  // a trial pack granted otherwise (by the operator, the demo) counts as the trial
  if (done || (await costs.hasTrial(s.orgId, product))) throw taken();
  const name = `${VendorProductName[product]}试用包 ${TRIAL.units} 分钟`;
  let orderId = 0;
  const pack = await costs.grant(
    s.orgId,
    product,
    { units: TRIAL.units, days: TRIAL.days, name, source: 'trial', createdBy: s.userId },
    async (tx) => {
      const id = await recordVendorOrder(
        tx,
        s.orgId,
        { product, name, type: 2, units: TRIAL.units, createdBy: s.userId },
        TRIAL.days,
      );
      if (!id) throw taken();
      orderId = id;
    },
  );
  await linkPack(db, orderId, pack.id);
  return orderDetail(db, costs, s, orderId);
}

const statusOf = (r: Row, now: number) => (r.expiresAt.getTime() > now ? 1 : 2);

function view(r: Row, createdByName: string | null, now: number) {
  const status = statusOf(r, now);
  return {
    id: r.id,
    orderNo: r.orderNo,
    product: r.product,
    productName: VendorProductName[r.product as VendorProduct] ?? r.product,
    name: r.name,
    type: r.type,
    typeName: VendorOrderTypeName[r.type as 1 | 2] ?? '',
    units: r.units,
    unitName: '分钟',
    amountFen: r.amountFen,
    status,
    statusName: VendorOrderStatusName[status],
    startsAt: formatDateTime(r.startsAt),
    expiresAt: formatDateTime(r.expiresAt),
    createdByName,
    createdAt: formatDateTime(r.createdAt),
  };
}

export function listVendorOrders(db: Db, s: Session, f: Body<'pageList'>): Promise<Answer<'pageList'>> {
  const now = new Date();
  return recentPage(
    db,
    s,
    f,
    {
      table: vendorOrder,
      where: [
        f.keyword ? ilike(vendorOrder.orderNo, likePattern(f.keyword)) : undefined,
        f.product ? eq(vendorOrder.product, f.product) : undefined,
        f.type ? eq(vendorOrder.type, f.type) : undefined,
        f.status === 1 ? gt(vendorOrder.expiresAt, now) : f.status === 2 ? lte(vendorOrder.expiresAt, now) : undefined,
      ],
      user: { of: (r) => r.createdBy, names: orgUsersByIds },
    },
    (r, createdByName) => view(r, createdByName, now.getTime()),
  );
}

/** qyOrderDetail: the order with what is left of its pack and how it was paid. */
export async function orderDetail(db: Db, costs: CostCenterService, s: Session, id: number): Promise<Answer<'detail'>> {
  const [row] = await db
    .select()
    .from(vendorOrder)
    .where(and(scoped(s, vendorOrder), eq(vendorOrder.id, id)))
    .limit(1);
  if (!row) throw notFound('订单不存在');
  const [names, pack] = await Promise.all([
    orgUsersByIds(db, s.orgId, row.createdBy ? [row.createdBy] : []),
    row.packId ? costs.pack(s.orgId, row.packId) : null,
  ]);
  const order = view(row, row.createdBy ? (names.get(row.createdBy)?.realName ?? null) : null, Date.now());
  const used = pack?.usedUnits ?? 0;
  const left = Math.max(0, row.expiresAt.getTime() - Date.now());
  return {
    ...order,
    usedUnits: used,
    remainingUnits: order.status === 1 ? Math.max(0, (pack?.totalUnits ?? row.units) - used) : 0,
    remainingDays: Math.ceil(left / DAY_MS),
    payWayName: row.type === 2 ? '免费试用' : row.amountFen > 0 ? '账户余额' : '赠送',
    entryId: row.entryId,
  };
}

export const exportVendorOrders = (db: Db, s: Session, f: Body<'export'>) =>
  listExport(
    '企业订单',
    [
      { header: '订单号', width: 26 },
      { header: '下单时间', width: 20 },
      '产品',
      { header: '名称', width: 28 },
      '类型',
      '数量（分钟）',
      '金额（元）',
      '状态',
      { header: '生效时间', width: 20 },
      { header: '到期时间', width: 20 },
      '下单人',
    ],
    (p) => listVendorOrders(db, s, p),
    { ...f, pageNum: 1, pageSize: 10 as const },
    (r) => [
      r.orderNo,
      r.createdAt,
      r.productName,
      r.name,
      r.typeName,
      r.units,
      fenToYuan(r.amountFen),
      r.statusName,
      r.startsAt,
      r.expiresAt,
      r.createdByName,
    ],
  );
