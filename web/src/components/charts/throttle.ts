/** Spec G3: chart resizes follow the window at most once per 200 ms. */
export const RESIZE_THROTTLE_MS = 200;

/**
 * Calls `fn` at once, then at most once per `ms` while calls keep coming; the last call of a burst always runs
 * (trailing), so the final size wins.
 */
export function throttle(fn: () => void, ms: number): { (): void; cancel(): void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    last = Date.now();
    fn();
  };
  const throttled = () => {
    const wait = last + ms - Date.now();
    if (wait <= 0 && !timer) run();
    else if (!timer) timer = setTimeout(run, Math.max(wait, 0));
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}
