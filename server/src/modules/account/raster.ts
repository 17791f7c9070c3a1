import { crc32, deflateSync } from 'node:zlib';

/** A point in pixels. */
export type Pt = [number, number];
export type Rgb = [number, number, number];

/**
 * An 8-bit RGB image drawn in software (no native canvas): anti-aliased round-capped strokes of polylines, written
 * out as PNG with node:zlib. Enough for the image captcha, whose characters and noise are all strokes of one pen.
 */
export class Raster {
  readonly rgb: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: (x: number, y: number) => Rgb,
  ) {
    this.rgb = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) this.rgb.set(background(x, y), (y * width + x) * 3);
  }

  /** Coverage (0..1) of a set of polylines stroked with round joins and caps, per pixel. */
  coverage(lines: Pt[][], penWidth: number): Float32Array {
    const cov = new Float32Array(this.width * this.height);
    const r = penWidth / 2;
    for (const line of lines)
      for (let i = 0; i + 1 < line.length || (i === 0 && line.length === 1); i++) {
        const a = line[i];
        const b = line[Math.min(i + 1, line.length - 1)];
        const x0 = Math.max(0, Math.floor(Math.min(a[0], b[0]) - r - 1));
        const x1 = Math.min(this.width - 1, Math.ceil(Math.max(a[0], b[0]) + r + 1));
        const y0 = Math.max(0, Math.floor(Math.min(a[1], b[1]) - r - 1));
        const y1 = Math.min(this.height - 1, Math.ceil(Math.max(a[1], b[1]) + r + 1));
        const dx = b[0] - a[0];
        const dy = b[1] - a[1];
        const len2 = dx * dx + dy * dy;
        for (let y = y0; y <= y1; y++)
          for (let x = x0; x <= x1; x++) {
            // distance from the pixel's centre to the segment
            const px = x + 0.5 - a[0];
            const py = y + 0.5 - a[1];
            const t = len2 ? Math.max(0, Math.min(1, (px * dx + py * dy) / len2)) : 0;
            const ex = px - t * dx;
            const ey = py - t * dy;
            const c = Math.min(1, Math.max(0, r + 0.5 - Math.sqrt(ex * ex + ey * ey)));
            const k = y * this.width + x;
            if (c > cov[k]) cov[k] = c;
          }
      }
    return cov;
  }

  /** Paints a colour through a coverage mask. */
  paint(cov: Float32Array, color: Rgb, opacity = 1): void {
    for (let k = 0; k < cov.length; k++) {
      const c = cov[k] * opacity;
      if (!c) continue;
      for (let ch = 0; ch < 3; ch++) this.rgb[k * 3 + ch] = Math.round(this.rgb[k * 3 + ch] * (1 - c) + color[ch] * c);
    }
  }

  png(): Buffer {
    const stride = this.width * 3;
    const raw = Buffer.alloc((stride + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * (stride + 1)] = 0; // filter: none
      raw.set(this.rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
    }
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.width, 0);
    ihdr.writeUInt32BE(this.height, 4);
    ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter method, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
