import { useMemo } from 'react';
import { useScopeDepts, useScopeUsers } from '../../components/charts/StatsFilterBar';

interface DeptNode {
  id: number;
  name: string;
  children: DeptNode[];
}
export interface DeptOption {
  title: string;
  value: number;
  children: DeptOption[];
}
const treeOf = (nodes: DeptNode[] | undefined): DeptOption[] =>
  (nodes ?? []).map((n) => ({ title: n.name, value: n.id, children: treeOf(n.children) }));

/** The departments of the session's data scope as a TreeSelect's tree. */
export function useDeptTree() {
  const depts = useScopeDepts();
  const tree = useMemo(() => treeOf(depts.data), [depts.data]);
  return { tree, loading: depts.isLoading };
}

/** The users of the session's data scope as options (`active`: enabled ones only, for assigning). */
export function useUserOptions(active = false) {
  const people = useScopeUsers();
  const options = useMemo(
    () => (people.data ?? []).filter((u) => !active || u.status === 1).map((u) => ({ value: u.id, label: u.realName })),
    [people.data, active],
  );
  return { options, loading: people.isLoading };
}
