import type { Pt } from './raster';

/**
 * A single-stroke font for the image captcha: each character is a few polylines in a 10 × 14 box (y down), drawn
 * with the same pen as the noise curves, so that nothing in the picture tells a character's stroke from noise. Only
 * characters a person cannot confuse once warped: no 0/O/D/Q, 1/I/L, 2/Z, 5/S, 8/B, 6/G/b, U/V.
 */

/** Points of an elliptic arc from angle a0 to a1 (degrees; 0 = right, 90 = down). */
function arc(cx: number, cy: number, rx: number, ry: number, a0: number, a1: number): Pt[] {
  const n = Math.max(2, Math.ceil(Math.abs(a1 - a0) / 12));
  return Array.from({ length: n + 1 }, (_, i) => {
    const a = ((a0 + ((a1 - a0) * i) / n) * Math.PI) / 180;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)] as Pt;
  });
}

/** Points of a quadratic Bézier curve. */
function quad(p0: Pt, p1: Pt, p2: Pt): Pt[] {
  const n = 10;
  return Array.from({ length: n + 1 }, (_, i) => {
    const t = i / n;
    const u = 1 - t;
    return [u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]] as Pt;
  });
}

const P_BOWL: Pt[] = [[0, 14], [0, 0], [5.5, 0], ...arc(5.5, 3.75, 4.5, 3.75, -90, 90), [0, 7.5]];

export const STROKE_FONT: Record<string, Pt[][]> = {
  A: [
    [
      [0, 14],
      [5, 0],
      [10, 14],
    ],
    [
      [2.3, 8.5],
      [7.7, 8.5],
    ],
  ],
  C: [arc(5.5, 7, 5, 7, 40, 320)],
  E: [
    [
      [10, 0],
      [0, 0],
      [0, 14],
      [10, 14],
    ],
    [
      [0, 7],
      [7, 7],
    ],
  ],
  F: [
    [
      [10, 0],
      [0, 0],
      [0, 14],
    ],
    [
      [0, 7],
      [7, 7],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 14],
    ],
    [
      [10, 0],
      [10, 14],
    ],
    [
      [0, 7],
      [10, 7],
    ],
  ],
  J: [
    [
      [4, 0],
      [10, 0],
    ],
    [[8, 0], [8, 9.5], ...arc(4.5, 9.5, 3.5, 4.5, 0, 180)],
  ],
  K: [
    [
      [0, 0],
      [0, 14],
    ],
    [
      [10, 0],
      [0, 8.5],
    ],
    [
      [3.5, 5.5],
      [10, 14],
    ],
  ],
  M: [
    [
      [0, 14],
      [0, 0],
      [5, 9],
      [10, 0],
      [10, 14],
    ],
  ],
  N: [
    [
      [0, 14],
      [0, 0],
      [10, 14],
      [10, 0],
    ],
  ],
  P: [P_BOWL],
  R: [
    P_BOWL,
    [
      [4.5, 7.5],
      [10, 14],
    ],
  ],
  T: [
    [
      [0, 0],
      [10, 0],
    ],
    [
      [5, 0],
      [5, 14],
    ],
  ],
  U: [[[0, 0], ...arc(5, 9, 5, 5, 180, 0), [10, 0]]],
  W: [
    [
      [0, 0],
      [2.5, 14],
      [5, 4],
      [7.5, 14],
      [10, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [10, 14],
    ],
    [
      [10, 0],
      [0, 14],
    ],
  ],
  Y: [
    [
      [0, 0],
      [5, 7],
    ],
    [
      [10, 0],
      [5, 7],
      [5, 14],
    ],
  ],
  '3': [[...arc(5, 3.5, 4.5, 3.5, -160, 90), ...arc(5, 10.5, 5, 3.5, -90, 160)]],
  '4': [
    [
      [7.5, 14],
      [7.5, 0],
      [0, 10],
      [10, 10],
    ],
  ],
  '6': [[...quad([8.5, 0], [1, 2.5], [0.5, 9.5]), ...arc(5, 9.5, 4.5, 4.5, 180, 540)]],
  '7': [
    [
      [0, 0],
      [10, 0],
      [4, 14],
    ],
  ],
  '9': [[...arc(5, 4.5, 4.5, 4.5, 0, 360), ...quad([9.5, 4.5], [9.5, 12], [2, 14])]],
};

/** 7 is drawn but not asked: warped, it reads as T. */
export const CAPTCHA_ALPHABET = Object.keys(STROKE_FONT)
  .filter((ch) => ch !== '7')
  .join('');
