import { useCallback, useRef, useState } from 'react';

/**
 * A flag for the time an action runs, for a button's `loading` or a modal's `confirmLoading`: `run(fn)` sets it
 * while `fn` runs, and a second call meanwhile does nothing (a double click sends one request).
 */
export function useBusy(): [boolean, <T>(fn: () => Promise<T>) => Promise<T | undefined>] {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(async <T>(fn: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    try {
      return await fn();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
