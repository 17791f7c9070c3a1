import type { Transcript } from '@crm/core';

/**
 * A transcript from lines `['a' | 'c', text]` (agent, customer), timed like speech: 230 ms per character and a
 * 600 ms gap between sentences. For tests and examples.
 */
export function call(lines: [who: 'a' | 'c', text: string][], msPerChar = 230): Transcript {
  let at = 500;
  const segments = lines.map(([who, text]) => {
    const startMs = at;
    const endMs = startMs + Math.max(400, text.length * msPerChar);
    at = endMs + 600;
    return { speaker: who === 'a' ? ('agent' as const) : ('customer' as const), startMs, endMs, text };
  });
  return { durationMs: at, segments };
}
