import type { RepeatRule, RepeatRuleInput } from '@crm/core/contract/clueField';
import { asc } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { customDefs } from './customFields';
import { clueRepeatRule } from './schema';
import { inOrg } from './tenant';

/** Duplicate rules (clueFieldRepeat): a lead is a duplicate when every field of an enabled rule matches. */

export async function repeatRules(db: DbOrTx, orgId: number): Promise<RepeatRule[]> {
  const rows = await db
    .select()
    .from(clueRepeatRule)
    .where(inOrg(orgId, clueRepeatRule))
    .orderBy(asc(clueRepeatRule.id));
  return rows.map((r) => ({ id: r.id, fieldNames: r.fieldNames, enabled: r.enabled, range: r.range }));
}

/** Replaces the organisation's rules. Fields may be phone, name, company or a custom field. */
export async function saveRepeatRules(db: Db, orgId: number, rules: RepeatRuleInput[]): Promise<RepeatRule[]> {
  const custom = new Set((await customDefs(db, orgId)).map((d) => d.fieldName));
  for (const r of rules)
    for (const f of r.fieldNames)
      if (!['phone', 'name', 'company'].includes(f) && !custom.has(f)) throw badRequest(`查重字段不支持：${f}`);
  await db.transaction(async (tx) => {
    await tx.delete(clueRepeatRule).where(inOrg(orgId, clueRepeatRule));
    if (rules.length)
      await tx.insert(clueRepeatRule).values(
        rules.map((r) => ({
          organizationId: orgId,
          fieldNames: [...new Set(r.fieldNames)],
          enabled: r.enabled,
          range: r.range ?? 1,
        })),
      );
  });
  return repeatRules(db, orgId);
}

/** Enabled rules; an organisation without rules checks the phone number. */
export async function activeRepeatRules(db: DbOrTx, orgId: number): Promise<{ fieldNames: string[]; range: number }[]> {
  const rows = await repeatRules(db, orgId);
  if (!rows.length) return [{ fieldNames: ['phone'], range: 1 }];
  return rows.filter((r) => r.enabled === 1);
}
