import type { CascadeNode } from '@crm/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { AreaNode, CascaderOption, ColumnDef, DictItem, FieldDef, OrgUserOption, TagGroup } from './types';

/** Dictionary kinds of the business settings and the path of each list. */
export const DICT_KINDS = {
  followWay: { label: '跟进方式', base: 'robot', path: '/clue/followWay' },
  followStatus: { label: '跟进状态', base: 'robot', path: '/clue/followStatus' },
  followPhase: { label: '跟进阶段', base: 'robot', path: '/clue/followPhase' },
  channelSource: { label: '渠道来源', base: 'backend', path: '/channelSourceSet' },
  lostReason: { label: '丢单原因', base: 'robot', path: '/clue/lostReason' },
} as const;
export type DictKind = keyof typeof DICT_KINDS;

export const dictClient = (kind: DictKind) => api[DICT_KINDS[kind].base];

/** Which list of columns (userCustomField type) a page uses. */
export const TABLE_TYPE = { customerManage: 1, dataImport: 2, recycleBin: 3 } as const;

const STALE = 60_000;

export const useFieldDefs = () =>
  useQuery({
    queryKey: ['clue', 'fieldDefs'],
    queryFn: () => api.robot.post<FieldDef[]>('/customFieldShow/list'),
    staleTime: STALE,
  });

export const useDict = (kind: DictKind, onlyEnabled = true) =>
  useQuery({
    queryKey: ['clue', 'dict', kind, onlyEnabled],
    queryFn: () => dictClient(kind).post<DictItem[]>(`${DICT_KINDS[kind].path}/list`, { onlyEnabled }),
    staleTime: STALE,
  });

export const useTagGroups = () =>
  useQuery({
    queryKey: ['clue', 'tagGroups'],
    queryFn: () => api.robot.post<TagGroup[]>('/clue/tagGroup/list'),
    staleTime: STALE,
  });

/** Users whose leads the session may see (the data scope), for owner filters and assignment. */
export const useClueUsers = () =>
  useQuery({
    queryKey: ['clue', 'users'],
    queryFn: () => api.analysis.post<OrgUserOption[]>('/api/clue/getUserList'),
    staleTime: STALE,
  });

export const useAreaTree = () =>
  useQuery({
    queryKey: ['clue', 'areaTree'],
    queryFn: () => api.robot.get<AreaNode[]>('/clue/board/getAreaList'),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useColumns = (type: number) =>
  useQuery({
    queryKey: ['clue', 'columns', type],
    queryFn: () => api.analysis.post<ColumnDef[]>('/asr/V1/getClueUserCustomByType', { type }),
  });

/** Re-reads the settings lists after a change in /serviceSetup. */
export function useInvalidateClueSettings() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['clue'] });
}

export const toOptions = (items: { id: number; name: string }[] | undefined) =>
  (items ?? []).map((d) => ({ value: d.id, label: d.name }));

export const userOptions = (users: OrgUserOption[] | undefined) =>
  (users ?? []).map((u) => ({ value: u.id, label: u.deptName ? `${u.realName}（${u.deptName}）` : u.realName }));

export const tagOptions = (groups: TagGroup[] | undefined) =>
  (groups ?? []).map((g) => ({
    label: g.groupName,
    title: g.groupName,
    options: g.tagList.map((t) => ({ value: t.id, label: t.tagName })),
  }));

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
export async function validValues<T = Record<string, any>>(form: {
  validateFields: () => Promise<T>;
}): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch {
    return null;
  }
}
