import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiRoutes } from './http';

/**
 * The OpenAPI document at /api/docs is generated from the zod schemas that validate each call. Two things zod's JSON
 * Schema export cannot know are asked of those same schemas here, so that the document cannot disagree with the
 * server: whether a property is required (a key is required when its schema refuses `undefined`: preprocessed and
 * transformed fields report themselves optional to the exporter even when they refuse a missing value), and the
 * `null` branches of unions, which OpenAPI 3.0 writes as `nullable`.
 */

interface OverrideContext {
  zodSchema: z.core.$ZodType;
  jsonSchema: Record<string, any>;
}

const isNullBranch = (s: Record<string, unknown>) =>
  s.nullable === true && Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null;

/** The same schema written twice in a union (two refinements of one type) is documented once. */
function distinct(branches: Record<string, unknown>[]): Record<string, unknown>[] {
  const seen = new Set<string>();
  return branches.filter((b) => {
    const k = JSON.stringify(b);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** A union of literals of one type (`1 | 2`) is one enum of that type, as a client generator expects it. */
function mergeEnums(branches: Record<string, unknown>[]): Record<string, unknown>[] {
  const literal = (b: Record<string, unknown>) =>
    Array.isArray(b.enum) && Object.keys(b).every((k) => k === 'type' || k === 'enum');
  if (branches.length < 2 || !branches.every(literal)) return branches;
  const types = new Set(branches.map((b) => b.type));
  if (types.size !== 1) return branches;
  return [{ type: branches[0].type, enum: branches.flatMap((b) => b.enum as unknown[]) }];
}

function override(ctx: OverrideContext): void {
  const def = ctx.zodSchema._zod.def as { type: string; shape?: Record<string, z.ZodType> };
  const json = ctx.jsonSchema;
  if (def.type === 'object' && def.shape) {
    const required = Object.entries(def.shape)
      .filter(([, schema]) => !schema.safeParse(undefined).success)
      .map(([key]) => key);
    if (required.length) json.required = required;
    else delete json.required;
  }
  if (def.type === 'union' && Array.isArray(json.anyOf)) {
    const all = (json.anyOf as Record<string, unknown>[]).filter((s) => Object.keys(s).length > 0);
    const nullable = all.some(isNullBranch);
    const others = mergeEnums(distinct(all.filter((s) => !isNullBranch(s))));
    delete json.anyOf;
    if (others.length === 0) return;
    if (others.length === 1) Object.assign(json, others[0]);
    // OpenAPI 3.0 wants `type` beside `nullable`: a nullable choice of several shapes says it on each of them
    else json.anyOf = nullable ? others.map((s) => (s.type ? { ...s, nullable: true } : s)) : others;
    if (nullable && others.length === 1) json.nullable = true;
  }
  if (def.type === 'date') Object.assign(json, { type: 'string', format: 'date-time' });
}

/** The swagger transform: fastify-type-provider-zod's, with the override above for requests and answers. */
export const openApiTransform = createJsonSchemaTransform({ zodToJsonConfig: { override } });

/** Writes the named schemas (`.meta({ id })`: recursive trees such as Dept and Menu) into the document's components. */
const namedSchemas = createJsonSchemaTransformObject({ zodToJsonConfig: { override } });

/** The whole document, finished: the named schemas, then who may call each operation and what it may answer. */
export const openApiTransformObject: typeof namedSchemas = (input) =>
  finishDocument(namedSchemas(input) as Doc) as never;

/** The document's head: where it is served, and the ways a caller proves who it is. */
export const openApiDocument = {
  info: {
    title: '销售CRM API',
    version: '0.1.0',
    description:
      '答复统一为 `{ code, msg, data }`，code 为 1 表示成功；请求头 `X-Support-Features: standard-HTTP-status` 时同时返回真实的 HTTP 状态码。',
    license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
  },
  servers: [{ url: '/', description: '本服务' }],
  components: {
    securitySchemes: {
      session: {
        type: 'apiKey' as const,
        in: 'header' as const,
        name: 'Authorization',
        description: '登录（webLogin）返回的访问令牌，放在 Authorization 请求头（可带 Bearer 前缀）',
      },
      operatorSession: {
        type: 'apiKey' as const,
        in: 'header' as const,
        name: 'Authorization',
        description: '运营人员登录返回的访问令牌（运营接口）',
      },
      appKey: { type: 'apiKey' as const, in: 'header' as const, name: 'X-App-Key', description: '开放接口的 AppKey' },
      timestamp: {
        type: 'apiKey' as const,
        in: 'header' as const,
        name: 'X-Timestamp',
        description: '毫秒时间戳，须在服务器时间前后 5 分钟内',
      },
      nonce: {
        type: 'apiKey' as const,
        in: 'header' as const,
        name: 'X-Nonce',
        description: '8-64 位随机串，每个只能用一次',
      },
      signature: {
        type: 'apiKey' as const,
        in: 'header' as const,
        name: 'X-Signature',
        description:
          'HMAC-SHA256（密钥为 AppSecret）的十六进制：方法、路径、排序后的查询串、时间戳、nonce、请求体 SHA-256 十六进制，以换行连接',
      },
      openApiToken: {
        type: 'http' as const,
        scheme: 'bearer',
        description: '/api/openapi/auth/token 换取的短期访问令牌',
      },
    },
  },
};

type Doc = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> } & Record<
  string,
  unknown
>;
type Operation = Record<string, any>;

const failure = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: { nullable: true, type: 'object' } },
        required: ['code', 'msg'],
      },
    },
  },
});

const SIGNED: Record<string, string[]>[] = [
  { appKey: [], timestamp: [], nonce: [], signature: [] },
  { openApiToken: [] },
];

/** Who may call: from the route's registration (platform/http.ts); a route outside it checks its caller itself. */
function securityOf(method: string, url: string): Record<string, string[]>[] {
  if (url.startsWith('/api/openapi/')) return SIGNED;
  const route = apiRoutes.find((r) => r.method === method && r.url === url);
  if (!route || route.auth === 'none') return [];
  if (route.auth === 'operator') return [{ operatorSession: [] }];
  return route.auth === 'optional' ? [{ session: [] }, {}] : [{ session: [] }];
}

/** `post /api/backend/organization/getOrganizationKey` → `postBackendOrganizationGetOrganizationKey`. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/**
 * What the exporter writes that OpenAPI 3.0 tools refuse, written as they expect it: `{ allOf: [one] }` (how a named
 * schema is referred to) is that one schema; a union that names one schema twice names it once; `nullable` always
 * stands beside a `type` (a nullable choice says it on each choice).
 */
function tidy(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) tidy(n);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, any>;
  for (const v of Object.values(o)) tidy(v);
  if (Array.isArray(o.allOf) && o.allOf.length === 1 && Object.keys(o).length === 1) {
    Object.assign(o, o.allOf[0]);
    delete o.allOf;
  }
  if (Array.isArray(o.anyOf)) {
    o.anyOf = distinct(o.anyOf);
    if (o.anyOf.length === 1) {
      const [one] = o.anyOf;
      delete o.anyOf;
      Object.assign(o, one, o.nullable || one.nullable ? { nullable: true } : {});
    }
  }
  if (o.nullable === true && o.type === undefined) {
    if (Array.isArray(o.anyOf))
      o.anyOf = o.anyOf.map((b: Record<string, unknown>) => (b.type ? { ...b, nullable: true } : b));
    else if (Array.isArray(o.enum) && o.enum.length) o.type = typeof o.enum.find((v: unknown) => v !== null);
    if (o.type === undefined) delete o.nullable;
  }
}

export function finishDocument(doc: Doc): Doc {
  const ids = new Set<string>();
  for (const [url, ops] of Object.entries(doc.paths ?? {}))
    for (const [method, op] of Object.entries(ops)) {
      if (!op || typeof op !== 'object' || !('responses' in op || 'summary' in op)) continue;
      const M = method.toUpperCase();
      op.security ??= securityOf(M, url);
      let id = op.operationId ?? operationIdOf(M, url);
      while (ids.has(id)) id = `${id}_`;
      ids.add(id);
      op.operationId = id;
      op.responses ??= {};
      op.responses['200'] ??= { description: '成功' };
      op.responses['400'] ??= failure('参数错误（code 400，msg 说明哪个字段、错在哪里）');
      if (op.security.length) {
        op.responses['401'] ??= failure('未登录或登录过期（code 10 / 22001，开放接口为签名错误）');
        op.responses['403'] ??= failure('无权限访问（code 403）');
      }
      if (url.startsWith('/api/openapi/')) op.responses['429'] ??= failure('请求过于频繁（code 429）');
    }
  tidy(doc.components);
  tidy(doc.paths);
  return doc;
}

/**
 * Who may read the API document (/api/docs, /api/docs/json and the page's files): anyone with API_DOCS=public;
 * otherwise a signed-in session of an organisation (its access token in the Authorization header, as the API
 * takes it), else code 10 as any call without a session. The document names every call and field of the product:
 * it is not published to the internet unless asked for.
 */
export function apiDocsHooks(app: FastifyInstance, isPublic: boolean) {
  if (isPublic) return {};
  return {
    onRequest: async (req: FastifyRequest) => {
      await app.authenticate(req, true);
    },
  };
}
