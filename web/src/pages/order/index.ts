import type { PageLoader } from '../loader';

/** Orders and products (issue 16): /main/orderManagement, /main/productManagement, /main/orderDetails. */
export const pages: Record<string, PageLoader> = {
  '/orderManagement': () => import('./OrderManagement'),
  '/productManagement': () => import('./ProductManagement'),
  '/orderDetails': () => import('./OrderDetails'),
};
