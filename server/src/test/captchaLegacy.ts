import { createRequire } from 'node:module';
import type { create } from 'svg-captcha';

/**
 * A frozen copy of the image captcha as it was before issue 24 (svg-captcha glyphs, filled and coloured one by one,
 * under a random affine map, among four 1-pixel noise curves), for the solver test to show what it reads. Only its
 * randomness differs: a given generator (seeded in the test) instead of crypto and Math.random.
 */
export const LEGACY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

let rng: () => number = Math.random;
const randomInt = (n: number) => Math.floor(rng() * n);

type CaptchaOptions = NonNullable<Parameters<typeof create>[0]>;

/**
 * svg-captcha's main export draws a given text as glyph outlines (paths from its bundled font, loaded at start-up,
 * no network) among noise curves. Its typings declare only create(), which picks the text with Math.random: the text
 * here comes from crypto instead.
 */
const renderCaptcha = createRequire(import.meta.url)('svg-captcha') as (
  text: string,
  options: CaptchaOptions,
) => string;

export function legacyCaptchaText(random: () => number, length = 4): string {
  return Array.from({ length }, () => LEGACY_ALPHABET[Math.floor(random() * LEGACY_ALPHABET.length)]).join('');
}

/**
 * Renders a captcha as an SVG image (no native canvas needed). The characters are outlines, never text: the answer is
 * not in the markup. svg-captcha's outlines of one character differ only by a jitter of ±0.1, so that a table of
 * outlines would read them; each glyph is therefore distorted (rotated, scaled, sheared) and its segments split and
 * re-expressed at random, so that neither its coordinates nor its sequence of commands repeat.
 */
export function legacyCaptchaSvg(text: string, random: () => number): string {
  rng = random;
  const mathRandom = Math.random;
  Math.random = random; // svg-captcha's noise and colours
  try {
    return legacyCaptchaSvgOf(text);
  } finally {
    Math.random = mathRandom;
    rng = Math.random;
  }
}

function legacyCaptchaSvgOf(text: string): string {
  const svg = renderCaptcha(text, {
    width: 120,
    height: 40,
    fontSize: 40,
    noise: 4,
    color: true,
    background: '#f4f6fb',
  });
  // svg-captcha 1.4 writes a glyph as <path fill="#rrggbb" d="…"/>, a noise curve as <path d="…" stroke=… fill="none"/>.
  return svg.replace(
    /<path fill="(#[0-9a-f]{3,6})" d="([^"]*)"\/>/g,
    (_, fill, d) => `<path fill="${fill}" d="${distort(d)}"/>`,
  );
}

type Pt = [number, number];
interface Segment {
  type: 'M' | 'L' | 'Q' | 'C' | 'Z';
  pts: Pt[];
}

/** Path data of opentype.js (absolute M, L, Q, C, Z) as segments. */
function parse(d: string): Segment[] {
  const tokens = d.match(/[MLQCZ]|-?\d*\.?\d+(?:e[-+]?\d+)?/gi) ?? [];
  const arity = { M: 1, L: 1, Q: 2, C: 3, Z: 0 } as const;
  const out: Segment[] = [];
  for (let i = 0; i < tokens.length; ) {
    const type = tokens[i++].toUpperCase() as Segment['type'];
    const pts: Pt[] = [];
    for (let k = 0; k < arity[type]; k++, i += 2) pts.push([Number(tokens[i]), Number(tokens[i + 1])]);
    out.push({ type, pts });
  }
  return out;
}

const rnd = (min: number, max: number) => min + (randomInt(1_000_001) / 1_000_000) * (max - min);
const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** The glyph under a random affine map about its centre, with its segments split and raised to cubics at random. */
function distort(d: string): string {
  const segs = parse(d);
  const all = segs.flatMap((s) => s.pts);
  if (!all.length) return d;
  const cx = (Math.min(...all.map((p) => p[0])) + Math.max(...all.map((p) => p[0]))) / 2;
  const cy = (Math.min(...all.map((p) => p[1])) + Math.max(...all.map((p) => p[1]))) / 2;
  const angle = (rnd(-22, 22) * Math.PI) / 180;
  const [sx, sy, shear] = [rnd(0.85, 1.1), rnd(0.85, 1.1), rnd(-0.25, 0.25)];
  const [dx, dy] = [rnd(-2, 2), rnd(-2, 2)];
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const map = ([x, y]: Pt): Pt => {
    const u = (x - cx + shear * (y - cy)) * sx;
    const v = (y - cy) * sy;
    return [cx + dx + u * cos - v * sin, cy + dy + u * sin + v * cos];
  };

  const out: string[] = [];
  const f = (p: Pt) => `${p[0].toFixed(2)} ${p[1].toFixed(2)}`;
  const emit = (type: 'L' | 'Q' | 'C', from: Pt, pts: Pt[]) => {
    // lines and quadratics may be written as the same cubic (exact degree elevation)
    if (type !== 'C' && randomInt(2) === 0) {
      const [c1, c2] =
        type === 'L'
          ? [lerp(from, pts[0], 1 / 3), lerp(from, pts[0], 2 / 3)]
          : [lerp(from, pts[0], 2 / 3), lerp(pts[1], pts[0], 2 / 3)];
      out.push(`C${f(c1)} ${f(c2)} ${f(pts.at(-1)!)}`);
    } else out.push(`${type}${pts.map(f).join(' ')}`);
  };
  let start: Pt = [0, 0];
  let cur: Pt = [0, 0];
  for (const s of segs) {
    const pts = s.pts.map(map);
    if (s.type === 'M') {
      start = cur = pts[0];
      out.push(`M${f(cur)}`);
      continue;
    }
    if (s.type === 'Z') {
      out.push('Z');
      cur = start;
      continue;
    }
    // split at a random t (de Casteljau): the same outline, a different number of commands
    if (randomInt(2) === 0) {
      const t = rnd(0.3, 0.7);
      const [a, b] = split([cur, ...pts], t);
      emit(s.type, cur, a.slice(1));
      emit(s.type, a.at(-1)!, b.slice(1));
    } else emit(s.type, cur, pts);
    cur = pts.at(-1)!;
  }
  return out.join('');
}

/** A Bézier curve (its control polygon, any degree) split at t into two of the same degree. */
function split(poly: Pt[], t: number): [Pt[], Pt[]] {
  const left: Pt[] = [poly[0]];
  const right: Pt[] = [poly.at(-1)!];
  let level = poly;
  while (level.length > 1) {
    level = level.slice(1).map((p, i) => lerp(level[i], p, t));
    left.push(level[0]);
    right.unshift(level.at(-1)!);
  }
  return [left, right];
}
