/** /organizationDept (部门) and /organizationStation (岗位): the calls of contract.depts and contract.positions. */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { createDept, deleteDept, deptTree, sortDepts, updateDept } from './depts';
import { createPosition, deletePosition, listPositions, updatePosition } from './positions';

export function deptRoutes(ctx: AppContext): void {
  const { app, db } = ctx;
  const d = contract.depts;
  implement(app, d.tree, {}, ({ session }) => deptTree(db, session));
  implement(app, d.save, { sign: 'dept:edit', audit: '新增部门' }, ({ session, body }) =>
    createDept(db, session, body),
  );
  implement(app, d.update, { sign: 'dept:edit', audit: '编辑部门' }, ({ session, body }) =>
    updateDept(db, session, body),
  );
  implement(app, d.delete, { sign: 'dept:edit', audit: '删除部门' }, ({ session, body }) =>
    deleteDept(db, session, body.id),
  );
  implement(app, d.sort, { sign: 'dept:edit', audit: '部门排序' }, ({ session, body }) =>
    sortDepts(db, session, body.list),
  );

  const p = contract.positions;
  implement(app, p.list, {}, ({ session, body }) => listPositions(db, session, body));
  implement(app, p.save, { sign: 'dept:edit', audit: '新增岗位' }, ({ session, body }) =>
    createPosition(db, session, body),
  );
  implement(app, p.update, { sign: 'dept:edit', audit: '编辑岗位' }, ({ session, body }) =>
    updatePosition(db, session, body),
  );
  implement(app, p.delete, { sign: 'dept:edit', audit: '删除岗位' }, ({ session, body }) =>
    deletePosition(db, session, body.id),
  );
}
