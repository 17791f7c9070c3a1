/**
 * GET/POST /api/wecom/wecom/callback?org=<id>: WeCom's URL verification (the decrypted echostr as plain text) and
 * its events (contact changes), signature checked, receive id checked, deduplicated (WeCom retries three times after
 * 5 s), and handed to the `wecom.event` queue so that WeCom gets its answer at once.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context';
import { CallbackRefused, openCallback, sha256, xmlFields } from './crypto';
import { wecomEventSeen } from './schema';
import { settingsOf } from './settings';

export const EVENT_JOB = 'wecom.event';
export interface EventJob {
  orgId: number;
  event: Record<string, string>;
}

type Q = { org?: string; msg_signature?: string; timestamp?: string; nonce?: string; echostr?: string };

export function callbackRoutes(ctx: AppContext, app: FastifyInstance): void {
  const refuse = (reply: FastifyReply, why: string) => reply.status(403).type('text/plain').send(why);
  const keysOf = async (q: Q) => {
    const orgId = Number(q.org);
    if (!Number.isInteger(orgId) || orgId <= 0) return null;
    const s = await settingsOf(ctx.db, orgId);
    if (!s?.token || !s.encodingAesKey || !s.corpId) return null;
    return { orgId, keys: { token: s.token, encodingAesKey: s.encodingAesKey, corpId: s.corpId } };
  };

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    const schema = (summary: string) => ({ schema: { summary, tags: ['wecom'] } });
    scope.get(
      '/api/wecom/wecom/callback',
      schema('企业微信回调地址校验（由企业微信调用，按回调密钥校验）'),
      async (req, reply) => {
        const q = req.query as Q;
        const found = await keysOf(q);
        if (!found) return refuse(reply, '未配置企业微信回调');
        try {
          return reply.type('text/plain').send(openCallback(found.keys, q, String(q.echostr ?? '')));
        } catch (e) {
          if (e instanceof CallbackRefused) return refuse(reply, e.message);
          throw e;
        }
      },
    );
    scope.post(
      '/api/wecom/wecom/callback',
      schema('企业微信事件回调（由企业微信调用，按回调密钥解密）'),
      async (req, reply) => {
        const q = req.query as Q;
        const found = await keysOf(q);
        if (!found) return refuse(reply, '未配置企业微信回调');
        let message: string;
        try {
          message = openCallback(found.keys, q, xmlFields(String(req.body ?? '')).Encrypt ?? '');
        } catch (e) {
          if (e instanceof CallbackRefused) return refuse(reply, e.message);
          throw e;
        }
        const [fresh] = await ctx.db
          .insert(wecomEventSeen)
          .values({ organizationId: found.orgId, hash: sha256(message) })
          .onConflictDoNothing()
          .returning({ hash: wecomEventSeen.hash });
        if (fresh) await ctx.jobs.send<EventJob>(EVENT_JOB, { orgId: found.orgId, event: xmlFields(message) });
        return reply.type('text/plain').send('success');
      },
    );
  });
}
