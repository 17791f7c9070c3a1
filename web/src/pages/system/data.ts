import type { DeptNode, Page } from '@crm/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export interface RoleRow {
  id: number;
  name: string;
  roleSign: string;
  dataScope: 1 | 2 | 3;
  dataScopeName: string;
  functionSigns: string[];
  routes: string[];
  remark: string | null;
  builtIn: boolean;
  userCount: number;
  createdAt: string;
}

export interface PositionRow {
  id: number;
  name: string;
  sortNo: number;
  remark: string | null;
  userCount?: number;
  createdAt?: string;
}

export interface UserRow {
  id: number;
  username: string;
  realName: string;
  phone: string | null;
  email: string | null;
  deptId: number | null;
  deptName: string | null;
  roleId: number | null;
  roleName: string | null;
  positionId: number | null;
  positionName: string | null;
  status: 1 | 2;
  statusName: string;
  isSuperAdmin: boolean;
  isSalesChampion: boolean;
  workStatus: number;
  workStatusName: string;
  seatNo: string | null;
  lastLoginAt: string | null;
  createdAt: string;
}

export const useDeptTree = () =>
  useQuery({ queryKey: ['deptTree'], queryFn: () => api.backend.post<DeptNode[]>('/organizationDept/tree', {}) });

export const useRoleOptions = () =>
  useQuery({
    queryKey: ['roleOptions'],
    queryFn: () =>
      api.backend.post<Page<RoleRow>>('/roleController/list', { pageNum: 1, pageSize: 100 }).then((p) => p.lists),
  });

export const usePositionOptions = () =>
  useQuery({
    queryKey: ['positionOptions'],
    queryFn: () =>
      api.backend
        .post<Page<PositionRow>>('/organizationStation/list', { pageNum: 1, pageSize: 100 })
        .then((p) => p.lists),
  });

export const useUserOptions = () =>
  useQuery({
    queryKey: ['userOptions'],
    queryFn: () => api.backend.get<{ id: number; realName: string; username: string }[]>('/userController/getUserList'),
  });

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
