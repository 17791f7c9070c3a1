import { Messages, ROUTES, type RouteMeta, UNRESTRICTED_ROUTES } from '@crm/core';

/** Main routes reachable whatever the permitted list says (spec part 1 section 2, route guard). */
export const GUARD_ALLOW_LIST = [
  '/',
  '/login',
  '/guide',
  '/main',
  '/reportStatistics',
  '/highSeasImport',
  '/dealsBoardSettings',
  '/Detail',
  '/sipPhone',
  '/customerRetrievalSettings',
  '/orderDetails',
  '/aiReminderSettings',
];
/** Arriving from these paths skips the permitted-routes check. */
export const GUARD_TRUSTED_FROM = ['/callDetail', '/'];
export const ROUTE_POLL_MS = 500;

export interface MatchedRoute {
  meta: RouteMeta;
  /** The route path of the table (main routes without /main). */
  path: string;
  params: Record<string, string>;
}

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':')) {
      if (!b[i]) return null;
      params[a[i].slice(1)] = decodeURIComponent(b[i]);
    } else if (a[i] !== b[i]) return null;
  }
  return params;
}

/** The route of a browser path: '/main/user' → the /user main route; '/login' → /login. */
export function matchRoute(pathname: string): MatchedRoute | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (clean === '/main') return { meta: { path: '/main', access: 'main', title: '首页' }, path: '/main', params: {} };
  const isMain = clean.startsWith('/main/');
  const inner = isMain ? clean.slice(5) : clean;
  for (const meta of ROUTES) {
    if ((meta.access === 'main') !== isMain) continue;
    const params = matchPattern(meta.path, inner);
    if (params) return { meta, path: meta.path, params };
  }
  return null;
}

/** iframe paths: routes flagged iframe, and /iframe/*. */
export function isIframePath(pathname: string): boolean {
  if (pathname.startsWith('/iframe/')) return true;
  return !!matchRoute(pathname)?.meta.iframe;
}

/** Paths that take a token from the query string: ending in H5, iframe or mobile routes (spec section 2). */
export function acceptsQueryToken(pathname: string): boolean {
  const m = matchRoute(pathname);
  return /H5$/.test(pathname.replace(/\/+$/, '')) || isIframePath(pathname) || !!m?.meta.mobile;
}

/** The token a path may take from its query string, or null. A query with id, token and type also qualifies. */
export function queryToken(pathname: string, search: URLSearchParams): string | null {
  const token = search.get('token');
  if (!token) return null;
  if (acceptsQueryToken(pathname) || isEmbeddedDetail(search)) return token;
  return null;
}

/** A query with id, token and type: the page is embedded, its token stored and the detail-drawer wrapper hidden. */
export function isEmbeddedDetail(search: URLSearchParams): boolean {
  return !!(search.get('id') && search.get('token') && search.get('type'));
}

export function isUnrestricted(routes: string[] | null | undefined): boolean {
  return !!routes && routes[0] === UNRESTRICTED_ROUTES[0];
}

/** The first permitted main route (full path), or /main when the list is empty. */
export function firstPermitted(routes: string[], menuOrder: string[]): string {
  if (isUnrestricted(routes)) return `/main${menuOrder[0]}`;
  const first = routes.find((r) => r.startsWith('/'));
  return first ? `/main${first}` : '/main';
}

export interface GuardInput {
  pathname: string;
  search: URLSearchParams;
  /** The path the user comes from (null on first load). */
  from: string | null;
  token: string | null;
  /** Permitted routes; null until they are loaded. */
  routes: string[] | null;
  /** Whether /Detail state is saved in session storage. */
  hasDetailState: boolean;
  env: string;
  /** The paths of the side menu in order (the first permitted route of an unrestricted user). */
  menuOrder: string[];
}

/** `forbidden`: the route is not granted to the user's role; the shell says 无权限访问 in place of the page. */
export type GuardResult =
  | { kind: 'allow' }
  | { kind: 'wait' }
  | { kind: 'forbidden' }
  | { kind: 'redirect'; to: string; message?: string };

const allow: GuardResult = { kind: 'allow' };

/**
 * The route guard of spec part 1 section 2, as one decision per navigation. A route outside the permitted list is
 * refused in words (无权限访问 inside the shell, with a way back to the first permitted page) rather than by a silent
 * redirect to the first permitted route (issue 26).
 */
export function decide(input: GuardInput): GuardResult {
  const { pathname, search } = input;
  if (pathname === '/login' && input.env === 'ding') return { kind: 'redirect', to: '/dingLogin' };
  const match = matchRoute(pathname);
  if (!match) return allow;
  if (match.meta.access === 'public') return allow;
  const token = input.token ?? queryToken(pathname, search);
  if (!token) return { kind: 'redirect', to: '/login', message: Messages.notLoggedIn };
  if (match.meta.access !== 'main') return allow;
  if (match.path === '/Detail' && !input.hasDetailState && !isEmbeddedDetail(search))
    return { kind: 'redirect', to: '/main' };
  if (GUARD_ALLOW_LIST.includes(match.path)) return allow;
  if (input.from && GUARD_TRUSTED_FROM.includes(input.from)) return allow;
  if (!input.routes) return { kind: 'wait' };
  if (isUnrestricted(input.routes) || input.routes.includes(match.path)) return allow;
  return { kind: 'forbidden' };
}
