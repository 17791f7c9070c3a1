import { describe, expect, it } from 'vitest';
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
