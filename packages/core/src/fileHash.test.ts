import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fileHash, HASH_CHUNK_BYTES, HASH_LIMIT_BYTES, Md5 } from './fileHash';

describe('file hash: MD5 of the first 10 MB in 2 MB chunks', () => {
  const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');
  it.each([
    [''],
    ['abc'],
    ['The quick brown fox jumps over the lazy dog'],
    ['中文录音'],
    ['x'.repeat(55)],
    ['x'.repeat(56)],
    ['x'.repeat(64)],
    ['x'.repeat(1000)],
  ])('Md5 of %s matches node:crypto', (text) => {
    const bytes = new TextEncoder().encode(text);
    expect(new Md5().update(bytes).hex()).toBe(md5(bytes));
  });

  it('incremental updates in odd pieces give the same digest', () => {
    const bytes = new Uint8Array(5000).map((_, i) => (i * 31) & 0xff);
    const m = new Md5();
    for (let i = 0; i < bytes.length; i += 77) m.update(bytes.subarray(i, i + 77));
    expect(m.hex()).toBe(md5(bytes));
  });

  function blob(size: number) {
    const data = new Uint8Array(size).map((_, i) => (i * 7 + (i >> 12)) & 0xff);
    const reads: [number, number][] = [];
    return {
      data,
      reads,
      file: {
        size,
        slice: (a: number, b: number) => {
          reads.push([a, b]);
          return { arrayBuffer: async () => data.slice(a, b).buffer };
        },
      },
    };
  }

  it.each([
    [1000, [[0, 1000]]],
    [
      HASH_CHUNK_BYTES * 2 + 5,
      [
        [0, HASH_CHUNK_BYTES],
        [HASH_CHUNK_BYTES, HASH_CHUNK_BYTES * 2],
        [HASH_CHUNK_BYTES * 2, HASH_CHUNK_BYTES * 2 + 5],
      ],
    ],
    [HASH_LIMIT_BYTES + 12345, [0, 1, 2, 3, 4].map((i) => [i * HASH_CHUNK_BYTES, (i + 1) * HASH_CHUNK_BYTES])],
  ])('a file of %s bytes is read in chunks %o', async (size, chunks) => {
    const b = blob(size);
    const hash = await fileHash(b.file);
    expect(b.reads).toEqual(chunks);
    expect(hash).toBe(md5(b.data.subarray(0, Math.min(size, HASH_LIMIT_BYTES))));
  });
});
