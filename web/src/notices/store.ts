import { messageListOf } from '@crm/core';
import type { CallAnswer, PushOf } from '@crm/core/contract';
import { notice as noticeCalls } from '@crm/core/contract/notice';
import { useSyncExternalStore } from 'react';
import { api } from '../api/client';
import { usePush } from './push';

/** Popup constants of spec part 1 section 9. */
export const POPUP = {
  width: 320,
  top: 88,
  right: 24,
  maxVisible: 3,
  offset: 15,
  scaleStep: 0.1,
  autoCloseMs: 5000,
  exitMs: 800,
} as const;

/** A pushed message on screen. */
export type Popup = PushOf<'message'> & {
  /** Set when the exit animation runs; removed after POPUP.exitMs. */
  leaving?: boolean;
};

/** The unread counts of the header's badge and tabs (the answer of getRedDotNew), and the popups on screen. */
export interface NoticeState extends CallAnswer<typeof noticeCalls.unreadCounts> {
  popups: Popup[];
}

export const hasClueInfo = (m: Pick<Popup, 'param'>) => !!m.param.clueInfo;

/** Stack position of each visible popup: level 0 is on top at full size, each level lower 15px and 0.1 smaller. */
export function stackStyle(level: number): {
  transform: string;
  zIndex: number;
  visible: boolean;
  contentHidden: boolean;
} {
  return {
    transform: `translateY(${level * POPUP.offset}px) scale(${Number((1 - level * POPUP.scaleStep).toFixed(2))})`,
    zIndex: 1000 - level,
    visible: level < POPUP.maxVisible,
    contentHidden: level > 0,
  };
}

/** Lowers the unread count after marking `n` read, never below 0. */
export const decrement = (count: number, n: number) => Math.max(0, count - n);

let state: NoticeState = { unreadCount: 0, aiUnreadCount: 0, totalUnreadCount: 0, popups: [] };
const listeners = new Set<() => void>();
const set = (next: Partial<NoticeState>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

export const noticeStore = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  reset() {
    state = { unreadCount: 0, aiUnreadCount: 0, totalUnreadCount: 0, popups: [] };
    for (const l of listeners) l();
  },
  setCounts(c: { unreadCount?: number; aiUnreadCount?: number; totalUnreadCount?: number }) {
    set({
      unreadCount: Number(c.unreadCount ?? 0),
      aiUnreadCount: Number(c.aiUnreadCount ?? 0),
      totalUnreadCount: Number(c.totalUnreadCount ?? Number(c.unreadCount ?? 0) + Number(c.aiUnreadCount ?? 0)),
    });
  },
  /** A pushed message: counted unread and shown on top of the stack. */
  receive(m: PushOf<'message'>, isAi: boolean) {
    set({
      unreadCount: state.unreadCount + (isAi ? 0 : 1),
      aiUnreadCount: state.aiUnreadCount + (isAi ? 1 : 0),
      totalUnreadCount: state.totalUnreadCount + 1,
      popups: [{ ...m }, ...state.popups.filter((p) => p.id !== m.id)],
    });
  },
  /** Starts the exit animation of popups, removing them after 800 ms. */
  dismiss(ids: (number | string)[]) {
    if (!ids.length) return;
    set({ popups: state.popups.map((p) => (ids.includes(p.id) ? { ...p, leaving: true } : p)) });
    setTimeout(() => set({ popups: state.popups.filter((p) => !ids.includes(p.id)) }), POPUP.exitMs);
  },
  dismissAll() {
    noticeStore.dismiss(state.popups.map((p) => p.id));
  },
};

export function useNotices(): NoticeState {
  return useSyncExternalStore(noticeStore.subscribe, noticeStore.get, noticeStore.get);
}

/** The badge and the popups follow the push: a new message, and the counts when messages were read elsewhere. */
export function useNoticePush(): void {
  usePush('message', (m) => noticeStore.receive(m, messageListOf(m.msgType) === 'ai'));
  usePush('unread', (counts) => noticeStore.setCounts(counts));
}

/** A background call's failure (silent): the counts stay as they are until the next refresh or push. */
const keepCounts = () => {};

/** POST /appNotice/getRedDotNew: the unread counts. */
export function refreshUnread(): Promise<void> {
  return api.call(noticeCalls.unreadCounts, undefined, { silent: true }).then(noticeStore.setCounts, keepCounts);
}

/** POST /appNotice/setReadByIds: on success lowers the unread count (never below 0); errors are ignored. */
export function markRead(ids: (number | string)[], isAi = false): Promise<void> {
  return api.call(noticeCalls.setRead, { ids }, { silent: true }).then(() => {
    const s = noticeStore.get();
    noticeStore.setCounts({
      unreadCount: isAi ? s.unreadCount : decrement(s.unreadCount, ids.length),
      aiUnreadCount: isAi ? decrement(s.aiUnreadCount, ids.length) : s.aiUnreadCount,
      totalUnreadCount: decrement(s.totalUnreadCount, ids.length),
    });
  }, keepCounts);
}
