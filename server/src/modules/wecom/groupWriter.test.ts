import { describe, expect, it } from 'vitest';
import { GroupWriter } from './groupWriter';

/** A flush that records its groups and waits until released. */
function recorder(fail?: (items: number[]) => boolean) {
  const groups: number[][] = [];
  const waiting: (() => void)[] = [];
  const flush = (items: number[]) => {
    groups.push(items);
    return new Promise<void>((done, reject) =>
      waiting.push(() => (fail?.(items) ? reject(new Error('写入失败')) : done())),
    );
  };
  const release = async () => {
    await Promise.resolve();
    waiting.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { groups, flush, release };
}

describe('GroupWriter', () => {
  it('writes one group at a time, each taking what was queued meanwhile (at most maxItems), in order', async () => {
    const r = recorder();
    const w = new GroupWriter(r.flush, 3);
    const done: number[] = [];
    const all = [1, 2, 3, 4, 5, 6].map((i) => w.write(i).then(() => done.push(i)));
    expect(r.groups).toEqual([[1]]);
    await r.release();
    expect(done).toEqual([1]);
    expect(r.groups).toEqual([[1], [2, 3, 4]]);
    await r.release();
    await r.release();
    await Promise.all(all);
    expect(r.groups).toEqual([[1], [2, 3, 4], [5, 6]]);
    expect(done).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('after a failed write refuses the pages queued then and later', async () => {
    const r = recorder((items) => items.includes(2));
    const w = new GroupWriter(r.flush, 1);
    const results = Promise.allSettled([1, 2, 3].map((i) => w.write(i)));
    await r.release();
    await r.release();
    expect((await results).map((x) => x.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    await expect(w.write(4)).rejects.toThrow('写入失败');
    expect(r.groups).toEqual([[1], [2]]);
  });
});
