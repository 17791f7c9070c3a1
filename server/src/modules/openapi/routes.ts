import { type Call, contract } from '@crm/core/contract';
import type { OpenApiScope } from '@crm/core/contract/openApi';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { OpenApiKeys } from './keys';
import type { OpenLeads } from './leads';
import type { OpenRecordings } from './recordings';
import { type OpenApiGuard, TOKEN_PURPOSE } from './signature';

/** The administrators' key calls under /api/backend (org:edit). */
export function keyRoutes(ctx: AppContext, keys: OpenApiKeys): void {
  const { app } = ctx;
  const c = contract.openApiKeys;
  const admin = { sign: 'org:edit' as const };
  implement(app, c.getOrganizationKey, admin, ({ session }) => keys.list(session));
  implement(app, c.createOrganizationKey, { ...admin, audit: '新建开放接口密钥' }, ({ session, body }) =>
    keys.create(session, body),
  );
  implement(app, c.resetOrganizationKey, { ...admin, audit: '重置开放接口密钥' }, ({ session, body }) =>
    keys.rotate(session, body.id),
  );
  implement(app, c.revokeOrganizationKey, { ...admin, audit: '停用开放接口密钥' }, ({ session, body }) =>
    keys.revoke(session, body.id),
  );
}

/**
 * The signed calls under /api/openapi, in their own encapsulated context: its hooks (raw-body hash, signature,
 * rate limit, scope) apply to these routes only. Each route is public to the session check (`auth: 'none'`): the
 * guard is its authentication.
 */
export async function openRoutes(
  ctx: AppContext,
  guard: OpenApiGuard,
  leads: OpenLeads,
  recordings: OpenRecordings,
): Promise<void> {
  const o = contract.openApiCalls;
  await ctx.app.register(async (app: FastifyInstance) => {
    guard.install(app);
    const open = <C extends Call>(call: C, scope: OpenApiScope | null) => {
      guard.need(`/api/${call.base}${call.path}`, scope);
      return call;
    };
    const pub = { auth: 'none' } as const;
    implement(app, open(o.token, null), pub, async ({ req }) => {
      const ttl = ctx.config.openApi.tokenTtlSeconds;
      const key = req.openApi!.key;
      const accessToken = await ctx.tokens.issueTicket(TOKEN_PURPOSE, { kid: key.id, org: key.organizationId }, ttl);
      return { accessToken, tokenType: 'Bearer' as const, expiresIn: ttl };
    });
    implement(app, open(o.addLead, 'leads:write'), pub, ({ req, body }) => leads.add(req.openApi!.session, body));
    implement(app, open(o.batchAddLeads, 'leads:write'), { ...pub, bodyLimit: 8 * 1024 * 1024 }, ({ req, body }) =>
      leads.batchAdd(req.openApi!.session, body),
    );
    implement(app, open(o.listLeads, 'leads:read'), pub, ({ req, query }) => leads.list(req.openApi!.session, query));
    implement(app, open(o.getLead, 'leads:read'), pub, ({ req, query }) => leads.get(req.openApi!.session, query.id));
    const uploadLimit = ctx.config.uploadLimitMb * 1024 * 1024 * 1.1 + 1024 * 1024;
    implement(app, open(o.uploadRecording, 'recordings:write'), { ...pub, bodyLimit: uploadLimit }, ({ req }) =>
      recordings.upload(req.openApi!.session, req),
    );
    implement(app, open(o.recordingAnalysis, 'analysis:read'), pub, ({ req, query }) =>
      recordings.analysis(req.openApi!.session, query.id),
    );
  });
}
