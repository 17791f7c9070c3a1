import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { DEFAULT_PASS_LINE, type ScorecardItem, ScorecardItemKindName } from '@crm/core/contract/qualityCheck';
import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { findScoped, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { uniqueViolation } from '../../platform/validation';
import { scorecard } from './schema';
import type { ScoringCard } from './scoring';

/**
 * An organisation's scorecards: one active (every call is scored with it), the others kept. An organisation without
 * an active card is scored with DEFAULT_SCORECARD, which is also what demo organisations start with.
 */

type Calls = typeof contract.qualityCheck;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

const MISSING = '评分卡不存在';

const item = (i: Partial<ScorecardItem> & Pick<ScorecardItem, 'name' | 'kind' | 'deduct'>): ScorecardItem => ({
  rule: null,
  sopItemId: null,
  flag: null,
  maxDeduct: null,
  fatal: false,
  ...i,
});

export const DEFAULT_SCORECARD_NAME = '默认评分卡';

/** Violations −10 each, abuse of the customer fatal, each missed SOP item −5, speaking too fast −5. */
export const DEFAULT_SCORECARD: ScoringCard & { name: string } = {
  name: DEFAULT_SCORECARD_NAME,
  passLine: DEFAULT_PASS_LINE,
  items: [
    item({ name: '违规', kind: 'violation', deduct: 10 }),
    item({ name: '辱骂客户', kind: 'flag', flag: 4, deduct: 0, fatal: true }),
    item({ name: 'SOP环节缺失', kind: 'sopMissed', deduct: 5 }),
    item({ name: '语速过快', kind: 'flag', flag: 1, deduct: 5 }),
  ],
};

/** The card calls of the organisation are scored with now: its active card, else the default. */
export async function activeCard(
  db: DbOrTx,
  orgId: number,
): Promise<ScoringCard & { id: number | null; name: string }> {
  const [row] = await db
    .select()
    .from(scorecard)
    .where(and(eq(scorecard.organizationId, orgId), eq(scorecard.active, true), isNull(scorecard.deletedAt)))
    .limit(1);
  return row
    ? { id: row.id, name: row.name, passLine: row.passLine, items: row.items }
    : { id: null, ...DEFAULT_SCORECARD };
}

export class ScorecardService {
  constructor(private readonly db: Db) {}

  async list(s: Session): Promise<Answer<'scorecardList'>> {
    const rows = await this.db
      .select()
      .from(scorecard)
      .where(scoped(s, scorecard))
      .orderBy(desc(scorecard.active), asc(scorecard.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      passLine: r.passLine,
      active: r.active,
      items: r.items.map((i) => ({ ...i, kindName: ScorecardItemKindName[i.kind] })),
      updatedAt: formatDateTime(r.updatedAt),
    }));
  }

  async save(s: Session, input: Body<'scorecardSave'>): Promise<Answer<'scorecardSave'>> {
    const values = {
      name: input.name,
      passLine: input.passLine,
      items: input.items,
      active: input.active,
      updatedBy: s.userId,
      updatedAt: new Date(),
    };
    try {
      const id = await this.db.transaction(async (tx) => {
        if (input.id) await findScoped(tx, s, scorecard, input.id, { missing: MISSING });
        // one active card: making this one active retires the others (kept, inactive)
        if (input.active)
          await tx
            .update(scorecard)
            .set({ active: false })
            .where(
              and(scoped(s, scorecard), eq(scorecard.active, true), input.id ? ne(scorecard.id, input.id) : undefined),
            );
        if (input.id) {
          await tx
            .update(scorecard)
            .set(values)
            .where(and(eq(scorecard.id, input.id), scoped(s, scorecard)));
          return input.id;
        }
        const [row] = await tx
          .insert(scorecard)
          .values({ ...values, organizationId: s.orgId, createdBy: s.userId })
          .returning({ id: scorecard.id });
        return row.id;
      });
      return { id };
    } catch (e) {
      if (uniqueViolation(e) !== null) throw conflict('评分卡名称已存在');
      throw e;
    }
  }

  async remove(s: Session, id: number): Promise<Answer<'scorecardDelete'>> {
    const row = await findScoped(this.db, s, scorecard, id, { missing: MISSING });
    if (row.active) throw badRequest('启用中的评分卡不能删除，请先启用其他评分卡');
    await this.db
      .update(scorecard)
      .set({ deletedAt: new Date(), updatedBy: s.userId, updatedAt: new Date() })
      .where(and(eq(scorecard.id, id), scoped(s, scorecard)));
    return { id };
  }
}

/** Demo organisations: the default card, active, with one item per item of their SOP rules (−5 each when missed). */
export async function seedScorecard(db: Db, orgId: number, adminId: number, sopItems: { id: number; name: string }[]) {
  const items = [
    ...DEFAULT_SCORECARD.items.filter((i) => i.kind !== 'sopMissed'),
    ...sopItems.map((i) =>
      item({ name: `缺失：${i.name}`.slice(0, 30), kind: 'sopMissed', sopItemId: i.id, deduct: 5 }),
    ),
  ];
  await db.insert(scorecard).values({
    organizationId: orgId,
    name: DEFAULT_SCORECARD_NAME,
    passLine: DEFAULT_PASS_LINE,
    items,
    active: true,
    createdBy: adminId,
    updatedBy: adminId,
  });
}
