import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatDateTime } from '@crm/core';
import type { CallBody, contract } from '@crm/core/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { openSecret, sealSecret } from '../../platform/secrets';
import type { Session } from '../../platform/session';
import { chatAssistant } from './schema';
import type { ChatStore, NewMessage } from './store';

/** Import way of what an assistant brings in: 10 助手导入. */
export const ASSISTANT_IMPORT_WAY = 10;
export const VOICE_JOB = 'conversation.voice';
export interface VoiceJob {
  orgId: number;
  messageId: number;
}

type Row = typeof chatAssistant.$inferSelect;
type PushBody = CallBody<typeof contract.wechatAssistant.push>;

const refused = (msg: string) => new AppError(403, `签名校验失败：${msg}`, 403);

const view = (r: Row) => ({
  id: r.id,
  name: r.name,
  tokenHint: r.tokenHint,
  status: r.status,
  messageCount: r.messageCount,
  lastPushTime: formatDateTime(r.lastPushAt),
  createTime: formatDateTime(r.createdAt),
});

/** The signature an assistant sends: hex HMAC-SHA256 of `${timestamp}.${raw body}` with its token. */
export function assistantSignature(token: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', token).update(`${timestamp}.${rawBody}`).digest('hex');
}

/**
 * The organisation's personal WeChat assistant clients: each has its own token (shown once, sealed at rest), and its
 * pushes are signed with it. A push names the assistant (X-Assistant-Id); an unknown or stopped assistant, a stale
 * timestamp or a wrong signature is refused alike.
 */
export class ChatAssistants {
  constructor(
    private readonly ctx: AppContext,
    private readonly store: ChatStore,
    private readonly skewSeconds: number,
  ) {}

  async list(s: Session) {
    const rows = await this.ctx.db
      .select()
      .from(chatAssistant)
      .where(and(eq(chatAssistant.organizationId, s.orgId), eq(chatAssistant.status, 1)))
      .orderBy(asc(chatAssistant.id));
    return rows.map(view);
  }

  async create(s: Session, name: string) {
    const token = `wxa_${randomBytes(24).toString('base64url')}`;
    const [row] = await this.ctx.db
      .insert(chatAssistant)
      .values({
        organizationId: s.orgId,
        name,
        token: sealSecret(token),
        tokenHint: token.slice(0, 8),
        createdBy: s.userId,
      })
      .returning();
    return { ...view(row), token };
  }

  async remove(s: Session, id: number) {
    const rows = await this.ctx.db
      .update(chatAssistant)
      .set({ status: 2 })
      .where(and(eq(chatAssistant.id, id), eq(chatAssistant.organizationId, s.orgId), eq(chatAssistant.status, 1)))
      .returning({ id: chatAssistant.id });
    if (!rows.length) throw notFound('助手不存在');
  }

  /** The assistant that signed this request, or 403. */
  async verify(req: FastifyRequest): Promise<Row> {
    const h = req.headers;
    const id = Number(h['x-assistant-id']);
    const ts = String(h['x-timestamp'] ?? '');
    const sig = String(h['x-signature'] ?? '');
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw refused('缺少助手 ID');
    if (!/^\d{10,13}$/.test(ts)) throw refused('缺少时间戳');
    const ms = ts.length === 13 ? Number(ts) : Number(ts) * 1000;
    if (Math.abs(Date.now() - ms) > this.skewSeconds * 1000) throw refused('时间戳已过期');
    const [row] = await this.ctx.db.select().from(chatAssistant).where(eq(chatAssistant.id, id));
    if (row?.status !== 1) throw refused('签名错误');
    const want = Buffer.from(assistantSignature(openSecret(row.token), ts, req.rawBody ?? ''));
    const got = Buffer.from(sig);
    if (want.length !== got.length || !timingSafeEqual(want, got)) throw refused('签名错误');
    return row;
  }

  async push(req: FastifyRequest, body: PushBody) {
    const a = await this.verify(req);
    const orgId = a.organizationId;
    // one chat per (account, contact) pair of the batch
    const groups = new Map<string, PushBody['messages']>();
    for (const m of body.messages) {
      const key = `${m.accountWxid}\u0000${m.contactWxid}`;
      groups.set(key, [...(groups.get(key) ?? []), m]);
    }
    let stored = 0;
    const voices: number[] = [];
    for (const list of groups.values()) {
      const first = list[0];
      const chatId = await this.store.chatOf(orgId, {
        channel: 2,
        account: { wxid: first.accountWxid, name: first.accountName, phone: first.accountPhone },
        contact: { wxid: first.contactWxid, name: first.contactName, phone: first.contactPhone },
        importWay: ASSISTANT_IMPORT_WAY,
      });
      const messages: NewMessage[] = [];
      for (const m of list) {
        let mediaKey: string | null = null;
        if (m.media) {
          const data = Buffer.from(m.media, 'base64');
          if (data.length > 5 * 1024 * 1024) throw new AppError(400, 'media：媒体文件不能超过 5 MB', 400);
          mediaKey = `conversation/${orgId}/${chatId}/${createHash('sha256').update(data).digest('hex')}`;
          await this.ctx.storage.put(mediaKey, data);
        }
        messages.push({
          extId: `as:${a.id}:${m.msgid}`,
          fromStaff: m.fromStaff,
          sender: (m.fromStaff ? m.accountName : m.contactName) || (m.fromStaff ? m.accountWxid : m.contactWxid),
          sentAt: m.time!,
          type: m.type,
          content: m.content,
          mediaKey,
          mediaName: m.mediaName ?? null,
          transcript: m.transcript ?? null,
        });
      }
      stored += await this.store.addMessages(orgId, chatId, messages);
      voices.push(...(await this.store.voicesWithoutText(orgId, chatId)));
    }
    for (const messageId of voices) await this.ctx.jobs.send<VoiceJob>(VOICE_JOB, { orgId, messageId });
    await this.ctx.db
      .update(chatAssistant)
      .set({ messageCount: sql`${chatAssistant.messageCount} + ${stored}`, lastPushAt: new Date() })
      .where(eq(chatAssistant.id, a.id));
    return { received: body.messages.length, stored };
  }
}
