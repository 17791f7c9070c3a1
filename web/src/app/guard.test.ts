import { describe, expect, it } from 'vitest';
import {
  acceptsQueryToken,
  decide,
  firstPermitted,
  GUARD_ALLOW_LIST,
  type GuardInput,
  isEmbeddedDetail,
  isIframePath,
  matchRoute,
  queryToken,
} from './guard';
import { MENU_ORDER, menuFor } from './menu';

const base: GuardInput = {
  pathname: '/main/user',
  search: new URLSearchParams(),
  from: '/main/customerManage',
  token: 'tok',
  routes: ['/customerManage', '/user'],
  hasDetailState: false,
  env: 'local',
  menuOrder: MENU_ORDER,
};
const run = (over: Partial<GuardInput>) => decide({ ...base, ...over });

describe('route guard (spec part 1 section 2)', () => {
  it.each<[string, Partial<GuardInput>, ReturnType<typeof decide>]>([
    ['a permitted route is allowed', {}, { kind: 'allow' }],
    [
      'a route outside the permitted list is refused (无权限访问), not redirected',
      { pathname: '/main/role' },
      { kind: 'forbidden' },
    ],
    ["'1' first means unrestricted", { pathname: '/main/role', routes: ['1'] }, { kind: 'allow' }],
    [
      'until the permitted routes load the guard waits (and polls)',
      { pathname: '/main/role', routes: null },
      { kind: 'wait' },
    ],
    [
      'a login-required route without a token shows 请登录！ and goes to /login',
      { token: null },
      { kind: 'redirect', to: '/login', message: '请登录！' },
    ],
    [
      '/aiOpenPage (login flag, outside /main) needs a token',
      { pathname: '/aiOpenPage', token: null },
      { kind: 'redirect', to: '/login', message: '请登录！' },
    ],
    ['/aiOpenPage with a token is allowed', { pathname: '/aiOpenPage', routes: [] }, { kind: 'allow' }],
    ['public routes need nothing', { pathname: '/register', token: null, routes: null }, { kind: 'allow' }],
    ['/dashboard/:id is public', { pathname: '/dashboard/42', token: null }, { kind: 'allow' }],
    ['arrival from /callDetail skips the check', { pathname: '/main/role', from: '/callDetail' }, { kind: 'allow' }],
    ['arrival from / skips the check', { pathname: '/main/role', from: '/' }, { kind: 'allow' }],
    ['/Detail without saved state goes to /main', { pathname: '/main/Detail' }, { kind: 'redirect', to: '/main' }],
    [
      '/Detail with saved state (reload) is restored',
      { pathname: '/main/Detail', hasDetailState: true },
      { kind: 'allow' },
    ],
    [
      '/Detail with id, token and type in the query is allowed',
      { pathname: '/main/Detail', search: new URLSearchParams('id=1&token=t&type=1') },
      { kind: 'allow' },
    ],
    [
      'the team-messaging host sends /login to its own login route',
      { pathname: '/login', env: 'ding' },
      { kind: 'redirect', to: '/dingLogin' },
    ],
    ['an unknown path is left to the not-found page', { pathname: '/nope' }, { kind: 'allow' }],
    [
      'an H5 path takes its token from the query string',
      { pathname: '/dashboardH5', token: null, search: new URLSearchParams('token=abc') },
      { kind: 'allow' },
    ],
    ['a restricted user with no routes is refused', { pathname: '/main/role', routes: [] }, { kind: 'forbidden' }],
    ['an unknown path inside /main is left to the not-found page', { pathname: '/main/nope' }, { kind: 'allow' }],
  ])('%s', (_, over, out) => expect(run(over)).toEqual(out));

  it.each(
    GUARD_ALLOW_LIST.filter((p) => !['/', '/login', '/guide', '/main', '/Detail', '/reportStatistics'].includes(p)),
  )('allow-listed %s is reachable without permission', (path) =>
    expect(run({ pathname: `/main${path}`, routes: ['/customerManage'] })).toEqual({ kind: 'allow' }),
  );
  it('/main itself is allow-listed', () => expect(run({ pathname: '/main', routes: null })).toEqual({ kind: 'allow' }));

  it.each([
    ['/callDetail', true, true],
    ['/company-search', true, true],
    ['/iframe/anything', true, true],
    ['/dashboardH5', false, true],
    ['/reportStatisticsH5', false, true],
    ['/analysisH5/index', false, true],
    ['/main/user', false, false],
    ['/login', false, false],
  ])('%s: iframe %s, query token %s', (path, iframe, token) => {
    expect(isIframePath(path)).toBe(iframe);
    expect(acceptsQueryToken(path)).toBe(token);
  });

  it.each([
    ['/dashboardH5', 'token=abc', 'abc'],
    ['/main/user', 'token=abc', null],
    ['/main/Detail', 'id=1&token=abc&type=2', 'abc'],
    ['/callDetail', '', null],
  ])('query token of %s?%s → %s', (path, qs, token) => expect(queryToken(path, new URLSearchParams(qs))).toBe(token));

  it('embedded detail needs id, token and type', () => {
    expect(isEmbeddedDetail(new URLSearchParams('id=1&token=t&type=1'))).toBe(true);
    expect(isEmbeddedDetail(new URLSearchParams('id=1&token=t'))).toBe(false);
  });

  it.each([
    ['/main/user', '/user'],
    ['/main/user/', '/user'],
    ['/main/speechAssistant/index', '/speechAssistant/index'],
    ['/dashboard/7', '/dashboard/:id'],
    ['/user', null],
    ['/main', '/main'],
  ])('matchRoute %s → %s', (path, route) => expect(matchRoute(path)?.path ?? null).toBe(route));

  it.each([
    [['1'], '/main/customerManage'],
    [['/user', '/role'], '/main/user'],
    [[], '/main'],
  ])('first permitted of %o is %s', (routes, to) => expect(firstPermitted(routes, MENU_ORDER)).toBe(to));
});

describe('side menu of the permitted routes', () => {
  it('unrestricted users see every group', () => expect(menuFor(['1']).map((g) => g.title)).toContain('系统设置'));
  it('a restricted user sees only permitted items, empty groups dropped', () => {
    const groups = menuFor(['/customerManage', '/feedback', '/Detail']);
    expect(groups.map((g) => [g.title, g.items.map((i) => i.title)])).toEqual([
      ['客户管理', ['我的客户']],
      ['系统设置', ['意见反馈']],
    ]);
  });
  it('no routes, no menu', () => expect(menuFor(null)).toEqual([]));
});
