/** /organizationDept (部门) and /organizationStation (岗位): the calls of contract.depts and contract.positions. */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { createDept, deleteDept, deptTree, sortDepts, updateDept } from './depts';
import { createPosition, deletePosition, listPositions, updatePosition } from './positions';

export function deptRoutes(ctx: AppContext): void {
  const { app, db } = ctx;
  /** Every write of departments and positions takes the dept:edit sign and is logged as `audit`. */
  const edit = (audit: string) => ({ sign: 'dept:edit' as const, audit });
  const d = contract.depts;
  implement(app, d.tree, {}, ({ session }) => deptTree(db, session));
  implement(app, d.save, edit('新增部门'), ({ session, body }) => createDept(db, session, body));
  implement(app, d.update, edit('编辑部门'), ({ session, body }) => updateDept(db, session, body));
  implement(app, d.delete, edit('删除部门'), ({ session, body }) => deleteDept(db, session, body.id));
  implement(app, d.sort, edit('部门排序'), ({ session, body }) => sortDepts(db, session, body.list));

  const p = contract.positions;
  implement(app, p.list, {}, ({ session, body }) => listPositions(db, session, body));
  implement(app, p.save, edit('新增岗位'), ({ session, body }) => createPosition(db, session, body));
  implement(app, p.update, edit('编辑岗位'), ({ session, body }) => updatePosition(db, session, body));
  implement(app, p.delete, edit('删除岗位'), ({ session, body }) => deletePosition(db, session, body.id));
}
