import { describe, expect, it } from 'vitest';
import { flatten, qualityFigures } from '../../../../bench/analysis/quality';

// The benchmark holds the targets; this only checks that the figures are computed and well formed.
describe('the quality benchmark', () => {
  it('returns figures for the dev splits and the holdout', () => {
    const { dev, holdout } = qualityFigures();
    for (const q of [dev, holdout]) {
      for (const [name, value] of flatten(q)) {
        expect(Number.isFinite(value), name).toBe(true);
        if (name !== 'calls' && name !== 'errors') expect(value, name).toBeLessThanOrEqual(1);
      }
    }
  });
});
