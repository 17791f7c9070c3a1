import { randomBytes } from 'node:crypto';
import { fenToYuan, formatThousands } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { CoachingPackName, CoachingPackUnit } from '@crm/core/contract/billing';
import type { Config } from '../../platform/config';
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
  return buyPack(db, costs, s, { kind: 'ai_analyze', units: input.units, priceFen, name });
}

/**
 * A coaching pack (AI 陪练 minutes, 话术助手 answers) paid from the balance at the installation's price
 * (PRACTICE_PACK_PRICE_FEN, ASSISTANT_PACK_PRICE_FEN), as the AI analysis packs are.
 */
export async function buyCoachingPack(
  db: Db,
  costs: CostCenterService,
  prices: Config['coachingPackPrices'],
  s: Session,
  input: CallBody<typeof contract.billing.buyCoachingPack>,
): Promise<{ id: number }> {
  const name = `${CoachingPackName[input.product]} ${formatThousands(input.units, 0)} ${CoachingPackUnit[input.product]}`;
  const priceFen = input.units * prices[input.product];
  return buyPack(db, costs, s, { kind: input.product, units: input.units, priceFen, name });
}

async function buyPack(
  db: Db,
  costs: CostCenterService,
  s: Session,
  { kind, units, priceFen, name }: { kind: string; units: number; priceFen: number; name: string },
): Promise<{ id: number }> {
  const input = { units };
  let orderId: number | null = null;
  const pack = await costs.grant(
    s.orgId,
    kind,
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
        { product: kind, name, type: 1, units: input.units, amountFen: priceFen, entryId, createdBy: s.userId },
        PACK_DAYS,
      );
    },
  );
  if (orderId) await linkPack(db, orderId, pack.id);
  return pack;
}
