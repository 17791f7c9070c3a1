/**
 * The signed open API (spec plan K): organisations' keys, and the calls integrators make under /api/openapi.
 *
 *   schema.ts     openapi_key (secret sealed), openapi_nonce (nonces seen within the window)
 *   keys.ts       create, list without secrets, rotate, revoke (the served getOrganizationKey, resetOrganizationKey)
 *   signature.ts  the guard: HMAC signature, time window, nonce once, bearer tokens, rate limit, scopes
 *   leads.ts      push one or up to 1,000 leads (import way 9 API导入), read leads changed since a time
 *   recordings.ts upload a recording (the product's upload path) and read its analysis
 *   routes.ts     the calls;  document.ts  the open API's own OpenAPI document (/api/openapi/docs/json)
 */
import type { Module } from '../../platform/context';
import { openApiDocument } from './document';
import { OpenApiKeys } from './keys';
import { OpenLeads } from './leads';
import { OpenRecordings } from './recordings';
import { keyRoutes, openRoutes } from './routes';
import { OpenApiGuard } from './signature';

const PURGE_JOB = 'openapi.purgeNonces';

export const openApiModule: Module = {
  name: 'openapi',
  async setup(ctx) {
    const keys = new OpenApiKeys(ctx.db);
    const guard = new OpenApiGuard(ctx, keys);
    ctx.jobs.register(PURGE_JOB, () => guard.purgeNonces());
    ctx.jobs.schedule(PURGE_JOB, '*/10 * * * *');
    keyRoutes(ctx, keys);
    await openRoutes(ctx, guard, new OpenLeads(ctx), new OpenRecordings(ctx));
    // public: it describes the open calls only (the product's document stays behind API_DOCS)
    ctx.app.get('/api/openapi/docs/json', { schema: { hide: true } }, async () =>
      openApiDocument(ctx.app.swagger() as never),
    );
  },
};
