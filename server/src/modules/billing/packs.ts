import { randomBytes } from 'node:crypto';
import { fenToYuan, formatThousands } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import type { Session } from '../../platform/session';
import type { CostCenterService } from '../costCenter';
import { post } from './ledger';
import { linkPack, recordVendorOrder } from './vendorOrders';

type Call = typeof contract.billing.buyAiPack;

/** A bought pack is valid a year. */
const PACK_DAYS = 365;

/**
 * An AI analysis pack paid from the organisation's balance: the minutes at the organisation's AI unit price, the
 * debit (a 'pack' entry) and the pack written in one transaction; not enough balance buys nothing.
 */
export async function buyAiPack(
  db: Db,
  costs: CostCenterService,
  s: Session,
  input: CallBody<Call>,
): Promise<CallAnswer<Call>> {
  const priceFen = input.units * (await costs.unitPriceFen(s.orgId, 'ai_analyze'));
  const name = `AI 分析资源包 ${formatThousands(input.units, 0)} 分钟`;
  let orderId: number | null = null;
  const pack = await costs.grant(
    s.orgId,
    'ai_analyze',
    { units: input.units, days: PACK_DAYS, name, source: 'purchase', priceFen, createdBy: s.userId },
    async (tx) => {
      let entryId: number | null = null;
      if (priceFen > 0) {
        const paid = await post(tx, s.orgId, {
          type: 'pack',
          amountFen: -priceFen,
          refKey: `pack:${randomBytes(9).toString('hex')}`,
          remark: `购买${name}`,
          createdBy: s.userId,
        });
        if (!paid.ok)
          throw badRequest(`账户余额不足：需 ${fenToYuan(priceFen)} 元，当前余额 ${fenToYuan(paid.balanceFen)} 元`);
        entryId = paid.entryId;
      }
      // the enterprise order (企业订单) is written with the debit that pays it
      orderId = await recordVendorOrder(
        tx,
        s.orgId,
        { product: 'ai_analyze', name, type: 1, units: input.units, amountFen: priceFen, entryId, createdBy: s.userId },
        PACK_DAYS,
      );
    },
  );
  if (orderId) await linkPack(db, orderId, pack.id);
  return pack;
}
