/** The clock and timers that the schedulers of this package run on: given by tests, the real ones otherwise. */
export interface ClockDeps {
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export type Clock = Required<ClockDeps>;

/** The given clock, completed with Date.now, setTimeout and clearTimeout. */
export function clockOf(deps: ClockDeps): Clock {
  return {
    now: deps.now ?? Date.now,
    setTimer: deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms)),
    clearTimer: deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)),
  };
}
