import { contract } from '@crm/core/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { implement } from '../../platform/http';
import { cloudEvent, cloudRecording, verifySignature, WebhookInputError } from './providers/cloud';
import type { CallEventInput } from './providers/types';
import { callRecord, callWebhookNonce } from './schema';

/**
 * /pscccall/callback and /pscccall/recordCallback: the cloud call centre's webhooks. No session: each request is
 * signed with the organisation's secret over its raw body (X-Timestamp, X-Nonce, X-Signature); a stale or wrong
 * signature is refused (403), a nonce seen before is a replay and is ignored, as is an event already applied.
 */

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

const refused = (msg: string) => new AppError(403, `签名校验失败：${msg}`, 403);

async function accept(
  ctx: AppContext,
  req: FastifyRequest,
  body: Record<string, unknown>,
  parse: (b: Record<string, unknown>) => CallEventInput | null,
) {
  let ev: CallEventInput | null;
  try {
    ev = parse(body);
  } catch (e) {
    // a value that does not fit (1e400, a huge number, an overlong id): a validation error, nothing written
    if (e instanceof WebhookInputError) throw new AppError(400, e.message, 400);
    throw e;
  }
  if (!ev) throw new AppError(400, '回调内容不正确：缺少 userData 或事件类型', 400);
  const [call] = await ctx.db
    .select({ organizationId: callRecord.organizationId, provider: callRecord.provider })
    .from(callRecord)
    .where(eq(callRecord.callId, ev.callId))
    .limit(1);
  // an unknown call is refused like a bad signature: nothing tells a caller which call ids exist
  if (!call) throw refused('签名错误');
  const { settings } = await ctx.services.telephony.settings(call.organizationId);
  if (!settings.appSecret) throw refused('未配置密钥');
  const problem = verifySignature(settings.appSecret, req.headers, req.rawBody ?? '');
  if (problem) throw refused(problem);
  const nonce = String(req.headers['x-nonce']).slice(0, 80);
  const fresh = await ctx.db.insert(callWebhookNonce).values({ nonce }).onConflictDoNothing().returning();
  if (!fresh.length) return { accepted: false, duplicate: true };
  const row = await ctx.services.telephony.handleEvent(ev);
  return { accepted: true, duplicate: row === null };
}

export function webhookRoutes(ctx: AppContext): void {
  ctx.app.register(async (scope: FastifyInstance) => {
    // the signature covers the bytes sent: the body is kept as text beside its parsed form
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (req, text, done) => {
      (req as FastifyRequest).rawBody = text as string;
      try {
        done(null, text ? JSON.parse(text as string) : {});
      } catch {
        done(new AppError(400, '请求格式错误：不是有效的 JSON', 400), undefined);
      }
    });
    const c = contract.telephony;
    implement(scope, c.callEvent, { auth: 'none' }, ({ req, body }) => accept(ctx, req, body, cloudEvent));
    implement(scope, c.recordCallback, { auth: 'none' }, ({ req, body }) => accept(ctx, req, body, cloudRecording));
  });
}
