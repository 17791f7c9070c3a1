import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import type { DeptNode } from '@crm/core/contract/shapes';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { scoped, updateScoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { deptSubtree } from './hierarchy';
import { appUser, department } from './schema';
import { findDept, ownDepts, userOfOrg } from './scope';
import { userCountsBy } from './service';

/** Departments (/organizationDept): one tree per organisation under its root department. */

type Calls = typeof contract.depts;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

/** The whole tree of the organisation, each department with its users counted (whatever the data scope). */
export async function deptTree(db: Db, s: Session): Promise<Answer<'tree'>> {
  const rows = await db
    .select()
    .from(department)
    .where(scoped(s, department))
    .orderBy(asc(department.sortNo), asc(department.id));
  const countOf = await userCountsBy(db, s, appUser.deptId);
  const leaders = rows.map((r) => r.leaderUserId).filter((v): v is number => v !== null);
  const names = leaders.length
    ? await db
        .select({ id: appUser.id, realName: appUser.realName })
        .from(appUser)
        .where(and(scoped(s, appUser), inArray(appUser.id, leaders)))
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n.realName]));
  const nodes = new Map<number, DeptNode>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        parentId: r.parentId,
        name: r.name,
        sortNo: r.sortNo,
        leaderUserId: r.leaderUserId,
        leaderName: r.leaderUserId ? (nameOf.get(r.leaderUserId) ?? null) : null,
        userCount: countOf.get(r.id) ?? 0,
        totalUserCount: 0,
        depth: 0,
        createdAt: formatDateTime(r.createdAt),
        children: [],
      },
    ]),
  );
  const roots: DeptNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId !== null ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const finish = (node: DeptNode, depth: number): number => {
    node.depth = depth;
    node.totalUserCount = node.userCount + node.children.reduce((sum, c) => sum + finish(c, depth + 1), 0);
    return node.totalUserCount;
  };
  for (const root of roots) finish(root, 0);
  return roots;
}

/**
 * Writes to the tree run one at a time per organisation (advisory lock), so that two re-parentings checked
 * each against the other's old tree cannot together make a cycle.
 */
function lockTree(tx: DbOrTx, orgId: number) {
  return tx.execute(sql`select pg_advisory_xact_lock(727300, ${orgId})`);
}

function guardManageable(own: Set<number> | null, deptId: number) {
  if (own && !own.has(deptId)) throw forbidden('只能管理本部门及下级部门');
}

/** A leader is any user of the organisation, but a limited scope picks only among its own departments' users. */
async function checkLeader(db: DbOrTx, s: Session, own: Set<number> | null, leaderUserId: number | null | undefined) {
  if (!leaderUserId) return;
  const leader = await userOfOrg(db, s, leaderUserId);
  if (own && (leader.deptId === null || !own.has(leader.deptId)))
    throw forbidden('部门负责人只能选择本部门及下级部门的用户');
}

async function assertSiblingName(db: DbOrTx, s: Session, parentId: number | null, name: string, exceptId?: number) {
  const [hit] = await db
    .select({ id: department.id })
    .from(department)
    .where(
      and(
        scoped(s, department),
        parentId === null ? undefined : eq(department.parentId, parentId),
        eq(department.name, name),
        exceptId ? ne(department.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (hit) throw conflict('同级部门中已有同名部门');
}

export async function createDept(db: Db, s: Session, input: Body<'save'>): Promise<Answer<'save'>> {
  return db.transaction(async (tx) => {
    await lockTree(tx, s.orgId);
    const own = await ownDepts(tx, s);
    await findDept(tx, s, input.parentId);
    guardManageable(own, input.parentId);
    await checkLeader(tx, s, own, input.leaderUserId);
    await assertSiblingName(tx, s, input.parentId, input.name);
    const [row] = await tx
      .insert(department)
      .values({
        organizationId: s.orgId,
        parentId: input.parentId,
        name: input.name,
        sortNo: input.sortNo ?? 0,
        leaderUserId: input.leaderUserId ?? null,
      })
      .returning({ id: department.id });
    return { id: row.id };
  });
}

export async function updateDept(db: Db, s: Session, input: Body<'update'>): Promise<Answer<'update'>> {
  return db.transaction(async (tx) => {
    await lockTree(tx, s.orgId);
    const own = await ownDepts(tx, s);
    const current = await findDept(tx, s, input.id);
    guardManageable(own, current.id);
    if (input.parentId !== undefined && input.parentId !== current.parentId) {
      if (current.parentId === null) throw badRequest('parentId：根部门不能设置上级部门');
      await findDept(tx, s, input.parentId);
      guardManageable(own, input.parentId);
      const subtree = await deptSubtree(tx, s.orgId, current.id);
      if (subtree.includes(input.parentId)) throw badRequest('parentId：上级部门不能是本部门或其下级部门');
    }
    // the edit form sends the current leader back: only a new one is checked
    if (input.leaderUserId !== current.leaderUserId) await checkLeader(tx, s, own, input.leaderUserId);
    if (input.name !== undefined)
      await assertSiblingName(tx, s, input.parentId ?? current.parentId, input.name, current.id);
    await updateScoped(tx, s, department, input);
    return { id: input.id };
  });
}

export async function deleteDept(db: Db, s: Session, id: number): Promise<Answer<'delete'>> {
  return db.transaction(async (tx) => {
    await lockTree(tx, s.orgId);
    const current = await findDept(tx, s, id);
    guardManageable(await ownDepts(tx, s), current.id);
    if (current.parentId === null) throw badRequest('根部门不能删除');
    const [{ n: children }] = await tx
      .select({ n: count() })
      .from(department)
      .where(and(scoped(s, department), eq(department.parentId, id)));
    if (children > 0) throw badRequest('该部门下还有子部门，不能删除');
    const users = (await userCountsBy(tx, s, appUser.deptId, [id])).get(id) ?? 0;
    if (users > 0) throw badRequest(`该部门下还有 ${users} 个用户，不能删除`);
    await tx.delete(department).where(and(eq(department.id, id), scoped(s, department)));
    return { id };
  });
}

/**
 * Drag-and-drop ordering: each item gives a department's sort number and, optionally, its new parent. The result
 * must stay one tree under the root (no cycles, the root keeps no parent).
 */
export async function sortDepts(db: Db, s: Session, items: Body<'sort'>['list']): Promise<Answer<'sort'>> {
  return db.transaction(async (tx) => {
    await lockTree(tx, s.orgId);
    const own = await ownDepts(tx, s);
    const rows = await tx.select().from(department).where(scoped(s, department));
    const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
    for (const item of items) {
      if (!parentOf.has(item.id)) throw notFound('部门不存在');
      guardManageable(own, item.id);
      if (item.parentId !== undefined) {
        if (!parentOf.has(item.parentId)) throw notFound('上级部门不存在');
        if (parentOf.get(item.id) === null) throw badRequest('根部门不能设置上级部门');
        if (item.parentId !== parentOf.get(item.id)) guardManageable(own, item.parentId);
        parentOf.set(item.id, item.parentId);
      }
    }
    for (const start of parentOf.keys()) {
      const seen = new Set<number>();
      for (let at: number | null | undefined = start; at != null; at = parentOf.get(at)) {
        if (seen.has(at)) throw badRequest('部门层级不能形成循环');
        seen.add(at);
      }
    }
    for (const item of items)
      await tx
        .update(department)
        .set({ sortNo: item.sortNo, ...(item.parentId !== undefined ? { parentId: item.parentId } : {}) })
        .where(and(eq(department.id, item.id), scoped(s, department)));
    return { count: items.length };
  });
}
