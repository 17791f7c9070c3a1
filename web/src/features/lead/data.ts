import { type Call, type CallAnswer, contract } from '@crm/core/contract';
import type { AreaNode } from '@crm/core/contract/clue';
import { TABLE_TYPE } from '@crm/core/contract/clueField';
import type { CascadeNode } from '@crm/core/contract/shapes';
import { useQueryClient } from '@tanstack/react-query';
import { keyOf, useCallQuery } from '../../api/hooks';

/** Which list of columns (userCustomField type) a page uses. */
export { TABLE_TYPE };

/** A user whose leads the session may see (getUserList). */
export type ClueUser = CallAnswer<typeof contract.clue.users>[number];

/** An option of an antd Cascader. */
export interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

/** Users whose leads the session may see (the data scope), for owner filters and assignment. */
export const useClueUsers = () => useCallQuery(contract.clue.users, undefined);

/** The province / city / district tree: it never changes while the app runs. */
export const useAreaTree = () =>
  useCallQuery(contract.clue.areaList, undefined, { staleTime: Number.POSITIVE_INFINITY });

/** The user's columns of a lead list (userCustomField type, see TABLE_TYPE). */
export const useColumns = (type: number) => useCallQuery(contract.clueField.columns.byType, { type });

/** What the lead pages read that the business settings shape: fields, options, columns, users, the leads' views. */
const SHAPED_BY_SETTINGS: Call[] = [
  contract.clueField.fields.list,
  contract.clueField.tagGroups.list,
  ...Object.values(contract.clueField.dicts).map((d) => d.list),
  contract.clueField.columns.byType,
  contract.clue.users,
  contract.clue.detail,
  contract.clue.neighbours,
  contract.interaction.collaborators,
];

/** Re-reads the settings lists after a change in /serviceSetup. */
export function useInvalidateClueSettings() {
  const qc = useQueryClient();
  return () => Promise.all(SHAPED_BY_SETTINGS.map((c) => qc.invalidateQueries({ queryKey: keyOf(c) })));
}

export const toOptions = (items: { id: number; name: string }[] | undefined) =>
  (items ?? []).map((d) => ({ value: d.id, label: d.name }));

export const userOptions = (users: ClueUser[] | undefined) =>
  (users ?? []).map((u) => ({ value: u.id, label: u.deptName ? `${u.realName}（${u.deptName}）` : u.realName }));

/** antd Cascader options of the area tree. */
export function areaOptions(nodes: AreaNode[] | undefined): CascaderOption[] {
  return (nodes ?? []).map((n) => ({
    value: n.value,
    label: n.text,
    children: n.children?.length ? areaOptions(n.children) : undefined,
  }));
}

/** antd Cascader options of a custom field's cascade data. */
export function cascadeOptions(nodes: CascadeNode[]): CascaderOption[] {
  return nodes.map((n) => ({
    value: n.value,
    label: n.label,
    children: n.children?.length ? cascadeOptions(n.children) : undefined,
  }));
}

/** The form's values when valid; null when not (the form shows its messages; no unhandled rejection). */
export function validValues<T = Record<string, any>>(form: { validateFields: () => Promise<T> }): Promise<T | null> {
  return form.validateFields().catch(() => null);
}
