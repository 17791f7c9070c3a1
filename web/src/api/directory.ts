import { contract } from '@crm/core/contract';
import type { DeptNode } from '@crm/core/contract/shapes';
import { useCallQuery } from './hooks';

/**
 * The organisation's directory as many pages show it: its users (select options, within the caller's data scope)
 * and its department tree. Writes that change them invalidate the same calls (contract.users.getUserList,
 * contract.depts.tree).
 */

/** The users the caller's data scope covers, for selects (owners, leaders, uploaders…). */
export const useUserOptions = () => useCallQuery(contract.users.getUserList, {});

/** The department tree, each department with its users counted. */
export const useDeptTree = () => useCallQuery(contract.depts.tree, undefined);

/** antd TreeSelect / Tree data of the department tree. */
export interface DeptOption {
  title: string;
  value: number;
  key: number;
  children: DeptOption[];
}

export function deptTreeData(nodes: DeptNode[] | undefined, withCount = false): DeptOption[] {
  return (nodes ?? []).map((n) => ({
    title: withCount ? `${n.name}（${n.totalUserCount}）` : n.name,
    value: n.id,
    key: n.id,
    children: deptTreeData(n.children, withCount),
  }));
}
