import { useState } from 'react';
import { useUser } from '../../app/session';

/**
 * The columns a user chose for the call-analysis list. The column calls of the lead lists
 * (setClueUserCustomTable …) only know lead fields, so the choice is kept in this browser, per user.
 */
const STORAGE_KEY = 'callAnalysisColumns';

/** The saved keys that still exist, in their order; the defaults when nothing (valid) was saved. */
export function normaliseColumns(saved: unknown, all: string[], defaults: string[]): string[] {
  if (!Array.isArray(saved)) return defaults;
  const known = saved.filter((k): k is string => typeof k === 'string' && all.includes(k));
  const unique = [...new Set(known)];
  return unique.length ? unique : defaults;
}

function readAll(): Record<string, unknown> {
  try {
    const v = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

/** The user's columns and a setter that remembers them (null: back to the defaults). */
export function useColumnChoice(all: string[], defaults: string[]) {
  const user = useUser();
  const owner = String(user?.userId ?? 'anonymous');
  const [keys, setKeys] = useState(() => normaliseColumns(readAll()[owner], all, defaults));
  const save = (next: string[] | null) => {
    const stored = readAll();
    if (next) stored[owner] = next;
    else delete stored[owner];
    localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
    setKeys(normaliseColumns(next, all, defaults));
  };
  return { keys, save };
}
