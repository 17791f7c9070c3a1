import { and, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import type { ClueFieldService } from '../clueField';
import { isEmpty, STANDARD_BY_NAME } from '../clueField';
import { orgUser } from '../org';
import { orgClues } from './query';
import { clue } from './schema';
import type { ClueInsert } from './view';

/**
 * The organisation's duplicate rules (/clue/clueFieldRepeat) applied to one lead being written. The caller holds
 * the organisation's lead lock (lockLeads) so that two writes cannot both pass the test.
 */

/** Serialises the writes that test the duplicate rules within one organisation, until the transaction ends. */
export const lockLeads = (tx: DbOrTx, orgId: number) => tx.execute(sql`select pg_advisory_xact_lock(727200, ${orgId})`);

export type Duplicate = NonNullable<Awaited<ReturnType<typeof findDuplicate>>>;

/** The first enabled duplicate rule a lead matches, with the existing lead; null when none. */
export async function findDuplicate(
  tx: DbOrTx,
  fields: ClueFieldService,
  orgId: number,
  values: Partial<ClueInsert>,
  exceptId: number | null,
) {
  const rules = await fields.activeRepeatRules(orgId, tx);
  // leads holding the number among their further numbers, found first: an OR with the array test in one
  // statement lets the planner choose a whole-table scan
  let extraIds: number[] | null = null;
  const phoneExtra = async (p: unknown) => {
    extraIds ??= (
      await tx
        .select({ id: clue.id })
        .from(clue)
        .where(
          and(
            orgClues(orgId, { deleted: true }),
            sql`${clue.phones} <> '{}'::text[]`,
            sql`${clue.phones} @> ${sql.param([String(p)])}::text[]`,
          ),
        )
    ).map((r) => r.id);
    return extraIds;
  };
  const standard = (f: 'phone' | 'name' | 'company') => values[f];
  for (const rule of rules) {
    // range 2: live leads only; otherwise the recycle bin's count too
    const conds: SQL[] = [orgClues(orgId, { deleted: rule.range !== 2 })];
    if (exceptId) conds.push(sql`${clue.id} <> ${exceptId}`);
    let usable = true;
    for (const f of rule.fieldNames) {
      const v = f === 'phone' || f === 'name' || f === 'company' ? standard(f) : values.custom?.[f];
      if (isEmpty(v)) usable = false;
      else if (f === 'phone') {
        const extra = await phoneExtra(v);
        conds.push(
          extra.length
            ? sql`(${clue.phone} = ${v} or ${clue.id} = any(${sql.param(extra)}::int[]))`
            : sql`${clue.phone} = ${v}`,
        );
      } else if (f === 'name') conds.push(sql`${clue.name} = ${v}`);
      else if (f === 'company') conds.push(sql`${clue.company} = ${v}`);
      else conds.push(sql`${clue.custom} -> ${f} = ${JSON.stringify(v)}::jsonb`);
    }
    if (!usable) continue;
    const [hit] = await tx
      .select({ id: clue.id, ownerId: clue.ownerId, isInSea: clue.isInSea, deletedAt: clue.deletedAt })
      .from(clue)
      .where(and(...conds))
      .limit(1);
    if (hit) return { rule, existing: hit };
  }
  return null;
}

/** 409 naming the rule's fields and where the existing lead is (recycle bin, public sea, its owner). */
export async function duplicateError(tx: DbOrTx, orgId: number, dup: Duplicate) {
  const labels = dup.rule.fieldNames.map((f) => STANDARD_BY_NAME.get(f)?.fieldLabel ?? f).join('+');
  const where = dup.existing.deletedAt
    ? '回收站'
    : dup.existing.isInSea === 1
      ? '公海'
      : `跟进人：${dup.existing.ownerId ? ((await orgUser(tx, orgId, dup.existing.ownerId))?.realName ?? '') : '无'}`;
  return conflict(`客户已存在（${labels}重复，${where}）`);
}

/** Refuses a lead that duplicates another under the organisation's rules. */
export async function refuseDuplicate(
  tx: DbOrTx,
  fields: ClueFieldService,
  orgId: number,
  values: Partial<ClueInsert>,
  exceptId: number | null,
): Promise<void> {
  const dup = await findDuplicate(tx, fields, orgId, values, exceptId);
  if (dup) throw await duplicateError(tx, orgId, dup);
}
