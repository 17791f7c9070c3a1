import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { appUser, department } from './schema';

/**
 * The users of an organisation as the lead screens need them (names for owners, departments for filters).
 * Read-only, for other modules (leads) that show owners and departments.
 */
export interface OrgUser {
  id: number;
  realName: string;
  deptId: number | null;
  deptName: string | null;
  status: number;
}

export async function orgUsers(db: DbOrTx, orgId: number): Promise<OrgUser[]> {
  return db
    .select({
      id: appUser.id,
      realName: appUser.realName,
      deptId: appUser.deptId,
      deptName: department.name,
      status: appUser.status,
    })
    .from(appUser)
    .leftJoin(department, eq(department.id, appUser.deptId))
    .where(eq(appUser.organizationId, orgId))
    .orderBy(appUser.id);
}

export async function orgUser(db: DbOrTx, orgId: number, userId: number): Promise<OrgUser | undefined> {
  const [row] = await db
    .select({
      id: appUser.id,
      realName: appUser.realName,
      deptId: appUser.deptId,
      deptName: department.name,
      status: appUser.status,
    })
    .from(appUser)
    .leftJoin(department, eq(department.id, appUser.deptId))
    .where(and(eq(appUser.organizationId, orgId), eq(appUser.id, userId)));
  return row;
}
