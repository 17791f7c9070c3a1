import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { defineRoutes } from '../../platform/http';
import { pageQuery } from '../../platform/paging';
import {
  clearableText,
  idField,
  keywordField,
  nameField,
  optionalId,
  optionalText,
  sortNoField,
} from '../../platform/validation';
import { createDept, deleteDept, deptTree, sortDepts, updateDept } from './depts';
import { createPosition, deletePosition, listPositions, updatePosition } from './positions';

const leaderUserId = z.preprocess((v) => (v === '' ? null : v), idField('部门负责人').nullable().optional());

/** /organizationDept (departments) and /organizationStation (positions). */
export function deptRoutes(ctx: AppContext): void {
  const { db } = ctx;
  defineRoutes(ctx.app, 'backend', (r) => {
    r.post('/organizationDept/tree', { summary: '部门树（含人数）' }, ({ session }) => deptTree(db, session.orgId));
    r.post(
      '/organizationDept/save',
      {
        body: z.object({
          parentId: idField('上级部门'),
          name: nameField('部门名称'),
          sortNo: sortNoField.optional(),
          leaderUserId,
        }),
        sign: 'dept:edit',
        audit: '新增部门',
      },
      ({ session, body }) => createDept(db, session, body),
    );
    r.post(
      '/organizationDept/update',
      {
        body: z.object({
          id: idField('部门'),
          parentId: optionalId('上级部门'),
          name: nameField('部门名称').optional(),
          sortNo: sortNoField.optional(),
          leaderUserId,
        }),
        sign: 'dept:edit',
        audit: '编辑部门',
      },
      ({ session, body }) => updateDept(db, session, body),
    );
    r.post(
      '/organizationDept/delete',
      { body: z.object({ id: idField('部门') }), sign: 'dept:edit', audit: '删除部门' },
      ({ session, body }) => deleteDept(db, session, body.id),
    );
    r.post(
      '/organizationDept/sort',
      {
        body: z.object({
          list: z
            .array(z.object({ id: idField('部门'), parentId: optionalId('上级部门'), sortNo: sortNoField }), {
              error: '排序列表不正确',
            })
            .min(1, '排序列表不能为空')
            .max(1000, '一次最多排序 1000 个部门'),
        }),
        sign: 'dept:edit',
        audit: '部门排序',
      },
      ({ session, body }) => sortDepts(db, session, body.list),
    );

    const PositionFields = {
      name: nameField('岗位名称'),
      sortNo: sortNoField.optional(),
      remark: optionalText('备注', 200),
    };
    r.post(
      '/organizationStation/list',
      { body: z.object({ ...pageQuery, keyword: keywordField }), summary: '岗位列表' },
      ({ session, body }) => listPositions(db, session, body),
    );
    r.post(
      '/organizationStation/save',
      { body: z.object(PositionFields), sign: 'dept:edit', audit: '新增岗位' },
      ({ session, body }) => createPosition(db, session, body),
    );
    r.post(
      '/organizationStation/update',
      {
        body: z.object({
          id: idField('岗位'),
          name: PositionFields.name.optional(),
          sortNo: PositionFields.sortNo,
          remark: clearableText('备注', 200),
        }),
        sign: 'dept:edit',
        audit: '编辑岗位',
      },
      ({ session, body }) => updatePosition(db, session, body),
    );
    r.post(
      '/organizationStation/delete',
      { body: z.object({ id: idField('岗位') }), sign: 'dept:edit', audit: '删除岗位' },
      ({ session, body }) => deletePosition(db, session, body.id),
    );
  });
}
