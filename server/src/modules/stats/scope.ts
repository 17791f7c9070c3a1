import type { ScopeDept, StatsFilter } from '@crm/core/contract/stats';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { seesUser } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { deptSubtree, deptTree, type OrgUser, orgUsers } from '../org';

/**
 * Who a statistics call counts: the session's data scope (a seat their own figures, a manager their departments)
 * narrowed by the filter's department (and those below it) and users. Every figure of the module is computed over
 * the user ids this answers, so the same filter gives the same people on every screen.
 */

/** The users the caller's data scope covers (disabled ones too: their past figures still count). */
export async function scopeUsers(db: DbOrTx, s: Session): Promise<OrgUser[]> {
  return (await orgUsers(db, s.orgId)).filter((u) => seesUser(s, u.id));
}

/**
 * The departments of the caller's scope as a tree: every department for an organisation-wide scope; else the
 * caller's own department with those below it, and the departments of the users they see.
 */
export async function scopeDepts(db: Db, s: Session): Promise<ScopeDept[]> {
  const tree = await deptTree(db, s);
  const flat: ScopeDept[] = [];
  const walk = (nodes: typeof tree) => {
    for (const n of nodes) {
      flat.push({ id: n.id, name: n.name, parentId: n.parentId, children: [] });
      walk(n.children);
    }
  };
  walk(tree);
  let allowed: Set<number> | null = null;
  if (s.visibleUserIds !== null) {
    allowed = new Set(s.deptId && s.dataScope > 1 ? await deptSubtree(db, s.orgId, s.deptId) : []);
    for (const u of await scopeUsers(db, s)) if (u.deptId) allowed.add(u.deptId);
  }
  const kept = new Map(flat.filter((d) => !allowed || allowed.has(d.id)).map((d) => [d.id, d]));
  const roots: ScopeDept[] = [];
  for (const d of kept.values()) {
    const parent = d.parentId === null ? undefined : kept.get(d.parentId);
    (parent ? parent.children : roots).push(d);
  }
  return roots;
}

export interface Audience {
  /** The users counted, ascending. */
  userIds: number[];
  users: Map<number, OrgUser>;
  /** Every user of the organisation: queries may leave out the user test. */
  everyone: boolean;
}

/** The users a statistics filter counts (see above); another organisation's department or user is not found. */
export async function audienceOf(db: Db, s: Session, f: Pick<StatsFilter, 'deptId' | 'userIds'>): Promise<Audience> {
  let users = await scopeUsers(db, s);
  const everyone = s.visibleUserIds === null && !f.deptId && !f.userIds?.length;
  if (f.deptId) {
    const depts = new Set(await deptSubtree(db, s.orgId, f.deptId));
    if (!depts.size) throw notFound('部门不存在');
    users = users.filter((u) => u.deptId !== null && depts.has(u.deptId));
  }
  if (f.userIds?.length) {
    const seen = new Set(users.map((u) => u.id));
    const all = new Set((await orgUsers(db, s.orgId)).map((u) => u.id));
    if (f.userIds.some((id) => !all.has(id))) throw notFound('员工不存在');
    const wanted = new Set(f.userIds.filter((id) => seen.has(id)));
    users = users.filter((u) => wanted.has(u.id));
  }
  return {
    userIds: users.map((u) => u.id).sort((a, b) => a - b),
    users: new Map(users.map((u) => [u.id, u])),
    everyone,
  };
}
