import { useSyncExternalStore } from 'react';
import { currentPath, navigateTo } from './navigation';
import { onSessionReset } from './session';
import { LocalKeys, SessionKeys } from './storageKeys';

/** Page code of the customer detail opened inside the drawer (spec: 'aikhgl'). */
export const DETAIL_PAGE_CODE = 'aikhgl';
export const DETAIL_PATH = '/main/Detail';

export interface DetailState {
  clueId: number | string;
  /** The customer list the detail was opened from (ids or rows with clueId/id), for previous/next. */
  list?: unknown[];
  index?: number;
  pageNum?: number;
  /** The path to return to when the drawer closes. */
  prevPath?: string;
  pageCode?: string;
}

const listeners = new Set<() => void>();
let cached: DetailState | null | undefined;

export function getDetailState(): DetailState | null {
  if (cached === undefined) {
    try {
      cached = JSON.parse(sessionStorage.getItem(SessionKeys.detail) ?? 'null');
    } catch {
      cached = null;
    }
  }
  return cached ?? null;
}

function setDetailState(state: DetailState | null): void {
  cached = state;
  if (state) sessionStorage.setItem(SessionKeys.detail, JSON.stringify(state));
  else sessionStorage.removeItem(SessionKeys.detail);
  for (const l of listeners) l();
}

// The state's storage key is cleared with the session (clearSession, a sign-in): the copy held here goes too.
onSessionReset(() => {
  cached = undefined;
});

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useDetailState(): DetailState | null {
  return useSyncExternalStore(subscribe, getDetailState, () => null);
}

/**
 * Opens the customer detail drawer. Already on /Detail: updates the drawer's customer and page. Otherwise saves
 * the previous path, the list, the index and the page in session storage and goes to /Detail.
 */
export function openCustomerDetail(input: {
  clueId: number | string;
  list?: unknown[];
  index?: number;
  pageNum?: number;
}): void {
  const here = currentPath();
  if (here === DETAIL_PATH) {
    const prev = getDetailState();
    setDetailState({ ...prev, ...input, pageCode: DETAIL_PAGE_CODE });
    return;
  }
  setDetailState({ ...input, prevPath: here + window.location.search, pageCode: DETAIL_PAGE_CODE });
  localStorage.setItem(LocalKeys.previousPathDetail, here + window.location.search);
  navigateTo(DETAIL_PATH);
}

/** Moves the drawer to another customer of the saved list. */
export function showDetailAt(index: number, clueId: number | string): void {
  const prev = getDetailState();
  if (prev) setDetailState({ ...prev, index, clueId });
}

/** Closes the drawer: back to the path it was opened from (or /main). */
export function closeCustomerDetail(): void {
  const prev = getDetailState();
  setDetailState(null);
  navigateTo(prev?.prevPath || localStorage.getItem(LocalKeys.previousPathDetail) || '/main');
}
