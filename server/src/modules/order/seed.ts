import { formatDate } from '@crm/core';
import { lineTotalFen, PAYMENT_METHODS } from '@crm/core/contract/order';
import type { AppContext, DemoOrg } from '../../platform/context';
import { someCustomers } from '../clue';
import { orgUsers } from '../org';
import { nextOrderNo } from './numbering';
import { crmOrder, crmOrderEvent, crmOrderLine, crmOrderPayment, crmOrderSetting, crmProduct } from './schema';

const DAY_MS = 86_400_000;

/** [name, code, unit, list price fen, category] of each demo organisation's catalogue. */
const CATALOGUES: [string, string, string, number, string][][] = [
  [
    ['少儿编程 Scratch 启蒙班（48 课时）', 'EDU-SC-48', '期', 680_000, '编程'],
    ['少儿编程 Python 进阶班（64 课时）', 'EDU-PY-64', '期', 980_000, '编程'],
    ['英语口语外教一对一（30 课时）', 'EDU-EN-30', '套', 1_200_000, '语言'],
    ['数学思维小班课（40 课时）', 'EDU-MA-40', '期', 560_000, '数学'],
    ['美术书法周末班（24 课时）', 'EDU-AR-24', '期', 320_000, '艺术'],
    ['教材礼包', 'EDU-BOOK', '套', 36_000, '教材'],
  ],
  [
    ['全屋定制衣柜（E0 级板材）', 'HM-WD-E0', '平方米', 89_900, '定制'],
    ['整装套餐 精装版', 'HM-PK-PRO', '平方米', 128_800, '整装'],
    ['厨房局部翻新', 'HM-KT-RN', '项', 2_580_000, '翻新'],
    ['软装搭配设计服务', 'HM-SD-DS', '套', 880_000, '设计'],
    ['智能门锁安装', 'HM-LOCK', '套', 229_900, '配件'],
  ],
];

const rng = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/** A catalogue, the paid-order stage, and orders of customers in every state with their payments and history. */
export async function seedOrders(ctx: AppContext, org: DemoOrg, index: number): Promise<void> {
  const { db } = ctx;
  const rand = rng(7700 + org.orgId);
  const products = await db
    .insert(crmProduct)
    .values(
      CATALOGUES[index % CATALOGUES.length].map(([name, code, unit, priceFen, category], i) => ({
        organizationId: org.orgId,
        name,
        code,
        unit,
        priceFen,
        category,
        onSale: i === 4 ? 2 : 1,
        createdBy: org.adminId,
        createdAt: new Date(Date.now() - 120 * DAY_MS),
      })),
    )
    .returning();
  const onSale = products.filter((p) => p.onSale === 1);
  await db.insert(crmOrderSetting).values({ organizationId: org.orgId, paidStage: 7 });
  const customers = await someCustomers(db, org.orgId, 40);
  const depts = new Map((await orgUsers(db, org.orgId)).map((u) => [u.id, u.deptId]));
  for (const [i, c] of customers.entries()) {
    const created = new Date(Date.now() - Math.floor(rand() * 60) * DAY_MS - Math.floor(rand() * 8 * 3600_000));
    const lines = Array.from({ length: 1 + Math.floor(rand() * 2) }, (_, k) => {
      const p = onSale[(i + k * 2) % onSale.length];
      const quantity = p.unit === '平方米' ? 8 + Math.floor(rand() * 30) : 1 + Math.floor(rand() * 2);
      const discountBp = [10_000, 9_500, 9_000, 8_800][Math.floor(rand() * 4)];
      return {
        productId: p.id,
        productName: p.name,
        productCode: p.code,
        unit: p.unit,
        quantity,
        unitPriceFen: p.priceFen,
        discountBp,
        lineTotalFen: lineTotalFen(quantity, p.priceFen, discountBp),
        sortNo: k,
      };
    });
    const totalFen = lines.reduce((s, l) => s + l.lineTotalFen, 0);
    const status = [2, 3, 4, 4, 1, 6][i % 6];
    const paidFen = status === 4 ? totalFen : status === 3 ? Math.floor(totalFen * 0.3) : 0;
    const ownerId = c.ownerId ?? org.managerId;
    const [o] = await db
      .insert(crmOrder)
      .values({
        organizationId: org.orgId,
        orderNo: await nextOrderNo(db, org.orgId, created),
        clueId: c.id,
        customerName: c.name || c.company,
        ownerId,
        deptId: depts.get(ownerId) ?? null,
        status,
        totalFen,
        paidFen,
        productNames: lines.map((l) => l.productName).join('、'),
        signedOn: formatDate(created)!,
        custom: {},
        createdBy: ownerId,
        createdAt: created,
        updatedAt: created,
      })
      .returning();
    await db.insert(crmOrderLine).values(lines.map((l) => ({ ...l, organizationId: org.orgId, orderId: o.id })));
    await db.insert(crmOrderEvent).values({
      organizationId: org.orgId,
      orderId: o.id,
      userId: ownerId,
      action: '创建订单',
      content: lines.map((l) => `${l.productName} × ${l.quantity}`).join('；'),
      createdAt: created,
    });
    if (paidFen > 0) {
      const paidOn = new Date(created.getTime() + 2 * DAY_MS);
      await db.insert(crmOrderPayment).values({
        organizationId: org.orgId,
        orderId: o.id,
        amountFen: paidFen,
        paidOn: formatDate(paidOn)!,
        method: PAYMENT_METHODS[i % 3],
        createdBy: ownerId,
        createdAt: paidOn,
      });
      await db.insert(crmOrderEvent).values({
        organizationId: org.orgId,
        orderId: o.id,
        userId: ownerId,
        action: '登记回款',
        content: `${PAYMENT_METHODS[i % 3]}回款`,
        createdAt: paidOn,
      });
    }
  }
}
