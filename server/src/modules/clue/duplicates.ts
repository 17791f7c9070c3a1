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
 * the organisation's lead lock (lockLeads), or the values' locks (lockLeadValues), so that two writes cannot both
 * pass the test.
 */

/** Serialises the writes that test the duplicate rules within one organisation, until the transaction ends. */
export const lockLeads = (tx: DbOrTx, orgId: number) => tx.execute(sql`select pg_advisory_xact_lock(727200, ${orgId})`);

type Rule = { fieldNames: string[]; range: number };

/**
 * The keys two leads share whenever one may duplicate the other under a rule. A rule with the phone matches a
 * number against the other lead's phone or further numbers, so each of the lead's numbers is a key; other rules
 * key the rule's values.
 */
export function duplicateKeys(rules: Rule[], values: Partial<ClueInsert>): string[] {
  const keys = new Set<string>();
  for (const rule of rules) {
    const vs = rule.fieldNames.map((f) =>
      f === 'phone' || f === 'name' || f === 'company' ? values[f] : values.custom?.[f],
    );
    if (vs.some(isEmpty)) continue;
    if (!rule.fieldNames.includes('phone')) keys.add(`r:${rule.fieldNames.join('+')}:${JSON.stringify(vs)}`);
    else for (const p of [values.phone, ...(values.phones ?? [])]) if (p) keys.add(`p:${p}`);
  }
  return [...keys].sort();
}

/**
 * One lead's write: the organisation's lead lock shared (so a batch, a restore or an edit, which take it whole,
 * still exclude it), and one lock per duplicate key, taken in one order so that two such writes cannot deadlock.
 * Pushes of different numbers then run side by side; two that may duplicate each other queue.
 */
export async function lockLeadValues(tx: DbOrTx, orgId: number, rules: Rule[], values: Partial<ClueInsert>) {
  const keys = duplicateKeys(rules, values).map((k) => `${orgId}:${k}`);
  // one round trip; the whole-organisation writers take no key locks, so the order of the two cannot deadlock
  await tx.execute(sql`select (select pg_advisory_xact_lock_shared(727200, ${orgId})) as org,
    (select count(pg_advisory_xact_lock(727201, h)) from
      (select distinct hashtext(k) as h from unnest(${sql.param(keys)}::text[]) k order by h) s) as keys`);
}

export type Duplicate = NonNullable<Awaited<ReturnType<typeof findDuplicate>>>;

/** The first enabled duplicate rule a lead matches, with the existing lead; null when none. */
export async function findDuplicate(
  tx: DbOrTx,
  fields: ClueFieldService,
  orgId: number,
  values: Partial<ClueInsert>,
  exceptId: number | null,
  rules?: Rule[],
) {
  rules ??= await fields.activeRepeatRules(orgId, tx);
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
  rules?: Rule[],
): Promise<void> {
  const dup = await findDuplicate(tx, fields, orgId, values, exceptId, rules);
  if (dup) throw await duplicateError(tx, orgId, dup);
}
