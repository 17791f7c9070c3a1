import { z } from 'zod';
import { backend, CountAnswer, IdAnswer } from './call';
import {
  clearableText,
  idField,
  KeywordPage,
  nameField,
  optionalId,
  optionalText,
  pageOf,
  sortNoField,
} from './fields';
import type { DeptNode } from './shapes';

/**
 * /organizationDept (部门: one tree per organisation under its root department) and /organizationStation (岗位),
 * under /api/backend. `sort` and the station calls are named here.
 */

/** '' (a cleared select) or null: no leader. */
const leaderUserId = z.preprocess((v) => (v === '' ? null : v), idField('部门负责人').nullable().optional());

export const DeptInput = z.object({
  parentId: idField('上级部门'),
  name: nameField('部门名称'),
  sortNo: sortNoField.optional(),
  leaderUserId,
});

export const DeptUpdate = z.object({
  id: idField('部门'),
  parentId: optionalId('上级部门'),
  name: nameField('部门名称').optional(),
  sortNo: sortNoField.optional(),
  leaderUserId,
});

/** Drag-and-drop ordering: each department's sort number and, optionally, its new parent. */
export const DeptSort = z.object({
  list: z
    .array(z.object({ id: idField('部门'), parentId: optionalId('上级部门'), sortNo: sortNoField }), {
      error: '排序列表不正确',
    })
    .min(1, '排序列表不能为空')
    .max(1000, '一次最多排序 1000 个部门'),
});

/** A department of the tree, with its users counted (DeptNode of shapes.ts). */
export const Dept: z.ZodType<DeptNode> = z
  .object({
    id: z.number(),
    parentId: z.number().nullable(),
    name: z.string(),
    sortNo: z.number(),
    leaderUserId: z.number().nullable(),
    leaderName: z.string().nullable(),
    userCount: z.number(),
    totalUserCount: z.number(),
    depth: z.number(),
    createdAt: z.string().nullable(),
    children: z.array(z.lazy(() => Dept)),
  })
  .meta({ id: 'Dept' });

export const PositionInput = z.object({
  name: nameField('岗位名称'),
  sortNo: sortNoField.optional(),
  remark: optionalText('备注', 200),
});

/** Fields left out stay as they are; remark: '' or null clears it. */
export const PositionUpdate = z.object({
  id: idField('岗位'),
  name: PositionInput.shape.name.optional(),
  sortNo: PositionInput.shape.sortNo,
  remark: clearableText('备注', 200),
});

/** A position (岗位) with the number of its users. */
export const Position = z.object({
  id: z.number(),
  name: z.string(),
  /** The spec's name of `name`. */
  stationName: z.string(),
  sortNo: z.number(),
  remark: z.string().nullable(),
  userCount: z.number(),
  createdAt: z.string().nullable(),
});

const deptId = z.object({ id: idField('部门') });
const positionId = z.object({ id: idField('岗位') });

export const depts = {
  tree: backend.post('/organizationDept/tree', '部门树（含人数）', { answer: z.array(Dept) }),
  save: backend.post('/organizationDept/save', '新增部门', { body: DeptInput, answer: IdAnswer }),
  update: backend.post('/organizationDept/update', '编辑部门', { body: DeptUpdate, answer: IdAnswer }),
  delete: backend.post('/organizationDept/delete', '删除部门', { body: deptId, answer: IdAnswer }),
  sort: backend.post('/organizationDept/sort', '部门排序', { body: DeptSort, answer: CountAnswer }),
};

export const positions = {
  list: backend.post('/organizationStation/list', '岗位列表', { body: KeywordPage, answer: pageOf(Position) }),
  save: backend.post('/organizationStation/save', '新增岗位', { body: PositionInput, answer: IdAnswer }),
  update: backend.post('/organizationStation/update', '编辑岗位', { body: PositionUpdate, answer: IdAnswer }),
  delete: backend.post('/organizationStation/delete', '删除岗位', { body: positionId, answer: IdAnswer }),
};
