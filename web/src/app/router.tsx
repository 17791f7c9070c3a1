import { ROUTES, type RouteMeta } from '@crm/core';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { fallback } from '../components/Fallback';
import Placeholder from '../components/Placeholder';
import MainIndex from '../layouts/MainIndex';
import { installNavigator } from './navigation';
import { PAGES } from './pages';
import Root from './Root';

function NotFound() {
  return <Placeholder title="页面不存在" />;
}

/** One route of the table: its page (lazy chunk) or the 功能建设中 placeholder, a redirect, and its title. */
function routeOf(meta: RouteMeta, path: string): RouteObject {
  const handle = { title: meta.title, meta };
  if (meta.redirect) return { path, handle, element: <Navigate to={meta.redirect} replace /> };
  const loader = PAGES[meta.path];
  if (!loader) return { path, handle, element: <Placeholder title={meta.title} /> };
  return {
    path,
    handle,
    lazy: async () => {
      const mod = await loader();
      return { Component: mod.default };
    },
  };
}

export function buildRoutes(): RouteObject[] {
  const top = ROUTES.filter((r) => r.access !== 'main' && r.path !== '/').map((r) => routeOf(r, r.path));
  const main = ROUTES.filter((r) => r.access === 'main').map((r) => routeOf(r, r.path.slice(1)));
  return [
    {
      path: '/',
      Component: Root,
      hydrateFallbackElement: fallback,
      children: [
        { index: true, element: <Navigate to="/login" replace />, handle: { title: '登录' } },
        ...top,
        {
          path: 'main',
          lazy: async () => ({ Component: (await import('../layouts/MainLayout')).default }),
          children: [{ index: true, element: <MainIndex />, handle: { title: '首页' } }, ...main],
        },
        { path: '*', element: <NotFound />, handle: { title: '页面不存在' } },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  installNavigator((to, opts) => {
    void router.navigate(to, { replace: opts?.replace, state: opts?.state });
  });
  return router;
}
