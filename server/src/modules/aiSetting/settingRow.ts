import type { DbOrTx } from '../../platform/db';
import { type Scope, scoped, unscoped } from '../../platform/scope';
import { aiOrgSetting } from './schema';

/** The organisation's one settings row (schema.ts aiOrgSetting): read, and written a part at a time. */

export type SettingRow = typeof aiOrgSetting.$inferSelect;
type SettingPatch = Partial<Omit<typeof aiOrgSetting.$inferInsert, 'organizationId'>>;

/** What jobs and other modules pass to act for an organisation. */
export const orgScope = (orgId: number): Scope => unscoped(orgId, "the AI setting row is the organisation's");

export async function settingRow(db: DbOrTx, s: Scope): Promise<SettingRow | null> {
  const [row] = await db.select().from(aiOrgSetting).where(scoped(s, aiOrgSetting)).limit(1);
  return row ?? null;
}

/** Sets the given columns of the organisation's row, creating it (every other column at its default) when missing. */
export async function patchSetting(
  db: DbOrTx,
  s: Scope & { userId?: number },
  patch: SettingPatch,
): Promise<SettingRow> {
  const set = { ...patch, updatedBy: s.userId ?? null, updatedAt: new Date() };
  const [row] = await db
    .insert(aiOrgSetting)
    .values({ organizationId: s.orgId, ...set })
    .onConflictDoUpdate({ target: aiOrgSetting.organizationId, set })
    .returning();
  return row;
}
