import { Messages } from '@crm/core';
import { account as accountCalls } from '@crm/core/contract/account';
import { organization as organizationCalls } from '@crm/core/contract/organization';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { api } from '../api/client';
import { currentEnv } from '../api/config';
import { keyOf } from '../api/hooks';
import { getDetailState } from './detail';
import { decide, type GuardResult, isEmbeddedDetail, matchRoute, queryToken, ROUTE_POLL_MS } from './guard';
import { MENU_ORDER } from './menu';
import { clearSession, getToken, setTokens, useUser } from './session';
import { SessionKeys } from './storageKeys';
import { ui } from './ui';
import { loadUser } from './user';

export const DEFAULT_TITLE = '销售CRM';

/** What the root route tells the routes below it: an embedded detail, and a route the guard refused (无权限访问). */
export interface RootContext {
  embedded: boolean;
  forbidden: boolean;
}
/** While the permitted routes are awaited, a failed load of the user info is tried again this often. */
const USER_RETRY_MS = 4 * ROUTE_POLL_MS;

/** Side effects of arriving at a path (spec section 2): query token, /login clearing, /serviceSetup read mark. */
function arrive(pathname: string, search: URLSearchParams): void {
  const token = queryToken(pathname, search);
  if (token && token !== getToken()) {
    clearSession();
    setTokens(token);
  }
  if (pathname === '/login') {
    clearSession();
    if (sessionStorage.getItem(SessionKeys.isFailed)) {
      sessionStorage.removeItem(SessionKeys.isFailed);
      window.location.reload();
    }
  }
  if (pathname === '/main/serviceSetup') {
    // The organisation notice is marked read (value 2); a failure is silent.
    api.call(organizationCalls.setNoticeRead, undefined, { silent: true, skipAuthRedirect: true }).catch(() => null);
  }
}

function useTitle(pathname: string): void {
  const matches = useMatches();
  const prev = useRef<string | null>(null);
  useEffect(() => {
    const meta = [...matches].reverse().find((m) => (m.handle as { title?: string } | undefined)?.title)?.handle as
      | { title?: string }
      | undefined;
    document.title = meta?.title ? `${meta.title} - ${DEFAULT_TITLE}` : DEFAULT_TITLE;
    // Leaving the weekly and monthly report sets the fixed title.
    if (prev.current === '/reportStatistics' && pathname !== '/reportStatistics') document.title = DEFAULT_TITLE;
    prev.current = pathname;
  }, [matches, pathname]);
}

/** The root route: the route guard of spec part 1 section 2, applied on every navigation, and page titles. */
export default function Root() {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const arrived = useRef<string | null>(null);
  const from = useRef<string | null>(null);

  if (arrived.current !== location.key) {
    arrived.current = location.key;
    arrive(location.pathname, search);
  }
  useTitle(location.pathname);

  // Re-renders as soon as the user info (permitted routes) arrives.
  const user = useUser();
  const decision: GuardResult = decide({
    pathname: location.pathname,
    search,
    from: from.current,
    token: getToken(),
    routes: user?.routes ?? null,
    hasDetailState: !!getDetailState(),
    env: currentEnv(),
    menuOrder: MENU_ORDER,
  });

  // Permitted routes not loaded yet: the user info is loaded (once for all callers, loadUser), and again every 2 s
  // while it fails; useUser above re-renders the guard as soon as it is stored.
  useQuery({
    queryKey: keyOf(accountCalls.userInfo),
    queryFn: () => loadUser(),
    enabled: decision.kind === 'wait',
    staleTime: 0,
    refetchInterval: USER_RETRY_MS,
  });

  const notLoggedIn = decision.kind === 'redirect' && decision.message === Messages.notLoggedIn;
  useEffect(() => {
    if (notLoggedIn) ui.message.warning({ content: Messages.notLoggedIn, key: 'notLoggedIn' });
  }, [notLoggedIn]);

  useEffect(() => {
    if (decision.kind === 'allow') {
      const m = matchRoute(location.pathname);
      from.current = m?.meta.access === 'main' ? m.path : location.pathname;
    }
  });

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'wait')
    return (
      <div style={{ height: '100vh', display: 'grid', placeItems: 'center' }}>
        <Spin size="large" />
      </div>
    );
  const context: RootContext = { embedded: isEmbeddedDetail(search), forbidden: decision.kind === 'forbidden' };
  return <Outlet context={context} />;
}
