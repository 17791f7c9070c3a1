import { CustomerStage } from '@crm/core';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { addEvent } from './events';
import { orgClues } from './query';
import { clue } from './schema';

/**
 * A paid order moves its customer to the stage the organisation configured (the order module calls this in the
 * transaction that records the payment). A lead already at that stage is left as it is; the change is logged in
 * the lead's interaction log. Answers whether the stage changed.
 */
export async function moveStageForPaidOrder(
  db: DbOrTx,
  orgId: number,
  clueId: number,
  stage: number,
  by: { userId: number; orderNo: string },
): Promise<boolean> {
  const [moved] = await db
    .update(clue)
    .set({ stage, updatedAt: new Date() })
    .where(and(eq(clue.id, clueId), orgClues(orgId), ne(clue.stage, stage)))
    .returning({ id: clue.id });
  if (!moved) return false;
  const name = CustomerStage[stage as keyof typeof CustomerStage] ?? String(stage);
  await addEvent(db, orgId, clueId, {
    type: 'edit',
    userId: by.userId,
    title: '客户阶段变更',
    content: `订单 ${by.orderNo} 已回款，客户阶段变为「${name}」`,
    detail: { orderNo: by.orderNo, stage },
  });
  return true;
}
