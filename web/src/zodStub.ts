/**
 * The web bundle's stand-in for zod (web/vite.config.ts aliases 'zod' here). The API contract
 * (packages/core/src/contract) is written in zod, and the server runs it; the browser uses the contract only for its
 * types and the calls' addresses, so it need not download a validator it never runs (about 45 KB gzipped on the
 * sign-in page). Every schema expression evaluates to this inert value. Validating with it throws, so that a page can
 * never believe it validated something: forms validate with antd rules, requests are validated by the server.
 */

const PARSERS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'encode', 'decode', 'safeEncode']);

function refuse(): never {
  throw new Error('zod is not bundled in the web app: requests are validated by the server (web/vite.config.ts)');
}

const inert: any = new Proxy(() => {}, {
  get: (_target, key) => {
    if (typeof key === 'symbol' || key === 'then') return undefined;
    return PARSERS.has(key) ? refuse : inert;
  },
  apply: () => inert,
});

export const z = inert;
export default inert;
