import { UNRESTRICTED_ROUTES } from '@crm/core';
import type { CallAnswer, contract } from '@crm/core/contract';
import { useSyncExternalStore } from 'react';
import { LocalKeys, SessionKeys } from './storageKeys';

/**
 * The user info of the session: the answer of GET /loginController/getUserInfoByToken (spec part 1 section 3), with
 * the organisation's version when this session signed in (kept across user-info refreshes).
 */
export type UserInfo = CallAnswer<typeof contract.account.userInfo> & { loginVersionId?: number | string };

const listeners = new Set<() => void>();
let cachedUser: UserInfo | null | undefined;
let epoch = 0;
const emit = () => {
  for (const l of listeners) l();
};

function read<T>(key: string): T | null {
  const raw = sessionStorage.getItem(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return sessionStorage.getItem(SessionKeys.token);
}

export function getRefreshToken(): string | null {
  return sessionStorage.getItem(SessionKeys.refreshToken);
}

/** The owner of a session with no token: answers kept for it are the sign-in page's, nobody's data. */
export const ANONYMOUS = 'anonymous';

/**
 * Whom a token's answers belong to: organisation, user and sign-in (the access token's `org`, `uid` and `jti`, read
 * without checking the signature: the server checks it; this only keys what the browser keeps). A refreshed token of
 * the same sign-in has the same owner; a token that is not a readable JWT is owned by '-'.
 */
export function ownerOfToken(token: string | null): string {
  if (!token) return ANONYMOUS;
  try {
    const part = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    if (claims.uid == null || claims.org == null) return '-';
    return `o${claims.org}/u${claims.uid}/s${claims.jti ?? ''}`;
  } catch {
    return '-';
  }
}

let ownerMemo: { token: string | null; owner: string } = { token: null, owner: ANONYMOUS };

/**
 * The owner of the current session (ownerOfToken of the stored token). Every query key of the web starts with it, so
 * no cached answer of one user or sign-in can be served under another's key, even in a race with a sign-out.
 */
export function sessionOwner(): string {
  const token = getToken();
  if (token !== ownerMemo.token) ownerMemo = { token, owner: ownerOfToken(token) };
  return ownerMemo.owner;
}

const resetters = new Set<() => void>();

/**
 * Runs `reset` whenever the session's owner changes: sign-out, expiry, a sign-in (over none or over another user's
 * session) and a token arriving in a URL. What is kept per user in memory (the query cache, module caches) registers
 * here; a refreshed token of the same sign-in resets nothing. Returns the unregistration.
 */
export function onSessionReset(reset: () => void): () => void {
  resetters.add(reset);
  return () => resetters.delete(reset);
}

/** What a session's user leaves in storage that is data rather than a preference, cleared with the session. */
const USER_KEYS = [
  SessionKeys.user,
  SessionKeys.dataSign,
  SessionKeys.urole,
  SessionKeys.isbranch,
  SessionKeys.from,
  SessionKeys.detail,
  SessionKeys.detailFilter,
];

/** Forgets the user of the session: their info, their data kept in storage, and everything onSessionReset holds. */
function forgetUser(): void {
  for (const key of USER_KEYS) sessionStorage.removeItem(key);
  // the path the detail drawer goes back to (a list's address, with its filters)
  localStorage.removeItem(LocalKeys.previousPathDetail);
  cachedUser = null;
  epoch++;
  for (const reset of resetters) {
    try {
      reset();
    } catch (err) {
      console.error('session reset failed', err);
    }
  }
}

/**
 * Stores the tokens of a sign-in or a refresh. A token of another owner than the stored one (a sign-in, a token from
 * a URL) first forgets the user before: nothing kept for them may be shown to the next.
 */
export function setTokens(token: string, refreshToken?: string | null): void {
  const changed = ownerOfToken(token) !== sessionOwner();
  if (changed) sessionStorage.removeItem(SessionKeys.refreshToken);
  sessionStorage.setItem(SessionKeys.token, token);
  if (refreshToken) sessionStorage.setItem(SessionKeys.refreshToken, refreshToken);
  if (changed) forgetUser();
  emit();
}

export function getUser(): UserInfo | null {
  if (cachedUser === undefined) cachedUser = read<UserInfo>(SessionKeys.user);
  return cachedUser;
}

export function setUser(next: UserInfo): void {
  // The version the session signed in with stays, whatever later refreshes say (the version-change check).
  const user = { ...next, loginVersionId: getUser()?.loginVersionId ?? next.versionId };
  cachedUser = user;
  sessionStorage.setItem(SessionKeys.user, JSON.stringify(user));
  sessionStorage.setItem(SessionKeys.dataSign, String(user.dataSign ?? ''));
  sessionStorage.setItem(SessionKeys.urole, user.roleSign ?? '');
  sessionStorage.setItem(SessionKeys.isbranch, user.isMainOrganization === false ? '1' : '0');
  emit();
}

/** Changes whenever the session is cleared or changes owner: an answer begun under an older epoch is stale. */
export function sessionEpoch(): number {
  return epoch;
}

/**
 * Clears the login state (token, refresh token, user and the rest of section 3's session keys), what the session's
 * user left in storage that is data rather than a preference (the list a detail was opened from, its filter, the path
 * to go back to), and everything registered with onSessionReset (the query cache).
 */
export function clearSession(): void {
  sessionStorage.removeItem(SessionKeys.token);
  sessionStorage.removeItem(SessionKeys.refreshToken);
  forgetUser();
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The owner of the session (sessionOwner), re-rendering when it changes. */
export function useSessionOwner(): string {
  return useSyncExternalStore(subscribeSession, sessionOwner, () => ANONYMOUS);
}

/** The signed-in user's info (null until loaded), re-rendering when it changes. */
export function useUser(): UserInfo | null {
  return useSyncExternalStore(subscribeSession, getUser, () => null);
}

export function signsOf(user: UserInfo | null): Set<string> {
  return new Set(
    (user?.functionSigns ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** Whether the user's role holds a function sign (a super admin holds all). */
export function hasSign(sign: string, user: UserInfo | null = getUser()): boolean {
  if (!user) return false;
  if (user.isSuperAdmin) return true;
  return signsOf(user).has(sign);
}

export function useHasSign(sign: string): boolean {
  return hasSign(sign, useUser());
}

/** Whether the permitted-routes list allows a main route ('1' first means unrestricted). */
export function routeAllowed(routes: string[] | null | undefined, path: string): boolean {
  if (!routes) return false;
  if (routes[0] === UNRESTRICTED_ROUTES[0]) return true;
  return routes.includes(path);
}
