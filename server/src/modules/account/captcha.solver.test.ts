import { describe, expect, it } from 'vitest';
import { legacyCaptchaSvg, legacyCaptchaText } from '../../test/captchaLegacy';
import { decodePng, NearestNeighbourSolver, type Picture, rasteriseSvg, seeded } from '../../test/captchaSolver';
import { captchaPng, randomCaptchaText } from './captcha';

/**
 * The same reader (connected components of one pen, columns when characters touch, nearest neighbour among 500
 * captchas with known answers) against the generator before issue 24 and today's, on 500 captchas each, seeded.
 */
const TRAIN = 500;
const READ = 500;

function readRate(make: (rng: () => number) => { text: string; pic: Picture }): number {
  const rng = seeded(24);
  const solver = new NearestNeighbourSolver();
  for (let i = 0; i < TRAIN; i++) {
    const { text, pic } = make(rng);
    solver.train(pic, text);
  }
  let read = 0;
  for (let i = 0; i < READ; i++) {
    const { text, pic } = make(rng);
    if (solver.read(pic, text.length) === text) read++;
  }
  return read / READ;
}

describe('image captcha against a nearest-neighbour reader', () => {
  it('reads at least 70% of the old generator (svg-captcha, noise strokes dropped from the markup)', () => {
    const rate = readRate((rng) => {
      const text = legacyCaptchaText(rng);
      return { text, pic: rasteriseSvg(legacyCaptchaSvg(text, rng), { strokes: false }) };
    });
    console.log(`old generator: ${(rate * 100).toFixed(1)}% read`);
    expect(rate).toBeGreaterThanOrEqual(0.7);
  }, 600_000);

  it('reads under 10% of the new one (pixels only)', () => {
    const rate = readRate((rng) => {
      const text = randomCaptchaText(4, rng);
      return { text, pic: decodePng(captchaPng(text, rng)) };
    });
    console.log(`new generator: ${(rate * 100).toFixed(1)}% read`);
    expect(rate).toBeLessThan(0.1);
  }, 600_000);
});
