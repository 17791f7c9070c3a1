import { inflateSync } from 'node:zlib';
import { type Pt, Raster, type Rgb } from '../modules/account/raster';

/**
 * The kind of program that reads image captchas, for the solver test: rasterise (SVG) or decode (PNG), separate ink
 * from the background, cut it into characters by connected components of one pen (the colour in which a pixel
 * departs from the background), joining pieces above one another and then the nearest ones when there are too many,
 * and cutting the widest into columns when there are too few; then name each piece (its box made square, 16 × 16,
 * blurred) by its nearest neighbour among pieces of captchas whose answers are known. Nothing in it knows either
 * generator beyond what it learns from its training captchas, except that the old one's noise is stroked paths.
 */

export interface Picture {
  width: number;
  height: number;
  rgb: Uint8Array;
}

// ---------- SVG (as svg-captcha writes it: a background rect, filled glyph paths, stroked noise paths) ----------

function hex(color: string): Rgb {
  const h = color.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

/** Absolute M, L, Q, C, Z path data as polylines (curves flattened). */
function polylines(d: string): Pt[][] {
  const tokens = d.match(/[MLQCZ]|-?\d*\.?\d+(?:e[-+]?\d+)?/gi) ?? [];
  const arity: Record<string, number> = { M: 1, L: 1, Q: 2, C: 3, Z: 0 };
  const out: Pt[][] = [];
  let cur: Pt = [0, 0];
  for (let i = 0; i < tokens.length; ) {
    const type = tokens[i++].toUpperCase();
    const pts: Pt[] = [];
    for (let k = 0; k < arity[type]; k++, i += 2) pts.push([Number(tokens[i]), Number(tokens[i + 1])]);
    if (type === 'M') {
      cur = pts[0];
      out.push([cur]);
    } else if (type === 'Z') {
      cur = out.at(-1)![0];
      out.at(-1)!.push(cur);
    } else {
      const poly = [cur, ...pts];
      for (let s = 1; s <= 12; s++) out.at(-1)!.push(bezier(poly, s / 12));
      cur = pts.at(-1)!;
    }
  }
  return out;
}

function bezier(poly: Pt[], t: number): Pt {
  let level = poly;
  while (level.length > 1)
    level = level
      .slice(1)
      .map((p, i) => [level[i][0] + (p[0] - level[i][0]) * t, level[i][1] + (p[1] - level[i][1]) * t]);
  return level[0];
}

/** Coverage of closed polylines filled by the nonzero rule, 4 × 4 samples a pixel. */
function fillCoverage(width: number, height: number, rings: Pt[][]): Float32Array {
  const cov = new Float32Array(width * height);
  // every ring is closed, with or without its Z
  const edges = rings.flatMap((ring) => ring.map((p, i) => [ring[i ? i - 1 : ring.length - 1], p] as const));
  for (let sy = 0; sy < height * 4; sy++) {
    const y = (sy + 0.5) / 4;
    const xs: [number, number][] = [];
    for (const [a, b] of edges)
      if (a[1] <= y !== b[1] <= y) xs.push([a[0] + ((y - a[1]) / (b[1] - a[1])) * (b[0] - a[0]), b[1] > a[1] ? 1 : -1]);
    xs.sort((p, q) => p[0] - q[0]);
    let wind = 0;
    for (let i = 0; i < xs.length - 1; i++) {
      wind += xs[i][1];
      if (!wind) continue;
      const from = Math.max(0, Math.ceil(xs[i][0] * 4 - 0.5));
      const to = Math.min(width * 4 - 1, Math.floor(xs[i + 1][0] * 4 - 0.5));
      for (let sx = from; sx <= to; sx++) cov[Math.floor(sy / 4) * width + Math.floor(sx / 4)] += 1 / 16;
    }
  }
  return cov;
}

/**
 * The SVG as a browser draws it; with `strokes: false`, without its stroked paths, as a reader who knows that
 * svg-captcha fills its characters and strokes its noise drops them from the markup first.
 */
export function rasteriseSvg(svg: string, { strokes = true } = {}): Picture {
  const [, width, height] = svg.match(/width="(\d+)" height="(\d+)"/)!.map(Number);
  const bg = svg.match(/<rect [^>]*fill="(#[0-9a-f]+)"/i)?.[1] ?? '#ffffff';
  const raster = new Raster(width, height, () => hex(bg));
  for (const [el] of svg.matchAll(/<path [^>]*\/>/g)) {
    const d = el.match(/ d="([^"]*)"/)![1];
    const stroke = el.match(/stroke="(#[0-9a-f]+)"/i)?.[1];
    const fill = el.match(/fill="(#[0-9a-f]+)"/i)?.[1];
    if (fill) raster.paint(fillCoverage(width, height, polylines(d)), hex(fill));
    if (stroke && strokes) raster.paint(raster.coverage(polylines(d), 1), hex(stroke));
  }
  return raster;
}

// ---------- PNG (8-bit RGB or RGBA, any filter) ----------

export function decodePng(png: Buffer): Picture {
  let width = 0;
  let height = 0;
  let channels = 3;
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
      channels = data[9] === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const px = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? px[y * stride + i - channels] : 0;
      const b = y ? px[(y - 1) * stride + i] : 0;
      const c = y && i >= channels ? px[(y - 1) * stride + i - channels] : 0;
      const p = a + b - c;
      const pred = [
        0,
        a,
        b,
        (a + b) >> 1,
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c,
      ][filter];
      px[y * stride + i] = (raw[y * (stride + 1) + 1 + i] + pred) & 255;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let k = 0; k < width * height; k++) rgb.set(px.subarray(k * channels, k * channels + 3), k * 3);
  return { width, height, rgb };
}

// ---------- segmentation ----------

const CELL = 16;
/** Neighbouring ink pixels are of one pen when they depart from the background the same way (cosine). */
const SAME_PEN = 0.985;
/** A pixel is ink when a channel differs from the background by more than this. */
const INK = 25;
/** The columns at either end with less ink than this share of the fullest column are left out of a column cut. */
const TRIM = 0.2;

interface Piece {
  pixels: number[]; // x + y * width
  x0: number;
  x1: number;
}

/**
 * Ink pixels: far enough from the background, which is taken from the corners (bilinear); with the direction in
 * which each departs from it, its pen: an anti-aliased edge departs the same way as the middle of its stroke.
 */
function inkOf({ width, height, rgb }: Picture): { ink: number[]; dirs: Float32Array } {
  const corner = (cx: number, cy: number) =>
    [0, 1, 2].map((c) => {
      const vals: number[] = [];
      for (let dy = 0; dy < 3; dy++)
        for (let dx = 0; dx < 3; dx++) vals.push(rgb[(Math.abs(cy - dy) * width + Math.abs(cx - dx)) * 3 + c]);
      return vals.sort((a, b) => a - b)[4];
    });
  const [tl, tr, bl, br] = [corner(0, 0), corner(width - 1, 0), corner(0, height - 1), corner(width - 1, height - 1)];
  const ink: number[] = [];
  const dirs = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [u, v] = [x / (width - 1), y / (height - 1)];
      const k = y * width + x;
      let [far, len] = [0, 0];
      for (let c = 0; c < 3; c++) {
        const d = rgb[k * 3 + c] - ((tl[c] * (1 - u) + tr[c] * u) * (1 - v) + (bl[c] * (1 - u) + br[c] * u) * v);
        dirs[k * 3 + c] = d;
        far = Math.max(far, Math.abs(d));
        len += d * d;
      }
      if (far <= INK) continue;
      ink.push(k);
      for (let c = 0; c < 3; c++) dirs[k * 3 + c] /= Math.sqrt(len);
    }
  return { ink, dirs };
}

/** The picture cut into `n` pieces, left to right, each as a CELL × CELL vector. */
export function segment(pic: Picture, n: number): Float32Array[] {
  const { width } = pic;
  const { ink, dirs } = inkOf(pic);
  // connected components (8 neighbours) of one pen; specks go
  const isInk = new Uint8Array(pic.width * pic.height);
  for (const k of ink) isInk[k] = 1;
  const parent = Int32Array.from({ length: isInk.length }, (_, k) => k);
  const find = (k: number): number => {
    while (parent[k] !== k) k = parent[k] = parent[parent[k]];
    return k;
  };
  const samePen = (a: number, b: number) =>
    dirs[a * 3] * dirs[b * 3] + dirs[a * 3 + 1] * dirs[b * 3 + 1] + dirs[a * 3 + 2] * dirs[b * 3 + 2] > SAME_PEN;
  for (const k of ink) {
    const x = k % width;
    for (const nb of [x ? k - 1 : -1, k - width, x ? k - width - 1 : -1, x + 1 < width ? k - width + 1 : -1])
      if (nb >= 0 && isInk[nb] && samePen(k, nb)) parent[find(k)] = find(nb);
  }
  const byRoot = new Map<number, Piece>();
  for (const k of ink) {
    const x = k % width;
    const root = find(k);
    const p = byRoot.get(root);
    if (!p) byRoot.set(root, { pixels: [k], x0: x, x1: x });
    else {
      p.pixels.push(k);
      [p.x0, p.x1] = [Math.min(p.x0, x), Math.max(p.x1, x)];
    }
  }
  const pieces = [...byRoot.values()].filter((p) => p.pixels.length >= Math.max(6, ink.length * 0.02));
  const join = (i: number, j: number) => {
    const [a, b] = [pieces[i], pieces[j]];
    pieces[i] = { pixels: [...a.pixels, ...b.pixels], x0: Math.min(a.x0, b.x0), x1: Math.max(a.x1, b.x1) };
    pieces.splice(j, 1);
  };
  // parts of one character: pieces mostly above one another join
  const overlap = (a: Piece, b: Piece) =>
    (Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) + 1) / Math.min(a.x1 - a.x0 + 1, b.x1 - b.x0 + 1);
  for (let i = 0; i < pieces.length; i++)
    for (let j = i + 1; j < pieces.length; j++)
      if (overlap(pieces[i], pieces[j]) > 0.6) {
        join(i, j);
        j = i;
      }
  // too many: the nearest pieces join
  const gap = (a: Piece, b: Piece) => Math.max(a.x0 - b.x1, b.x0 - a.x1);
  while (pieces.length > n) {
    let [bi, bj, best] = [0, 1, Infinity];
    for (let i = 0; i < pieces.length; i++)
      for (let j = i + 1; j < pieces.length; j++)
        if (gap(pieces[i], pieces[j]) < best) [bi, bj, best] = [i, j, gap(pieces[i], pieces[j])];
    join(bi, bj);
  }
  // too few (characters that touch): the widest piece is cut into as many columns as its share of the width asks
  // for, over the columns that hold most of its ink (so that the ends of a stray line do not count)
  if (!pieces.length) pieces.push({ pixels: ink, x0: 0, x1: width - 1 });
  while (pieces.length < n) {
    const i = pieces.reduce((m, p, k) => (p.x1 - p.x0 > pieces[m].x1 - pieces[m].x0 ? k : m), 0);
    const p = pieces[i];
    const columns = new Array<number>(width).fill(0);
    for (const k of p.pixels) columns[k % width]++;
    const enough = Math.max(...columns) * TRIM;
    const x0 = columns.findIndex((c) => c >= enough);
    const x1 = columns.findLastIndex((c) => c >= enough);
    const total = pieces.reduce((s, q) => s + q.x1 - q.x0 + 1, 0);
    const parts = Math.max(2, Math.min(n - pieces.length + 1, Math.round(((p.x1 - p.x0 + 1) / total) * n)));
    const w = (x1 - x0 + 1) / parts;
    const cut = Array.from({ length: parts }, (_, c) => {
      const [a, b] = [c ? x0 + c * w : 0, c < parts - 1 ? x0 + (c + 1) * w : width];
      return {
        pixels: p.pixels.filter((k) => k % width >= a && k % width < b),
        x0: Math.ceil(a),
        x1: Math.ceil(b) - 1,
      };
    });
    pieces.splice(i, 1, ...cut);
  }
  return pieces.sort((a, b) => a.x0 + a.x1 - b.x0 - b.x1).map((p) => vector(p, width));
}

/** The piece's bounding box scaled to CELL × CELL: the share of ink in each cell (4 × 4 samples a cell). */
function vector(p: Piece, width: number): Float32Array {
  const v = new Float32Array(CELL * CELL);
  if (!p.pixels.length) return v;
  const xs = p.pixels.map((k) => k % width);
  const ys = p.pixels.map((k) => Math.floor(k / width));
  const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
  const [w, h] = [Math.max(...xs) - x0 + 1, Math.max(...ys) - y0 + 1];
  const local = new Uint8Array(w * h);
  for (let i = 0; i < xs.length; i++) local[(ys[i] - y0) * w + xs[i] - x0] = 1;
  // the box made square about its centre: a narrow character stays narrow
  const side = Math.max(w, h);
  const [ox, oy] = [(w - side) / 2, (h - side) / 2];
  for (let cy = 0; cy < CELL; cy++)
    for (let cx = 0; cx < CELL; cx++) {
      let sum = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const x = Math.floor(ox + ((cx + (sx + 0.5) / 4) * side) / CELL);
          const y = Math.floor(oy + ((cy + (sy + 0.5) / 4) * side) / CELL);
          if (x >= 0 && y >= 0 && x < w && y < h) sum += local[y * w + x];
        }
      v[cy * CELL + cx] = sum / 16;
    }
  // blurred, so that a stroke moved by a pixel is still near
  const blurred = new Float32Array(CELL * CELL);
  for (let y = 0; y < CELL; y++)
    for (let x = 0; x < CELL; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++)
          if (x + dx >= 0 && y + dy >= 0 && x + dx < CELL && y + dy < CELL) sum += v[(y + dy) * CELL + x + dx];
      blurred[y * CELL + x] = (v[y * CELL + x] + sum) / 10;
    }
  return blurred;
}

// ---------- nearest neighbour ----------

export class NearestNeighbourSolver {
  private readonly samples: { v: Float32Array; ch: string }[] = [];

  train(pic: Picture, answer: string): void {
    for (const [i, v] of segment(pic, answer.length).entries()) this.samples.push({ v, ch: answer[i] });
  }

  read(pic: Picture, length: number): string {
    return segment(pic, length)
      .map((v) => {
        let best = '';
        let bestD = Infinity;
        for (const s of this.samples) {
          let d = 0;
          for (let k = 0; k < v.length && d < bestD; k++) d += (v[k] - s.v[k]) ** 2;
          if (d < bestD) [best, bestD] = [s.ch, d];
        }
        return best;
      })
      .join('');
  }
}

/** A seeded generator (mulberry32), so that the test reads the same captchas every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
