import { ROUTES } from '@crm/core';
import { describe, expect, it } from 'vitest';
import { isWeComAppRoute, weComAppRoutes } from './routes';

describe('the WeCom app routes', () => {
  it('covers every /weComApp route of the table and the analysis detail, and nothing else', () => {
    const own = ROUTES.filter((r) => isWeComAppRoute(r.path)).map((r) => r.path);
    expect(own).toEqual(
      expect.arrayContaining(['/weComApp', '/weComApp/kanban', '/weComApp/user', '/weComAnalyseDetail']),
    );
    expect(isWeComAppRoute('/weComAuth')).toBe(false);
    expect(isWeComAppRoute('/weComSidebar/customerAnalysis')).toBe(false);
    expect(isWeComAppRoute('/weComAppX')).toBe(false);
    const [app, detail] = weComAppRoutes();
    const tabs = (app.children ?? []).filter((c) => c.path).map((c) => `/weComApp/${c.path}`);
    expect([...tabs, '/weComApp', `/${detail.path}`].sort()).toEqual([...own].sort());
  });

  it('titles each route as the table does and sends /weComApp to its first tab', () => {
    const [app, detail] = weComAppRoutes();
    for (const child of app.children ?? []) {
      if (!child.path) continue;
      expect((child.handle as { title: string }).title).toBe(
        ROUTES.find((r) => r.path === `/weComApp/${child.path}`)?.title,
      );
    }
    expect((detail.handle as { title: string }).title).toBe('分析详情');
    const index = app.children?.find((c) => c.index);
    expect((index?.element as { props: { to: string } } | undefined)?.props.to).toBe('/weComApp/analyse');
  });
});
