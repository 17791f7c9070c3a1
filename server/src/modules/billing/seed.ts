import { formatDateTime } from '@crm/core';
import type { Db } from '../../platform/db';
import { getOrganization } from '../org';
import { DEFAULT_LINE } from './callFees';
import { post } from './ledger';
import { callRate, invoice, rechargeOrder } from './schema';

const DAY_MS = 86_400_000;

/**
 * Demo data of the cost centre: call rates by line, a bank transfer credited by hand, an Alipay recharge paid last
 * month and its invoice. The demo calls' fees are charged by the calls themselves (telephony's seedCalls).
 */
export async function seedBilling(db: Db, orgId: number, adminId: number): Promise<void> {
  await db.insert(callRate).values([
    { organizationId: orgId, line: DEFAULT_LINE, rateFenPerMinute: 12, updatedBy: adminId },
    { organizationId: orgId, line: '北京移动专线', rateFenPerMinute: 10, updatedBy: adminId },
    { organizationId: orgId, line: '上海电信中继', rateFenPerMinute: 9, updatedBy: adminId },
  ]);
  await post(db, orgId, {
    type: 'manual',
    amountFen: 200_000,
    refKey: 'seed:transfer',
    remark: '对公转账入账（招商银行 尾号 6621）',
    createdBy: adminId,
  });
  const paidAt = new Date(Date.now() - 32 * DAY_MS);
  const orderNo = `CZ${formatDateTime(paidAt)!.replace(/\D/g, '')}${String(orgId * 7919)
    .padStart(6, '0')
    .slice(-6)}`;
  const entry = await post(db, orgId, {
    type: 'recharge',
    amountFen: 500_000,
    refKey: `recharge:${orderNo}`,
    remark: `支付宝充值 ${orderNo}`,
    createdBy: adminId,
  });
  await db.insert(rechargeOrder).values({
    organizationId: orgId,
    orderNo,
    channel: 'alipay',
    amountFen: 500_000,
    status: 2,
    gatewayTradeNo: `${formatDateTime(paidAt)!.replace(/\D/g, '').slice(0, 8)}22001${String(orgId * 104_729).padStart(12, '0')}`,
    paidAt,
    entryId: entry.ok ? entry.entryId : null,
    createdBy: adminId,
    createdAt: paidAt,
  });
  await db.insert(invoice).values({
    organizationId: orgId,
    type: 1,
    titleType: 1,
    title: (await getOrganization(db, orgId))!.name,
    taxNo: '91310115MA1K3XYZ0B',
    amountFen: 500_000,
    email: 'finance@example.com',
    status: 2,
    createdBy: adminId,
    createdAt: new Date(paidAt.getTime() + DAY_MS),
    handledAt: new Date(paidAt.getTime() + 3 * DAY_MS),
  });
}
