import { ROUTES, type RouteMeta } from '@crm/core';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { fallback } from '../components/Fallback';
import { isWeComAppRoute, weComAppRoutes } from '../wecom/app/routes';
import { installNavigator } from './navigation';
import { PAGES } from './pages';
import Root from './Root';
import { getToken } from './session';

// The shell, the status pages and the placeholder are chunks of their own: the entry (the sign-in page's load) carries
// neither the shell nor antd's Result and its pictures.
const Shell = lazy(() => import('../layouts/MainLayout'));
const NotFoundPage = lazy(() => import('../components/StatusPage'));
const Placeholder = lazy(() => import('../components/Placeholder'));
const mainLayout = async () => ({ Component: (await import('../layouts/MainLayout')).default });

/** An address no route answers: 页面不存在 inside the shell when signed in, alone (with 前往登录) otherwise. */
function NotFound() {
  return <Suspense fallback={fallback}>{getToken() ? <Shell /> : <NotFoundPage />}</Suspense>;
}

/** One route of the table: its page (lazy chunk) or the 功能建设中 placeholder, a redirect, and its title. */
function routeOf(meta: RouteMeta, path: string): RouteObject {
  const handle = { title: meta.title, meta };
  if (meta.redirect) return { path, handle, element: <Navigate to={meta.redirect} replace /> };
  const loader = PAGES[meta.path];
  if (!loader)
    return {
      path,
      handle,
      element: (
        <Suspense fallback={fallback}>
          <Placeholder title={meta.title} />
        </Suspense>
      ),
    };
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
  const top = ROUTES.filter((r) => r.access !== 'main' && r.path !== '/' && !isWeComAppRoute(r.path)).map((r) =>
    routeOf(r, r.path),
  );
  const main = ROUTES.filter((r) => r.access === 'main').map((r) => routeOf(r, r.path.slice(1)));
  return [
    {
      path: '/',
      Component: Root,
      hydrateFallbackElement: fallback,
      children: [
        { index: true, element: <Navigate to="/login" replace />, handle: { title: '登录' } },
        ...top,
        // the WeCom app: its tabs nested under one mobile layout (web/src/wecom/app/routes.tsx)
        ...weComAppRoutes(),
        {
          path: 'main',
          lazy: mainLayout,
          children: [
            {
              index: true,
              lazy: async () => ({ Component: (await import('../layouts/MainIndex')).default }),
              handle: { title: '首页' },
            },
            ...main,
            // an unknown address under /main: 页面不存在 in the shell
            { path: '*', element: <NotFoundPage />, handle: { title: '页面不存在' } },
          ],
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
