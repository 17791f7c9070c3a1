import { TrackingClient, type TrackingDeps } from '@crm/core';
import type { TrackingAuth } from '@crm/core/contract/tracking';
import { putWebTracking } from './sls';

/** What the tracking wiring reads from the page; the browser's in index.ts, a test's in tracking.test.ts. */
export interface TrackingEnv {
  user(): { userId?: number | string | null; organizationId?: number | string | null } | null;
  pathname(): string;
  href(): string;
  /** Spec part 1 section 7: buried-point pushes are dropped when a role is stored. */
  roleStored(): boolean;
  fetchAuth(): Promise<TrackingAuth>;
  fetch: typeof fetch;
  userAgent: string;
  /** __source__ of the logs: the host the CRM runs on. */
  source: string;
  now?: TrackingDeps['now'];
  setTimer?: TrackingDeps['setTimer'];
  clearTimer?: TrackingDeps['clearTimer'];
}

export interface Tracking {
  client: TrackingClient;
  /** Records a page view; one that arrives before the user info is kept until tracking may run. */
  pageView(path: string): void;
  /** Call when the session changes (user info loaded, sign-out). */
  sessionChanged(): void;
  track(eventType: string, extra?: Record<string, unknown>): void;
}

export const PAGE_VIEW = 'pageView';

/**
 * Wires the state machine of @crm/core (TrackingClient) to the backend's credentials and the log service.
 * Tracking runs only for a user with an organisation, off /login; when the server says tracking is not configured,
 * the client stays quiet for the rest of the page's life (no more credential requests, events dropped).
 */
export function createTracking(env: TrackingEnv): Tracking {
  let serverDisabled = false;
  let pendingView: string | null = null;
  let lastView: string | null = null;

  const enabled = () => {
    if (serverDisabled) return false;
    const user = env.user();
    return !!user?.organizationId && env.pathname() !== '/login';
  };

  const client = new TrackingClient({
    async fetchCredentials() {
      if (serverDisabled) return null;
      const answer = await env.fetchAuth();
      if (!answer.enabled) {
        serverDisabled = true;
        return null;
      }
      const { enabled: _, ...creds } = answer;
      return creds;
    },
    send: (events, creds) => putWebTracking(events, creds, { source: env.source, fetch: env.fetch }),
    enabled,
    roleStored: env.roleStored,
    userId: () => env.user()?.userId ?? null,
    url: env.href,
    userAgent: env.userAgent,
    now: env.now,
    setTimer: env.setTimer,
    clearTimer: env.clearTimer,
  });

  const pageView = (path: string) => {
    if (path === lastView) return;
    if (!enabled()) {
      // Before the user info arrives (a reload): kept until tracking may run. Off /login nothing is kept.
      pendingView = path === '/login' || serverDisabled ? null : path;
      return;
    }
    lastView = path;
    pendingView = null;
    client.track(PAGE_VIEW, { path });
  };

  return {
    client,
    pageView,
    sessionChanged() {
      if (!env.user()) {
        lastView = null;
        return;
      }
      if (pendingView && enabled()) pageView(pendingView);
    },
    track: (eventType, extra) => client.track(eventType, extra),
  };
}
