import type { SQL } from 'drizzle-orm';
import { type OrgTable, type Scope, scoped } from '../../platform/scope';

/**
 * The business settings belong to the organisation as a whole: their tables have no owner column and no soft delete,
 * so their scope is the organisation alone. They are read by organisation id, because the lead module, the import
 * jobs and the demo seed ask for them without a session.
 */
export const orgWide = (orgId: number): Scope => ({ orgId, visibleUserIds: null });

/** The WHERE of every query of a settings table: the organisation's rows. */
export const inOrg = (orgId: number, table: OrgTable): SQL => scoped(orgWide(orgId), table);
