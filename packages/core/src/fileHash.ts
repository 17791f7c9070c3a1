/**
 * The file hash of spec part 1 section 9 (recording deduplication): MD5 of the first 10 MB, read in 2 MB chunks.
 * Works on anything with `size` and `slice(start, end).arrayBuffer()` (a browser File or Blob, a Node Blob).
 */
export const HASH_LIMIT_BYTES = 10 * 1024 * 1024;
export const HASH_CHUNK_BYTES = 2 * 1024 * 1024;

export interface Sliceable {
  size: number;
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

export async function fileHash(file: Sliceable, onProgress?: (percent: number) => void): Promise<string> {
  const md5 = new Md5();
  const total = Math.min(file.size, HASH_LIMIT_BYTES);
  for (let start = 0; start < total; start += HASH_CHUNK_BYTES) {
    const end = Math.min(start + HASH_CHUNK_BYTES, total);
    md5.update(new Uint8Array(await file.slice(start, end).arrayBuffer()));
    onProgress?.(Math.round((end / total) * 100));
  }
  return md5.hex();
}

const S = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 4,
  11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

/** Incremental MD5 (RFC 1321). */
export class Md5 {
  private h = new Uint32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  private buffer = new Uint8Array(64);
  private buffered = 0;
  private length = 0;
  private words = new Uint32Array(16);

  update(data: Uint8Array): this {
    this.length += data.length;
    let i = 0;
    if (this.buffered) {
      const take = Math.min(64 - this.buffered, data.length);
      this.buffer.set(data.subarray(0, take), this.buffered);
      this.buffered += take;
      i = take;
      if (this.buffered === 64) {
        this.block(this.buffer, 0);
        this.buffered = 0;
      }
    }
    for (; i + 64 <= data.length; i += 64) this.block(data, i);
    if (i < data.length) {
      this.buffer.set(data.subarray(i), 0);
      this.buffered = data.length - i;
    }
    return this;
  }

  private block(bytes: Uint8Array, off: number): void {
    const w = this.words;
    for (let j = 0; j < 16; j++)
      w[j] =
        bytes[off + j * 4] |
        (bytes[off + j * 4 + 1] << 8) |
        (bytes[off + j * 4 + 2] << 16) |
        (bytes[off + j * 4 + 3] << 24);
    let [a, b, c, d] = this.h;
    for (let j = 0; j < 64; j++) {
      let f: number;
      let g: number;
      if (j < 16) {
        f = (b & c) | (~b & d);
        g = j;
      } else if (j < 32) {
        f = (d & b) | (~d & c);
        g = (5 * j + 1) % 16;
      } else if (j < 48) {
        f = b ^ c ^ d;
        g = (3 * j + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * j) % 16;
      }
      const tmp = d;
      d = c;
      c = b;
      const x = (a + f + K[j] + w[g]) >>> 0;
      b = (b + ((x << S[j]) | (x >>> (32 - S[j])))) >>> 0;
      a = tmp;
    }
    this.h[0] += a;
    this.h[1] += b;
    this.h[2] += c;
    this.h[3] += d;
  }

  hex(): string {
    const bits = this.length * 8;
    const pad = new Uint8Array((this.buffered < 56 ? 56 : 120) - this.buffered + 8);
    pad[0] = 0x80;
    const lo = bits >>> 0;
    const hi = Math.floor(bits / 2 ** 32) >>> 0;
    const n = pad.length;
    for (let j = 0; j < 4; j++) {
      pad[n - 8 + j] = (lo >>> (8 * j)) & 0xff;
      pad[n - 4 + j] = (hi >>> (8 * j)) & 0xff;
    }
    this.update(pad);
    let out = '';
    for (const v of this.h) for (let j = 0; j < 4; j++) out += ((v >>> (8 * j)) & 0xff).toString(16).padStart(2, '0');
    return out;
  }
}
