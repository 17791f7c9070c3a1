import { UNRESTRICTED_ROUTES } from '@crm/core';
import type { CallAnswer, contract } from '@crm/core/contract';
import { useSyncExternalStore } from 'react';
import { SessionKeys } from './storageKeys';

/**
 * The user info of the session: the answer of GET /loginController/getUserInfoByToken (spec part 1 section 3), with
 * the organisation's version when this session signed in (kept across user-info refreshes).
 */
export type UserInfo = CallAnswer<typeof contract.account.userInfo> & { loginVersionId?: number | string };

const listeners = new Set<() => void>();
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

export function setTokens(token: string, refreshToken?: string | null): void {
  sessionStorage.setItem(SessionKeys.token, token);
  if (refreshToken) sessionStorage.setItem(SessionKeys.refreshToken, refreshToken);
  emit();
}

let cachedUser: UserInfo | null | undefined;

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

let epoch = 0;

/** Changes whenever the session is cleared: an answer begun under an older epoch is stale. */
export function sessionEpoch(): number {
  return epoch;
}

/** Clears the login state (token, refresh token, user and the rest of section 3's session keys). */
export function clearSession(): void {
  epoch++;
  for (const key of [
    SessionKeys.token,
    SessionKeys.refreshToken,
    SessionKeys.user,
    SessionKeys.dataSign,
    SessionKeys.urole,
    SessionKeys.isbranch,
    SessionKeys.from,
    SessionKeys.detail,
  ])
    sessionStorage.removeItem(key);
  cachedUser = null;
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
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
