/** Tree helpers of spec part 1 section 3 (tree item: id, parentId, children, sortNo, depth). */
export interface TreeKeys {
  id?: string;
  parentId?: string;
  children?: string;
  sortNo?: string;
}

type Item = Record<string, any>;

/** Sorts every level ascending by sortNo (items without one go last, the order among equals kept). Returns a copy. */
export function sortTree<T extends Item>(items: T[], keys: TreeKeys = {}): T[] {
  const children = keys.children ?? 'children';
  const sortNo = keys.sortNo ?? 'sortNo';
  const val = (x: Item) =>
    x[sortNo] === null || x[sortNo] === undefined ? Number.POSITIVE_INFINITY : Number(x[sortNo]);
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => val(a.item) - val(b.item) || a.i - b.i)
    .map(({ item }) =>
      Array.isArray(item[children])
        ? ({ ...item, [children]: sortTree(item[children], keys) } as T)
        : ({ ...item } as T),
    );
}

/** Builds a sorted tree from a flat list by id and parentId, setting depth (roots 0). Orphans become roots. */
export function buildTree<T extends Item>(flat: T[], keys: TreeKeys = {}): (T & { depth: number })[] {
  const id = keys.id ?? 'id';
  const parentId = keys.parentId ?? 'parentId';
  const children = keys.children ?? 'children';
  const nodes = new Map<unknown, Item>();
  for (const item of flat) nodes.set(item[id], { ...item, [children]: [] });
  const roots: Item[] = [];
  for (const node of nodes.values()) {
    const parent = node[parentId] === null || node[parentId] === undefined ? undefined : nodes.get(node[parentId]);
    if (parent && parent !== node) parent[children].push(node);
    else roots.push(node);
  }
  const setDepth = (list: Item[], depth: number) => {
    for (const n of list) {
      n.depth = depth;
      setDepth(n[children], depth + 1);
    }
  };
  setDepth(roots, 0);
  return sortTree(roots as T[], keys) as (T & { depth: number })[];
}
