import { CustomerStage, fenToYuan } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import {
  ATTACHMENT_NOT_UPLOADED,
  discountText,
  lineTotalFen,
  type OrderStatus,
  OrderStatusName,
} from '@crm/core/contract/order';
import { imageIdOf } from '@crm/core/contract/upload';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { scoped, seesUser } from '../../platform/scope';
import type { Session } from '../../platform/session';
import type { Clues } from '../clue';
import { moveStageForPaidOrder } from '../clue';
import { orgUser } from '../org';
import { checkCustom, ORDER_FIELDS } from './customValues';
import { nextOrderNo } from './numbering';
import { crmOrder, crmOrderEvent, crmOrderLine, crmOrderPayment, crmOrderSetting, crmProduct } from './schema';

type Calls = typeof contract.order;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type OrderRow = typeof crmOrder.$inferSelect;
type LineInput = Body<'add'>['lines'][number];

const MISSING = '订单不存在';
/** An order's total may not pass 100 亿元 (fen), well within a safe integer. */
const MAX_TOTAL_FEN = 1_000_000_000_000;

/** One order of the session's scope (its owner within the role's data scope), locked when asked. */
export async function findOrder(db: DbOrTx, s: Session, id: number, lock = false): Promise<OrderRow> {
  const q = db
    .select()
    .from(crmOrder)
    .where(and(eq(crmOrder.id, id), scoped(s, crmOrder, { owner: crmOrder.ownerId })))
    .limit(1);
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound(MISSING);
  return row;
}

export async function logEvent(
  db: DbOrTx,
  o: Pick<OrderRow, 'id' | 'organizationId'>,
  userId: number,
  action: string,
  content = '',
) {
  await db
    .insert(crmOrderEvent)
    .values({ organizationId: o.organizationId, orderId: o.id, userId, action, content: content.slice(0, 1000) });
}

/** The owner: given (an enabled user the session's scope covers) or the session's user; with the department. */
async function ownerOf(
  db: DbOrTx,
  s: Session,
  ownerId: number | undefined,
): Promise<{ id: number; deptId: number | null }> {
  const id = ownerId ?? s.userId;
  if (!seesUser(s, id)) throw forbidden('无权限把订单交给该负责人');
  const u = await orgUser(db, s.orgId, id);
  if (u?.status !== 1) throw badRequest('ownerId：负责人不存在或已停用');
  return { id: u.id, deptId: u.deptId };
}

/** The lines priced: every product of the organisation's catalogue, totals by lineTotalFen. */
async function pricedLines(db: DbOrTx, s: Session, lines: LineInput[], allowOffSale: Set<number>) {
  const ids = [...new Set(lines.map((l) => l.productId))];
  const products = await db
    .select()
    .from(crmProduct)
    .where(and(scoped(s, crmProduct), inArray(crmProduct.id, ids)));
  const byId = new Map(products.map((p) => [p.id, p]));
  const priced = lines.map((l, i) => {
    const p = byId.get(l.productId);
    if (!p) throw badRequest(`lines.${i}.productId：产品不存在`);
    if (p.onSale !== 1 && !allowOffSale.has(p.id)) throw badRequest(`lines.${i}.productId：产品“${p.name}”已下架`);
    return {
      productId: p.id,
      productName: p.name,
      productCode: p.code,
      unit: p.unit,
      quantity: l.quantity,
      unitPriceFen: l.unitPriceFen,
      discountBp: l.discountBp,
      lineTotalFen: lineTotalFen(l.quantity, l.unitPriceFen, l.discountBp),
      sortNo: i,
    };
  });
  const totalFen = priced.reduce((sum, l) => sum + l.lineTotalFen, 0);
  if (totalFen > MAX_TOTAL_FEN) throw badRequest(`lines：订单金额不能超过 ${fenToYuan(MAX_TOTAL_FEN)} 元`);
  return {
    priced,
    totalFen,
    productNames: priced
      .map((l) => l.productName)
      .join('、')
      .slice(0, 500),
  };
}

async function writeLines(
  tx: DbOrTx,
  orgId: number,
  orderId: number,
  priced: Awaited<ReturnType<typeof pricedLines>>['priced'],
) {
  await tx.delete(crmOrderLine).where(and(eq(crmOrderLine.orderId, orderId), eq(crmOrderLine.organizationId, orgId)));
  await tx.insert(crmOrderLine).values(priced.map((l) => ({ ...l, organizationId: orgId, orderId })));
}

const linesText = (priced: Awaited<ReturnType<typeof pricedLines>>['priced']) =>
  priced
    .map(
      (l) => `${l.productName} × ${l.quantity}，单价 ${fenToYuan(l.unitPriceFen)}，折扣 ${discountText(l.discountBp)}`,
    )
    .join('；');

/** The upload module as far as attachments go: which image ids are the organisation's. */
export interface UploadedFiles {
  existing(orgId: number, ids: readonly string[]): Promise<Set<string>>;
}

export class OrderWriter {
  constructor(
    private readonly db: Db,
    private readonly clues: Clues,
    private readonly uploads: UploadedFiles,
  ) {}

  /**
   * Attachments are files uploaded here by the organisation: the contract accepts only the upload's own addresses,
   * and each must name one of the organisation's uploads (not another organisation's, not a made-up id).
   */
  private async checkAttachments(s: Session, attachments: { url: string }[] | undefined): Promise<void> {
    if (!attachments?.length) return;
    const ids = attachments.map((a) => imageIdOf(a.url));
    const known = await this.uploads.existing(
      s.orgId,
      ids.filter((id): id is string => id !== null),
    );
    const bad = ids.findIndex((id) => id === null || !known.has(id));
    if (bad >= 0) throw badRequest(`attachments.${bad}.url：${ATTACHMENT_NOT_UPLOADED}`);
  }

  async add(s: Session, input: Body<'add'>): Promise<Answer<'add'>> {
    const lead = await this.clues.get(s, input.clueId);
    await this.checkAttachments(s, input.attachments);
    return this.db.transaction(async (tx) => {
      const owner = await ownerOf(tx, s, input.ownerId ?? lead.ownerId ?? undefined);
      const { priced, totalFen, productNames } = await pricedLines(tx, s, input.lines, new Set());
      const custom = await checkCustom(tx, s.orgId, ORDER_FIELDS, input.custom, 'create');
      const orderNo = await nextOrderNo(tx, s.orgId);
      const [row] = await tx
        .insert(crmOrder)
        .values({
          organizationId: s.orgId,
          orderNo,
          clueId: lead.id,
          customerName: (lead.name || lead.company || '').slice(0, 100),
          ownerId: owner.id,
          deptId: owner.deptId,
          status: input.status,
          totalFen,
          productNames,
          signedOn: input.signedOn,
          attachments: input.attachments,
          custom,
          remark: input.remark ?? null,
          createdBy: s.userId,
        })
        .returning();
      await writeLines(tx, s.orgId, row.id, priced);
      await logEvent(
        tx,
        row,
        s.userId,
        '创建订单',
        `${OrderStatusName[input.status]}，金额 ${fenToYuan(totalFen)} 元：${linesText(priced)}`,
      );
      return { id: row.id, orderNo };
    });
  }

  async update(s: Session, input: Body<'update'>): Promise<Answer<'update'>> {
    await this.checkAttachments(s, input.attachments);
    return this.db.transaction(async (tx) => {
      const o = await findOrder(tx, s, input.id, true);
      if (o.status >= 5) throw badRequest(`订单${OrderStatusName[o.status as OrderStatus]}，不能编辑`);
      const set: Partial<typeof crmOrder.$inferInsert> = { updatedAt: new Date() };
      const changes: string[] = [];
      if (input.ownerId !== undefined && input.ownerId !== o.ownerId) {
        const owner = await ownerOf(tx, s, input.ownerId);
        Object.assign(set, { ownerId: owner.id, deptId: owner.deptId });
        changes.push('负责人变更');
      }
      if (input.lines) {
        const kept = await tx
          .select({ id: crmOrderLine.productId })
          .from(crmOrderLine)
          .where(eq(crmOrderLine.orderId, o.id));
        const { priced, totalFen, productNames } = await pricedLines(
          tx,
          s,
          input.lines,
          new Set(kept.map((k) => k.id)),
        );
        if (totalFen < o.paidFen) throw badRequest(`lines：订单金额不能低于已回款 ${fenToYuan(o.paidFen)} 元`);
        await writeLines(tx, s.orgId, o.id, priced);
        Object.assign(set, { totalFen, productNames, status: statusAfterPayment(o.status, o.paidFen, totalFen) });
        changes.push(`产品明细：${linesText(priced)}，金额 ${fenToYuan(o.totalFen)} → ${fenToYuan(totalFen)} 元`);
      }
      const plain = { signedOn: '签约日期', attachments: '附件', remark: '备注' } as const;
      for (const key of Object.keys(plain) as (keyof typeof plain)[]) {
        // a form sends every field: only what differs is written to the history
        if (input[key] === undefined || JSON.stringify(input[key] ?? null) === JSON.stringify(o[key] ?? null)) continue;
        Object.assign(set, { [key]: input[key] });
        changes.push(key === 'signedOn' ? `签约日期 ${input.signedOn}` : plain[key]);
      }
      if (input.custom !== undefined) {
        const custom = { ...o.custom, ...(await checkCustom(tx, s.orgId, ORDER_FIELDS, input.custom, 'update')) };
        if (JSON.stringify(custom) !== JSON.stringify(o.custom)) {
          set.custom = custom;
          changes.push('自定义字段');
        }
      }
      await tx.update(crmOrder).set(set).where(eq(crmOrder.id, o.id));
      if (changes.length) await logEvent(tx, o, s.userId, '编辑订单', changes.join('；'));
      return { id: o.id };
    });
  }

  /** Only a draft or a cancelled order is deleted; one with money on it is refunded or cancelled instead. */
  async delete(s: Session, id: number): Promise<Answer<'delete'>> {
    return this.db.transaction(async (tx) => {
      const o = await findOrder(tx, s, id, true);
      if (o.status !== 1 && o.status !== 6) throw badRequest('只能删除草稿或已取消的订单');
      await tx.update(crmOrder).set({ deletedAt: new Date() }).where(eq(crmOrder.id, o.id));
      await logEvent(tx, o, s.userId, '删除订单');
      return { id };
    });
  }

  /** A payment: confirmed (or partly paid) orders only, never more than what is unpaid; paid in full moves the stage. */
  async addPayment(s: Session, input: Body<'addPayment'>): Promise<Answer<'addPayment'>> {
    return this.db.transaction(async (tx) => {
      const o = await findOrder(tx, s, input.orderId, true);
      if (o.status === 1) throw badRequest('草稿订单请先确认再登记回款');
      if (o.status !== 2 && o.status !== 3)
        throw badRequest(`订单${OrderStatusName[o.status as OrderStatus]}，不能登记回款`);
      const unpaid = o.totalFen - o.paidFen;
      if (input.amountFen > unpaid) throw badRequest(`amountFen：回款金额不能超过未回款金额 ${fenToYuan(unpaid)} 元`);
      const [p] = await tx
        .insert(crmOrderPayment)
        .values({
          organizationId: s.orgId,
          orderId: o.id,
          amountFen: input.amountFen,
          paidOn: input.paidOn,
          method: input.method,
          remark: input.remark ?? '',
          createdBy: s.userId,
        })
        .returning({ id: crmOrderPayment.id });
      const paidFen = o.paidFen + input.amountFen;
      const status = statusAfterPayment(o.status, paidFen, o.totalFen);
      await tx.update(crmOrder).set({ paidFen, status, updatedAt: new Date() }).where(eq(crmOrder.id, o.id));
      await logEvent(
        tx,
        o,
        s.userId,
        '登记回款',
        `${input.method} ${fenToYuan(input.amountFen)} 元（${input.paidOn}），已回款 ${fenToYuan(paidFen)} / ${fenToYuan(o.totalFen)} 元`,
      );
      if (status === 4) await this.onPaid(tx, s, o);
      return { id: p.id };
    });
  }

  /** Fully paid: the customer moves to the organisation's configured stage. */
  private async onPaid(tx: DbOrTx, s: Session, o: OrderRow) {
    const [setting] = await tx.select().from(crmOrderSetting).where(eq(crmOrderSetting.organizationId, s.orgId));
    if (!setting?.paidStage || !o.clueId) return;
    const moved = await moveStageForPaidOrder(tx, s.orgId, o.clueId, setting.paidStage, {
      userId: s.userId,
      orderNo: o.orderNo,
    });
    if (moved)
      await logEvent(
        tx,
        o,
        s.userId,
        '客户阶段变更',
        `客户阶段变为「${CustomerStage[setting.paidStage as keyof typeof CustomerStage]}」`,
      );
  }

  async changeStatus(s: Session, input: Body<'changeStatus'>): Promise<Answer<'changeStatus'>> {
    return this.db.transaction(async (tx) => {
      const o = await findOrder(tx, s, input.id, true);
      const allowed: Record<number, readonly number[]> = { 2: [1], 5: [3, 4], 6: [1, 2] };
      if (!allowed[input.status].includes(o.status)) {
        const msg = { 2: '只能确认草稿订单', 5: '只能对已回款或部分回款的订单退款', 6: '只能取消未回款的订单' }[
          input.status
        ];
        throw badRequest(msg);
      }
      await tx.update(crmOrder).set({ status: input.status, updatedAt: new Date() }).where(eq(crmOrder.id, o.id));
      const action = { 2: '确认订单', 5: '退款', 6: '取消订单' }[input.status];
      await logEvent(tx, o, s.userId, action, input.reason ?? '');
      return { id: o.id };
    });
  }
}

/** The status an order has after its paid amount (or total) changed: paid in full, in part, or as it was. */
export function statusAfterPayment(status: number, paidFen: number, totalFen: number): number {
  if (status !== 2 && status !== 3 && status !== 4) return status;
  if (paidFen === 0) return 2;
  return paidFen >= totalFen ? 4 : 3;
}

export async function getSetting(db: DbOrTx, orgId: number): Promise<Answer<'getSetting'>> {
  const [row] = await db.select().from(crmOrderSetting).where(eq(crmOrderSetting.organizationId, orgId));
  return {
    paidStage: row?.paidStage ?? null,
    stages: Object.entries(CustomerStage).map(([v, label]) => ({ value: Number(v), label })),
  };
}

export async function saveSetting(db: Db, s: Session, input: Body<'saveSetting'>): Promise<Answer<'saveSetting'>> {
  await db
    .insert(crmOrderSetting)
    .values({ organizationId: s.orgId, paidStage: input.paidStage })
    .onConflictDoUpdate({
      target: crmOrderSetting.organizationId,
      set: { paidStage: input.paidStage, updatedAt: sql`now()` },
    });
  return getSetting(db, s.orgId);
}
