import { randomInt } from 'node:crypto';
import { CAPTCHA_ALPHABET, STROKE_FONT } from './captchaFont';
import { type Pt, Raster, type Rgb } from './raster';

/** A source of uniform numbers in [0, 1): crypto in the product, a seeded generator in tests. */
export type Rng = () => number;

const cryptoRandom: Rng = () => randomInt(2 ** 47) / 2 ** 47;

/** Pixels of the image; the sign-in page shows it at half size (120 × 40), sharp on high-density screens. */
export const CAPTCHA_WIDTH = 240;
export const CAPTCHA_HEIGHT = 80;

export function randomCaptchaText(length = 4, rng: Rng = cryptoRandom): string {
  return Array.from({ length }, () => CAPTCHA_ALPHABET[Math.floor(rng() * CAPTCHA_ALPHABET.length)]).join('');
}

/**
 * Renders a captcha as a PNG. What a program that reads captchas relies on is taken away:
 * - characters and noise are drawn alike: every line, of a character or of noise, is a stroke of the same pen
 *   (width and colour), so that neither colour nor thickness separates them; part of the noise is made of pieces
 *   of characters;
 * - characters overlap their neighbours (they advance by less than their width) and lean at random, so that neither
 *   connected components nor columns cut the picture into characters;
 * - the whole picture is warped by a smooth random field (sums of sines in x and y), which is not affine: the same
 *   character is bent differently at each place, so that a table of shapes does not match it.
 * The answer exists only as pixels: there is no markup to read.
 */
export function captchaPng(text: string, rng: Rng = cryptoRandom): Buffer {
  const rnd = (min: number, max: number) => min + rng() * (max - min);
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;

  const lines: Pt[][] = [];
  // characters: a per-character size, lean, slant and height, overlapping their neighbours
  const scale = rnd(52, 60) / 14;
  const widths = [...text].map(() => 10 * scale * rnd(0.9, 1.15));
  const advances = widths.slice(1).map((w, i) => ((widths[i] + w) / 2) * rnd(0.88, 1));
  const span = widths[0] / 2 + advances.reduce((a, b) => a + b, 0) + widths.at(-1)! / 2;
  let cx = rnd(8, Math.max(8, W - span - 8)) + widths[0] / 2;
  [...text].forEach((ch, i) => {
    if (i > 0) cx += advances[i - 1];
    const glyph = STROKE_FONT[ch];
    if (!glyph) return;
    const place = affine(
      cx,
      H / 2 + rnd(-5, 5),
      widths[i] / 10,
      scale * rnd(0.9, 1.05),
      rnd(-12, 12),
      rnd(-0.18, 0.18),
    );
    for (const stroke of glyph) lines.push(stroke.map(([x, y]) => place([x - 5, y - 7])));
  });

  // noise: two curves across the picture, and pieces of characters
  for (let k = 0; k < 1; k++) {
    const down = rng() < 0.5;
    const [top, bottom] = [() => rnd(H * 0.1, H * 0.4), () => rnd(H * 0.6, H * 0.9)];
    const [y0, y1] = down ? [top(), bottom()] : [bottom(), top()];
    lines.push(cubic([rnd(0, 25), y0], [rnd(50, 110), rnd(0, H)], [rnd(130, 190), rnd(0, H)], [rnd(W - 25, W), y1]));
  }
  for (let k = 0; k < 2; k++) {
    const glyph = STROKE_FONT[CAPTCHA_ALPHABET[Math.floor(rng() * CAPTCHA_ALPHABET.length)]];
    const stroke = densify(glyph[Math.floor(rng() * glyph.length)], 0.5);
    const len = Math.max(2, Math.floor(stroke.length * rnd(0.25, 0.45)));
    const from = Math.floor(rng() * (stroke.length - len + 1));
    const place = affine(rnd(10, W - 10), rnd(H * 0.25, H * 0.75), scale, scale, rnd(-90, 90), rnd(-0.3, 0.3));
    lines.push(stroke.slice(from, from + len).map(([x, y]) => place([x - 5, y - 7])));
  }

  // a smooth non-affine warp of everything
  const wave = () => ({ a: rnd(0, 2 * Math.PI), fx: rnd(-1, 1), fy: rnd(-1, 1) });
  const [w1, w2, w3, w4] = [wave(), wave(), wave(), wave()];
  const [ax, ay] = [rnd(2, 4), rnd(3, 6)];
  const [fx1, fy1] = [rnd(0.5, 1.3), rnd(0.8, 2)];
  const warp = ([x, y]: Pt): Pt => {
    const u = x / W;
    const v = y / H;
    return [
      x +
        ax * Math.sin(2 * Math.PI * fx1 * v + w1.a) +
        1.5 * Math.sin(2 * Math.PI * (3 * w2.fx * u + 2 * w2.fy * v) + w2.a),
      y +
        ay * Math.sin(2 * Math.PI * fy1 * u + w3.a) +
        1.5 * Math.sin(2 * Math.PI * (4 * w4.fx * u + 2 * w4.fy * v) + w4.a),
    ];
  };
  const warped = lines.map((line) => densify(line, 1.5).map(warp));

  // one pen for everything, on a light gradient
  const ink = hsl(rnd(0, 360), rnd(0.55, 0.8), rnd(0.22, 0.32));
  const [bg1, bg2] = [hsl(rnd(0, 360), rnd(0.3, 0.6), rnd(0.9, 0.96)), hsl(rnd(0, 360), rnd(0.3, 0.6), rnd(0.9, 0.96))];
  const raster = new Raster(W, H, (x, y) => mix(bg1, bg2, (x / W + y / H) / 2));
  raster.paint(raster.coverage(warped, rnd(3.0, 3.6)), ink);
  return raster.png();
}

/** Rotation (degrees), slant and scale about a centre, then the move to (cx, cy). */
function affine(cx: number, cy: number, sx: number, sy: number, deg: number, shear: number) {
  const a = (deg * Math.PI) / 180;
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  return ([x, y]: Pt): Pt => {
    const u = (x + shear * y) * sx;
    const v = y * sy;
    return [cx + u * cos - v * sin, cy + u * sin + v * cos];
  };
}

function cubic(p0: Pt, p1: Pt, p2: Pt, p3: Pt): Pt[] {
  return Array.from({ length: 41 }, (_, i) => {
    const t = i / 40;
    const u = 1 - t;
    const b = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
    return [0, 1].map((d) => b[0] * p0[d] + b[1] * p1[d] + b[2] * p2[d] + b[3] * p3[d]) as Pt;
  });
}

/** The polyline with points inserted so that no segment is longer than `step`: a warp then bends every part. */
function densify(line: Pt[], step: number): Pt[] {
  const out: Pt[] = line.slice(0, 1);
  for (let i = 1; i < line.length; i++) {
    const [a, b] = [line[i - 1], line[i]];
    const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
    for (let k = 1; k <= n; k++) out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  }
  return out;
}

function hsl(h: number, s: number, l: number): Rgb {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as Rgb;
