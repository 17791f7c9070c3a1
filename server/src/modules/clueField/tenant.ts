import type { SQL } from 'drizzle-orm';
import { type OrgTable, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';

/**
 * The business settings belong to the organisation as a whole: their tables have no owner column and no soft delete,
 * so their scope is the organisation alone. They are read by organisation id, because the lead module, the import
 * jobs and the demo seed ask for them without a session; `scoped` (platform/scope.ts) takes a session, and is given
 * here the organisation-wide one of that id (it reads only `orgId` and `visibleUserIds`).
 */
export function orgWide(orgId: number): Session {
  return { orgId, visibleUserIds: null } as Session;
}

/** The WHERE of every query of a settings table: the organisation's rows. */
export const inOrg = (orgId: number, table: OrgTable): SQL => scoped(orgWide(orgId), table);
