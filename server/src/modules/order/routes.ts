/** /crmProduct and /crmOrder: the calls of contract.product and contract.order. */
import { formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { sendXlsx } from '../../platform/xlsxExport';
import { getSetting, type OrderWriter, saveSetting } from './orders';
import { addProduct, deleteProduct, listProducts, updateProduct } from './products';
import { exportOrders, listOrders, orderDetail } from './queries';

export function orderRoutes(ctx: AppContext, orders: OrderWriter): void {
  const { app, db } = ctx;
  const p = contract.product;
  implement(app, p.pagelist, { sign: 'order:view' }, ({ session, body }) => listProducts(db, session, body));
  implement(app, p.add, { sign: 'product:edit', audit: '新增产品' }, ({ session, body }) =>
    addProduct(db, session, body),
  );
  implement(app, p.update, { sign: 'product:edit', audit: '编辑产品' }, ({ session, body }) =>
    updateProduct(db, session, body),
  );
  implement(app, p.delete, { sign: 'product:edit', audit: '删除产品' }, ({ session, body }) =>
    deleteProduct(db, session, body.id),
  );

  const o = contract.order;
  implement(app, o.pagelist, { sign: 'order:view' }, ({ session, body }) => listOrders(db, session, body));
  implement(app, o.detail, { sign: 'order:view' }, ({ session, body }) =>
    orderDetail(db, ctx.services.clue, session, body.id),
  );
  implement(app, o.add, { sign: 'order:edit', audit: '新增订单' }, ({ session, body }) => orders.add(session, body));
  implement(app, o.update, { sign: 'order:edit', audit: '编辑订单' }, ({ session, body }) =>
    orders.update(session, body),
  );
  implement(app, o.delete, { sign: 'order:delete', audit: '删除订单' }, ({ session, body }) =>
    orders.delete(session, body.id),
  );
  implement(app, o.addPayment, { sign: 'order:edit', audit: '登记回款' }, ({ session, body }) =>
    orders.addPayment(session, body),
  );
  implement(app, o.changeStatus, { sign: 'order:edit', audit: '变更订单状态' }, ({ session, body }) =>
    orders.changeStatus(session, body),
  );
  implement(app, o.export, { sign: 'order:export', raw: true }, async ({ session, body, req, reply }) => {
    await app.audit(req, '导出订单');
    const name = `订单_${formatDateTime(new Date())!.replace(/\D/g, '')}.xlsx`;
    return sendXlsx(reply, name, exportOrders(db, session, body), 'orders.xlsx');
  });
  implement(app, o.getSetting, { sign: 'order:view' }, ({ session }) => getSetting(db, session.orgId));
  implement(app, o.saveSetting, { sign: 'field:edit', audit: '保存订单设置' }, ({ session, body }) =>
    saveSetting(db, session, body),
  );
}
