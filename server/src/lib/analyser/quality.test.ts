import { describe, expect, it } from 'vitest';
import { flatten, qualityFigures } from '../../../../bench/analysis/quality';

// The benchmark holds the targets; this only checks that the figures are computed and well formed.
describe('the quality benchmark', () => {
  it('returns figures for train, dev and holdout', () => {
    const figures = qualityFigures();
    for (const q of Object.values(figures)) {
      for (const [name, value] of flatten(q)) {
        expect(Number.isFinite(value), name).toBe(true);
        if (name !== 'calls' && name !== 'errors') expect(value, name).toBeLessThanOrEqual(1);
      }
    }
  });
});
