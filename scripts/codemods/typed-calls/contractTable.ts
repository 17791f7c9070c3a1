import type { Call } from '../../../packages/core/src/contract/call.ts';
import { contract } from '../../../packages/core/src/contract/index.ts';

/** Every call of the contract by `METHOD /api/<base><path>`, as the expression that names it in a test. */
export interface ContractTable {
  /** `'POST /api/backend/problemFeedback/save'` → `'contract.feedback.save'`; absent when two entries share it. */
  byRoute: Map<string, string>;
  /** Routes that more than one entry declares: a test cannot tell which it meant. */
  ambiguous: Set<string>;
  /** The methods each address is declared with (to tell "wrong method" from "not a contract call"). */
  methodsByUrl: Map<string, string[]>;
  /** Addresses with a parameter (`/uploadController/img/:id`), as patterns. */
  parameterised: RegExp[];
  /** The entries (`contract.x.y`) that take no input: neither a body nor a query. */
  withoutInput: Set<string>;
}

const isCall = (v: unknown): v is Call =>
  typeof v === 'object' && v !== null && 'base' in v && 'method' in v && 'path' in v;

export const urlOf = (c: Call) => `/api/${c.base}${c.path}`;

export function contractTable(root: Record<string, unknown> = contract): ContractTable {
  const table: ContractTable = {
    byRoute: new Map(),
    ambiguous: new Set(),
    methodsByUrl: new Map(),
    parameterised: [],
    withoutInput: new Set(),
  };
  const seen = new Map<string, string>();
  const walk = (node: unknown, name: string) => {
    if (isCall(node)) {
      const url = urlOf(node);
      const route = `${node.method} ${url}`;
      if (seen.has(route) && seen.get(route) !== name) table.ambiguous.add(route);
      else seen.set(route, name);
      table.methodsByUrl.set(url, [...(table.methodsByUrl.get(url) ?? []), node.method]);
      if (!node.body && !node.query) table.withoutInput.add(name);
      if (url.includes('/:')) table.parameterised.push(new RegExp(`^${url.replace(/\/:[^/]+/g, '/[^/]+')}$`));
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) walk(value, `${name}${accessor(key)}`);
  };
  walk(root, 'contract');
  for (const [route, name] of seen) if (!table.ambiguous.has(route)) table.byRoute.set(route, name);
  return table;
}

const accessor = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);
