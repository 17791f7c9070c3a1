import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../platform/http';

/** One call as the OpenAPI document describes it, for the tests generated from the route table. */
export interface DocumentedOperation {
  method: string;
  /** The address, with path parameters filled with 1. */
  url: string;
  /** The JSON body's schema (properties, required), or null. */
  body: { properties?: Record<string, { type?: string }>; required?: string[] } | null;
  /** Names of the query parameters. */
  query: string[];
  /** An installation operator's call (`operator: true`): it takes an operator's token, not an organisation's. */
  operator: boolean;
}

// Signing out ends the caller's own session: the generated tests leave it out.
const SKIPPED = new Set(['/api/backend/loginController/logOut', '/api/backend/operator/logout']);

/** Every call of the OpenAPI document (/api/docs/json), in address order. */
export async function documentedOperations(app: FastifyInstance): Promise<DocumentedOperation[]> {
  // the document itself, as /api/docs/json serves it (that address needs a session unless API_DOCS=public)
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, any>> };
  const ops: DocumentedOperation[] = [];
  for (const [url, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      if (!url.startsWith('/api/') || SKIPPED.has(url)) continue;
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      const query = (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name as string);
      const operator = apiRoutes.some(
        (r) => r.url === url && r.method === method.toUpperCase() && r.auth === 'operator',
      );
      ops.push({ method: method.toUpperCase(), url: url.replace(/\{(\w+)\}/g, '1'), body, query, operator });
    }
  return ops.sort((a, b) => a.url.localeCompare(b.url));
}
