import { describe, expect, it } from 'vitest';
import { deepCopy } from './deepCopy';
import { SELECT_ALL as ALL, SELECT_NULL as NULL, nextSelection, selectionValues } from './multiSelectAll';
import { buildTree, sortTree } from './tree';

describe('sortTree by sortNo', () => {
  it.each([
    [
      [
        { id: 1, sortNo: 3 },
        { id: 2, sortNo: 1 },
        { id: 3, sortNo: 2 },
      ],
      [2, 3, 1],
    ],
    [
      [{ id: 1 }, { id: 2, sortNo: 5 }, { id: 3, sortNo: 5 }],
      [2, 3, 1],
    ],
    [
      [
        { id: 1, sortNo: '10' },
        { id: 2, sortNo: '9' },
      ],
      [2, 1],
    ],
  ])('%o → %o', (items, order) => expect(sortTree(items as never[]).map((x: { id: number }) => x.id)).toEqual(order));

  it('sorts every level and leaves the input alone', () => {
    const input = [
      {
        id: 1,
        sortNo: 2,
        children: [
          { id: 11, sortNo: 2 },
          { id: 12, sortNo: 1 },
        ],
      },
      { id: 2, sortNo: 1 },
    ];
    const out = sortTree(input);
    expect(out.map((x) => x.id)).toEqual([2, 1]);
    expect(out[1].children?.map((x) => x.id)).toEqual([12, 11]);
    expect(input[0].children?.[0].id).toBe(11);
  });

  it('custom keys', () => {
    const out = sortTree(
      [
        {
          k: 1,
          order: 2,
          kids: [
            { k: 3, order: 2 },
            { k: 4, order: 1 },
          ],
        },
        { k: 2, order: 1 },
      ],
      { sortNo: 'order', children: 'kids' },
    );
    expect(out.map((x) => x.k)).toEqual([2, 1]);
    expect((out[1] as { kids: { k: number }[] }).kids.map((x) => x.k)).toEqual([4, 3]);
  });
});

describe('buildTree', () => {
  it('nests by parentId with depth and sortNo order', () => {
    const tree: any[] = buildTree([
      { id: 1, parentId: null, name: '总部', sortNo: 1 },
      { id: 2, parentId: 1, name: '销售二部', sortNo: 2 },
      { id: 3, parentId: 1, name: '销售一部', sortNo: 1 },
      { id: 4, parentId: 3, name: '一组', sortNo: 1 },
      { id: 5, parentId: 99, name: '孤儿', sortNo: 9 },
    ]);
    expect(tree.map((n) => n.name)).toEqual(['总部', '孤儿']);
    expect(tree[0].children.map((n: { name: string }) => n.name)).toEqual(['销售一部', '销售二部']);
    expect(tree[0].children[0].children[0]).toMatchObject({ name: '一组', depth: 2 });
  });
});

describe('deepCopy', () => {
  it.each([[undefined], [null], [1], ['text'], [true], [() => 1]])('bad input %s throws arguments error', (v) =>
    expect(() => deepCopy(v)).toThrow('arguments error'),
  );
  it('copies nested values, dates, maps, sets and cycles', () => {
    const src: Record<string, any> = { a: [1, { b: 2 }], d: new Date(0), m: new Map([[1, { x: 1 }]]), s: new Set([1]) };
    src.self = src;
    const out = deepCopy(src);
    expect(out).not.toBe(src);
    expect(out.a[1]).toEqual({ b: 2 });
    expect(out.a[1]).not.toBe(src.a[1]);
    expect(out.d.getTime()).toBe(0);
    expect(out.m.get(1)).not.toBe(src.m.get(1));
    expect(out.self).toBe(out);
  });
});

describe('multi-select with all', () => {
  const items = ['a', 'b', 'c'];
  it.each([
    ['choosing all selects everything', [], [ALL], [ALL, 'a', 'b', 'c']],
    ['deselecting all clears', [ALL, 'a', 'b', 'c'], ['a', 'b', 'c'], []],
    ['choosing -- clears the others', ['a', 'b'], ['a', 'b', NULL], [NULL]],
    ['choosing an item after -- drops --', [NULL], [NULL, 'a'], ['a']],
    ['selecting every item adds all', ['a', 'b'], ['a', 'b', 'c'], [ALL, 'a', 'b', 'c']],
    ['deselecting one item drops all', [ALL, 'a', 'b', 'c'], [ALL, 'a', 'c'], ['a', 'c']],
    ['plain selection', ['a'], ['a', 'b'], ['a', 'b']],
  ])('%s', (_, prev, next, out) => expect(nextSelection(prev, next, items)).toEqual(out));
  it('values sent leave out the all marker', () => expect(selectionValues([ALL, 'a', 'b'])).toEqual(['a', 'b']));
});
