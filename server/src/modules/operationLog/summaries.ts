import { contract } from '@crm/core/contract';

type CallLike = { base: string; method: string; path: string; summary: string };

const isCall = (v: unknown): v is CallLike =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as CallLike).path === 'string' &&
  typeof (v as CallLike).summary === 'string';

function collect(node: unknown, out: Map<string, string>, depth = 0): void {
  if (!node || typeof node !== 'object' || depth > 4) return;
  if (isCall(node)) {
    out.set(`/api/${node.base}${node.path}`, node.summary);
    return;
  }
  for (const v of Object.values(node)) collect(v, out, depth + 1);
}

let byPath: Map<string, string> | null = null;

/**
 * What a logged request did, in Chinese: the summary its call has in the contract (`/api/backend/post/save` →
 * 新增或编辑岗位); a path the contract does not know (sign-in, a webhook) gives null.
 */
export function callSummary(path: string): string | null {
  if (!byPath) {
    byPath = new Map();
    collect(contract, byPath);
  }
  return byPath.get(path.split('?')[0]) ?? null;
}
