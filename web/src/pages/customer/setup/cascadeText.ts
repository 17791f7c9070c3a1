import type { CascadeNode } from '@crm/core/contract/shapes';

/** Cascade data as text: one path per line, levels joined with /. */
export function cascadeToText(nodes: CascadeNode[], prefix: string[] = []): string[] {
  return nodes.flatMap((n) =>
    n.children?.length ? cascadeToText(n.children, [...prefix, n.label]) : [[...prefix, n.label].join('/')],
  );
}

/** Lines of paths → a tree; a node keeps its existing value when the label path is unchanged. */
export function textToCascade(text: string, previous: CascadeNode[] = []): CascadeNode[] {
  const root: CascadeNode[] = [];
  for (const line of text.split('\n')) {
    const parts = line
      .split('/')
      .map((s) => s.trim())
      .filter(Boolean);
    let level = root;
    let prev: CascadeNode[] | undefined = previous;
    for (const label of parts) {
      let node = level.find((n) => n.label === label);
      const old: CascadeNode | undefined = prev?.find((n) => n.label === label);
      if (!node) {
        node = { value: old?.value ?? label, label };
        level.push(node);
      }
      node.children ??= [];
      level = node.children;
      prev = old?.children;
    }
  }
  const prune = (ns: CascadeNode[]): CascadeNode[] =>
    ns.map((n) => (n.children?.length ? { ...n, children: prune(n.children) } : { value: n.value, label: n.label }));
  return prune(root);
}
