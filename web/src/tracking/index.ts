import { tracking as trackingCalls } from '@crm/core/contract/tracking';
import { api } from '../api/client';
import { getUser, subscribeSession } from '../app/session';
import { createTracking, type Tracking } from './tracking';

export { PAGE_VIEW, type Tracking } from './tracking';

/**
 * The session-storage key whose presence stops buried-point pushes (spec part 1 section 7). It is not `urole`,
 * which holds every user's own role sign: `role` is set by an assisted sign-in (an operator working inside a
 * customer's organisation), whose clicks must not count as the organisation's usage.
 */
export const ROLE_KEY = 'role';

interface RouterLike {
  state: { location: { pathname: string } };
  subscribe(fn: (state: { location: { pathname: string } }) => void): () => void;
}

let current: Tracking | null = null;

/** Starts usage tracking for the app: page views on every route change, first attempt 2 s after load. */
export function startTracking(router: RouterLike): Tracking {
  if (current) return current;
  const tracking = createTracking({
    user: getUser,
    pathname: () => window.location.pathname,
    href: () => window.location.href,
    roleStored: () => !!sessionStorage.getItem(ROLE_KEY),
    // The buried-point auth call never redirects and never shows a message (spec part 1 section 7).
    fetchAuth: () => api.call(trackingCalls.auth, undefined, { silent: true, skipAuthRedirect: true }),
    fetch: (input, init) => fetch(input, init),
    userAgent: navigator.userAgent,
    source: window.location.host,
  });
  tracking.client.start();
  tracking.pageView(router.state.location.pathname);
  router.subscribe((state) => tracking.pageView(state.location.pathname));
  subscribeSession(() => tracking.sessionChanged());
  current = tracking;
  return tracking;
}

/** Records a custom event (e.g. a feature used); dropped when tracking does not run. */
export function trackEvent(eventType: string, extra?: Record<string, unknown>): void {
  current?.track(eventType, extra);
}
