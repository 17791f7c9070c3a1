import { ROUTES } from '@crm/core';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';

/**
 * The routes of the WeCom app (spec plan I1): /weComApp with its tabs, nested under one mobile layout, and the call's
 * analysis detail /weComAnalyseDetail. Only dynamic imports here: the router imports this file, and antd-mobile and
 * the pages must stay out of the desktop entry.
 */
const OWN = ['/weComApp', '/weComAnalyseDetail'];

/** Whether a route of the table is built here (the router leaves it out of its flat routes). */
export const isWeComAppRoute = (path: string): boolean => OWN.some((p) => path === p || path.startsWith(`${p}/`));

const handleOf = (path: string) => {
  const meta = ROUTES.find((r) => r.path === path);
  return { title: meta?.title, meta };
};

const lazyPage = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const TABS: Record<string, () => Promise<{ default: ComponentType }>> = {
  kanban: () => import('./KanbanPage'),
  analyse: () => import('./AnalysePage'),
  message: () => import('./MessagePage'),
  customer: () => import('./CustomerPage'),
  staff: () => import('./StaffPage'),
  user: () => import('./UserPage'),
};

export function weComAppRoutes(): RouteObject[] {
  const home = ROUTES.find((r) => r.path === '/weComApp')?.redirect ?? '/weComApp/analyse';
  return [
    {
      path: 'weComApp',
      handle: handleOf('/weComApp'),
      lazy: lazyPage(() => import('./WeComAppLayout')),
      children: [
        { index: true, element: <Navigate to={home} replace /> },
        ...Object.entries(TABS).map(([tab, load]) => ({
          path: tab,
          handle: handleOf(`/weComApp/${tab}`),
          lazy: lazyPage(load),
        })),
      ],
    },
    {
      path: 'weComAnalyseDetail',
      handle: handleOf('/weComAnalyseDetail'),
      lazy: lazyPage(() => import('./AnalyseDetailPage')),
    },
  ];
}
