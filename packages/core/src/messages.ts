import { AI_MESSAGE_TYPES } from './enums';

/** A pushed or listed message (spec part 1 section 3). */
export interface AppMessage {
  id: number | string;
  title?: string;
  content?: string;
  param?: {
    clueInfo?: { name?: string; company?: string; time?: string; clueId?: number | string } | null;
    [k: string]: unknown;
  } | null;
  data?: unknown;
  msgType?: string | null;
  [k: string]: unknown;
}

/** msgType routing: the ai_* types of the spec go to the AI message list, all others to the normal list. */
export function messageListOf(msgType: string | null | undefined): 'ai' | 'normal' {
  return (AI_MESSAGE_TYPES as readonly string[]).includes(msgType ?? '') ? 'ai' : 'normal';
}

export function splitMessages<T extends { msgType?: string | null }>(list: T[]): { ai: T[]; normal: T[] } {
  const out = { ai: [] as T[], normal: [] as T[] };
  for (const m of list) out[messageListOf(m.msgType)].push(m);
  return out;
}

/** The name line of a clue reminder: name(company), or whichever is present, or --. */
export function clueNameLine(info: { name?: string | null; company?: string | null } | null | undefined): string {
  const name = info?.name?.trim();
  const company = info?.company?.trim();
  if (name && company) return `${name}(${company})`;
  return name || company || '--';
}
