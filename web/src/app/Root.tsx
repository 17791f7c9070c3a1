import { Messages } from '@crm/core';
import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { api } from '../api/client';
import { currentEnv } from '../api/config';
import { getDetailState } from './detail';
import { decide, type GuardResult, isEmbeddedDetail, matchRoute, queryToken, ROUTE_POLL_MS } from './guard';
import { MENU_ORDER } from './menu';
import { clearSession, getToken, setTokens, useUser } from './session';
import { SessionKeys } from './storageKeys';
import { ui } from './ui';
import { loadUser } from './user';

export const DEFAULT_TITLE = '销售CRM';

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
    api.backend.post('/organization/setNoticeRead', {}, { silent: true, skipAuthRedirect: true }).catch(() => {});
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
  const [, tick] = useState(0);

  if (arrived.current !== location.key) {
    arrived.current = location.key;
    arrive(location.pathname, search);
  }
  useTitle(location.pathname);

  // Re-renders as soon as the user info (permitted routes) arrives; the 500 ms poll below is the fallback.
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

  // Permitted routes not loaded yet: load them and check again every 500 ms.
  useEffect(() => {
    if (decision.kind !== 'wait') return;
    void loadUser();
    // A failed load is tried again every 2 s (the 500 ms poll re-checks what has arrived).
    let polls = 0;
    const timer = setInterval(() => {
      tick((n) => n + 1);
      if (++polls % 4 === 0) void loadUser();
    }, ROUTE_POLL_MS);
    return () => clearInterval(timer);
  }, [decision.kind]);

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
  return <Outlet context={{ embedded: isEmbeddedDetail(search) }} />;
}
