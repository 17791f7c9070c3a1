import { RecordingSource } from '@crm/core';
import type { CallAnswer, contract } from '@crm/core/contract';
import type { DeptUserNode } from '@crm/core/contract/analysis';
import type { AppContext } from '../../platform/context';
import type { Session } from '../../platform/session';
import { departmentList, orgUsers } from '../org';
import { recordingCountsBySource } from '../recording';

/** What the call-analysis filters offer: the recording sources with their counts, the department → user tree. */

type Calls = typeof contract.analysis;

/** /asr/V1/applicationAll: the recording sources 1-6 (the "applications" a call came from), with the caller's counts. */
export async function applications(ctx: AppContext, s: Session): Promise<CallAnswer<Calls['applications']>> {
  const counts = await recordingCountsBySource(ctx.db, s);
  return Object.entries(RecordingSource).map(([source, name]) => ({
    source: Number(source),
    name,
    count: counts.get(Number(source)) ?? 0,
  }));
}

/**
 * /asr/V1/getOrganizationDeptUserTreeV2: departments with their users, of the users the caller's data scope covers.
 * An organisation-wide scope sees every department; a narrower one the departments holding its users and those
 * above them (so that the tree stays a tree).
 */
export async function deptUserTree(ctx: AppContext, s: Session): Promise<CallAnswer<Calls['deptUserTree']>> {
  const [depts, allUsers] = await Promise.all([departmentList(ctx.db, s.orgId), orgUsers(ctx.db, s.orgId)]);
  const visible = s.visibleUserIds === null ? null : new Set(s.visibleUserIds);
  const users = visible ? allUsers.filter((u) => visible.has(u.id)) : allUsers;
  const nodes = new Map<number, DeptUserNode & { parentId: number | null }>(
    depts.map((d) => [
      d.id,
      { key: `d${d.id}`, id: d.id, type: 'dept', name: d.name, children: [], parentId: d.parentId },
    ]),
  );
  const roots: DeptUserNode[] = [];
  const kept = new Set<number>();
  const keep = (id: number | null) => {
    for (let at = id; at != null && !kept.has(at); at = nodes.get(at)?.parentId ?? null) kept.add(at);
  };
  if (!visible) for (const id of nodes.keys()) kept.add(id);
  for (const u of users) {
    const node: DeptUserNode = { key: `u${u.id}`, id: u.id, type: 'user', name: u.realName, children: [] };
    const dept = u.deptId != null ? nodes.get(u.deptId) : undefined;
    if (dept) {
      dept.children.push(node);
      keep(dept.id);
    } else roots.push(node);
  }
  const deptRoots: DeptUserNode[] = [];
  for (const node of nodes.values()) {
    if (!kept.has(node.id)) continue;
    const parent = node.parentId != null && kept.has(node.parentId) ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : deptRoots).push(node);
  }
  const strip = (n: DeptUserNode & { parentId?: number | null }): DeptUserNode => ({
    key: n.key,
    id: n.id,
    type: n.type,
    name: n.name,
    // sub-departments first, then the department's users
    children: [...n.children.filter((c) => c.type === 'dept'), ...n.children.filter((c) => c.type === 'user')].map(
      strip,
    ),
  });
  return [...deptRoots, ...roots].map(strip);
}
