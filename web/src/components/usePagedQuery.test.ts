import { describe, expect, it } from 'vitest';
import { clampedPage } from './usePagedQuery';

describe('clampedPage', () => {
  it.each([
    // page 3 of 10 a page, the last rows deleted: 20 left → page 2
    [3, 10, 20, 0, 2],
    // everything deleted → page 1
    [4, 10, 0, 0, 1],
    // a page with rows stays, even past an estimated total
    [3, 10, 20, 5, null],
    // page 1 never moves
    [1, 10, 0, 0, null],
    // an empty page inside the total (a concurrent change) is left alone: the total says it exists
    [2, 10, 20, 0, null],
  ])('page %s, size %s, total %s, rows %s → %s', (page, size, total, rows, out) =>
    expect(clampedPage(page, size, total, rows)).toBe(out),
  );
});
