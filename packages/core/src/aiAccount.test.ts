import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aiAccountTip } from './aiAccount';
import { fileHash, HASH_CHUNK_BYTES, HASH_LIMIT_BYTES, Md5 } from './fileHash';
import { clueNameLine, messageListOf, splitMessages } from './messages';

const now = new Date('2026-11-18T12:00:00+08:00');

describe('AI account tip', () => {
  it.each([
    [{ isLess: 1, expTime: '2030-01-01 00:00:00' }, 1],
    [{ isLess: 1 }, 1],
    [{ isLess: 0, expTime: '2026-11-20 00:00:00' }, 2],
    [{ isLess: 0, expTime: '2026-11-25 12:00:00' }, 2],
    [{ isLess: 0, expTime: '2026-11-25 12:00:01' }, 0],
    [{ isLess: 0, expTime: '2026-11-18 11:00:00' }, 0],
    [{ isLess: 0, expTime: '2026-12-31' }, 0],
    [{ isLess: 0, expTime: Date.parse('2026-11-19T00:00:00+08:00') }, 2],
    [{ isLess: 0 }, 0],
    [null, 0],
  ])('%o → %s', (acct, tip) => expect(aiAccountTip(acct, now)).toBe(tip));
});

describe('msgType routing', () => {
  it.each([
    ['ai_intention_degree', 'ai'],
    ['ai_churn_risk', 'ai'],
    ['ai_model', 'ai'],
    ['ai_risk', 'ai'],
    ['ai_label', 'ai'],
    ['ai_violation', 'ai'],
    ['ai_keyword', 'ai'],
    ['ai_chat_key', 'ai'],
    ['ai_other', 'normal'],
    ['notice', 'normal'],
    ['clue_remind', 'normal'],
    [null, 'normal'],
    [undefined, 'normal'],
  ])('%s → %s', (t, list) => expect(messageListOf(t)).toBe(list));

  it('splits a list', () => {
    const { ai, normal } = splitMessages([{ msgType: 'ai_risk' }, { msgType: 'notice' }, { msgType: 'ai_label' }]);
    expect([ai.length, normal.length]).toEqual([2, 1]);
  });

  it.each([
    [{ name: '张三', company: '星辰' }, '张三(星辰)'],
    [{ name: '张三' }, '张三'],
    [{ company: '星辰' }, '星辰'],
    [{ name: ' ', company: '' }, '--'],
    [null, '--'],
  ])('name line %o → %s', (info, line) => expect(clueNameLine(info)).toBe(line));
});

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
