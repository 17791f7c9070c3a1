/**
 * Products and orders (/crmProduct, /crmOrder): the catalogue with custom product fields, orders of a lead or
 * customer with priced lines (integer fen, see lineTotalFen), payments, statuses, history, sequential order
 * numbers per day, and the customer's stage moved when an order is paid in full.
 *
 *   schema.ts        crm_product, crm_order, crm_order_line, crm_order_payment, crm_order_event, crm_order_seq, crm_order_setting
 *   products.ts      the catalogue
 *   orders.ts        order writes: add, edit, delete, payments, status, settings
 *   queries.ts       list (filters, capped count), export, detail
 *   numbering.ts     DD + day + sequence
 *   customValues.ts  custom order and product fields (/clueOrderField definitions)
 */
import type { Module } from '../../platform/context';
import { OrderWriter } from './orders';
import { orderRoutes } from './routes';
import { seedOrders } from './seed';

export const orderModule: Module = {
  name: 'order',
  setup(ctx) {
    orderRoutes(ctx, new OrderWriter(ctx.db, ctx.services.clue, ctx.services.uploads));
  },
  async seed(ctx, demo) {
    for (const [i, org] of demo.entries()) await seedOrders(ctx, org, i);
  },
};

export { dealDayFacts } from './orderFacts';
export { dealRows } from './readModel';
