import { formatDateTime, Messages } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { ChatChannelName } from '@crm/core/contract/conversation';
import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { loginExpired, notFound } from '../../platform/errors';
import { page } from '../../platform/paging';
import { type Scope, scoped } from '../../platform/scope';
import { likePattern } from '../../platform/validation';
import { orgUsersByIds } from '../org';
import { chat, chatAccount, chatAnalysis, chatContact, chatMessage } from './schema';

type ChatRow = CallAnswer<typeof contract.msg.chatList>['lists'][number];
type MessageRow = CallAnswer<typeof contract.msg.msgList>['messages'][number];
type MsgRecord = typeof chatMessage.$inferSelect;

const SHARE = 'weChat';
const MEDIA = 'chatMedia';
const MEDIA_SECONDS = 3600;

/** The chats the scope may see: the organisation's, and of them those whose owner the data scope covers. */
export const visibleChats = (s: Scope): SQL => scoped(s, chat, { owner: chat.ownerUserId });

/**
 * The conversation view: chats with their staff and customer, the messages of one (newest page, older pages, or the
 * page around one message), a chat shared on the public /we page by a signed link, and media behind signed links.
 */
export class ChatReader {
  constructor(
    private readonly ctx: AppContext,
    private readonly shareHours: number,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  /** Chat rows with names, owner and analysis, in the order of `ids`. */
  async rows(orgId: number, where: SQL, order: SQL[], limit: number, offset: number): Promise<ChatRow[]> {
    const rows = await this.db
      .select({
        c: chat,
        staff: sql<string>`coalesce(nullif(${chatAccount.nickname}, ''), ${chatAccount.wxid})`,
        customer: sql<string>`coalesce(nullif(${chatContact.remark}, ''), nullif(${chatContact.nickname}, ''), ${chatContact.wxid})`,
        intention: chatAnalysis.intention,
        moments: sql<
          string[] | null
        >`(select array_agg(distinct m->>'kind') from jsonb_array_elements(${chatAnalysis.result}->'moments') m)`,
      })
      .from(chat)
      .innerJoin(chatAccount, eq(chatAccount.id, chat.accountId))
      .innerJoin(chatContact, eq(chatContact.id, chat.contactId))
      .leftJoin(chatAnalysis, eq(chatAnalysis.chatId, chat.id))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const users = await orgUsersByIds(
      this.db,
      orgId,
      rows.map((r) => r.c.ownerUserId).filter((x): x is number => x != null),
    );
    return rows.map(({ c, staff, customer, intention, moments }) => ({
      id: c.id,
      channel: c.channel,
      channelName: ChatChannelName[c.channel as 1 | 2] ?? '',
      staffName: staff,
      ownerUserId: c.ownerUserId,
      ownerName: c.ownerUserId ? (users.get(c.ownerUserId)?.realName ?? null) : null,
      customerName: customer,
      clueId: c.clueId,
      lastMsg: c.lastMsg,
      lastMsgTime: formatDateTime(c.lastMsgAt),
      msgCount: c.msgCount,
      intention: intention ?? null,
      keyMoments: moments ?? [],
    }));
  }

  async list(s: Scope, b: CallBody<typeof contract.msg.chatList>) {
    const kw = b.keyword ? likePattern(b.keyword) : null;
    const where = and(
      visibleChats(s),
      b.channel ? eq(chat.channel, b.channel) : undefined,
      b.ownerUserId ? eq(chat.ownerUserId, b.ownerUserId) : undefined,
      b.clueId ? eq(chat.clueId, b.clueId) : undefined,
      b.startTime ? gte(chat.lastMsgAt, b.startTime) : undefined,
      b.endTime ? lte(chat.lastMsgAt, b.endTime) : undefined,
      kw
        ? or(
            ilike(chatContact.nickname, kw),
            ilike(chatContact.remark, kw),
            ilike(chatAccount.nickname, kw),
            ilike(chat.lastMsg, kw),
          )
        : undefined,
    )!;
    const [{ total }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(chat)
      .innerJoin(chatAccount, eq(chatAccount.id, chat.accountId))
      .innerJoin(chatContact, eq(chatContact.id, chat.contactId))
      .where(where);
    const lists = await this.rows(
      s.orgId,
      where,
      [sql`${chat.lastMsgAt} desc nulls last`, desc(chat.id)],
      b.pageSize,
      (b.pageNum - 1) * b.pageSize,
    );
    return page(lists, total, b);
  }

  /** One chat the scope may see, or 404 (also for another organisation's id). */
  async one(s: Scope, chatId: number): Promise<ChatRow> {
    const [row] = await this.rows(s.orgId, and(eq(chat.id, chatId), visibleChats(s))!, [desc(chat.id)], 1, 0);
    if (!row) throw notFound('会话不存在');
    return row;
  }

  async messages(s: Scope, b: CallBody<typeof contract.msg.msgList>) {
    const c = await this.one(s, b.chatId);
    const of = and(eq(chatMessage.organizationId, s.orgId), eq(chatMessage.chatId, c.id));
    let rows: MsgRecord[];
    let hasMore: boolean;
    if (b.aroundId) {
      const [at] = await this.db
        .select({ sentAt: chatMessage.sentAt, id: chatMessage.id })
        .from(chatMessage)
        .where(and(of, eq(chatMessage.id, b.aroundId)));
      if (!at) throw notFound('消息不存在');
      const half = Math.floor(b.limit / 2);
      const before = await this.db
        .select()
        .from(chatMessage)
        .where(and(of, sql`(${chatMessage.sentAt}, ${chatMessage.id}) < (${at.sentAt}, ${at.id})`))
        .orderBy(desc(chatMessage.sentAt), desc(chatMessage.id))
        .limit(half + 1);
      const after = await this.db
        .select()
        .from(chatMessage)
        .where(and(of, sql`(${chatMessage.sentAt}, ${chatMessage.id}) >= (${at.sentAt}, ${at.id})`))
        .orderBy(asc(chatMessage.sentAt), asc(chatMessage.id))
        .limit(b.limit - half);
      hasMore = before.length > half;
      rows = [...before.slice(0, half).reverse(), ...after];
    } else {
      let cursor: SQL | undefined;
      if (b.beforeId) {
        const [at] = await this.db
          .select({ sentAt: chatMessage.sentAt, id: chatMessage.id })
          .from(chatMessage)
          .where(and(of, eq(chatMessage.id, b.beforeId)));
        if (!at) throw notFound('消息不存在');
        cursor = sql`(${chatMessage.sentAt}, ${chatMessage.id}) < (${at.sentAt}, ${at.id})`;
      }
      const got = await this.db
        .select()
        .from(chatMessage)
        .where(and(of, cursor))
        .orderBy(desc(chatMessage.sentAt), desc(chatMessage.id))
        .limit(b.limit + 1);
      hasMore = got.length > b.limit;
      rows = got.slice(0, b.limit).reverse();
    }
    return { chat: c, messages: await this.views(s.orgId, rows), hasMore };
  }

  /** Messages as the API shows them, media behind short-lived signed links. */
  async views(orgId: number, rows: MsgRecord[]): Promise<MessageRow[]> {
    return Promise.all(
      rows.map(async (m) => ({
        id: m.id,
        chatId: m.chatId,
        fromStaff: m.fromStaff,
        sender: m.sender,
        time: formatDateTime(m.sentAt),
        type: m.type,
        content: m.type === 'recall' ? '' : m.content,
        mediaUrl: m.mediaKey
          ? `/api/wecom/msg/media?media=${encodeURIComponent(
              await this.ctx.tokens.issueTicket(MEDIA, { org: orgId, mid: m.id }, MEDIA_SECONDS),
            )}`
          : null,
        mediaName: m.mediaName,
        transcript: m.transcript,
      })),
    );
  }

  async share(s: Scope, chatId: number) {
    const c = await this.one(s, chatId);
    const token = await this.ctx.tokens.issueTicket(SHARE, { org: s.orgId, cid: c.id }, this.shareHours * 3600);
    return {
      token,
      path: `/we?token=${encodeURIComponent(token)}`,
      expireTime: formatDateTime(new Date(Date.now() + this.shareHours * 3600_000))!,
    };
  }

  /** The /we page: the chat of a valid link and its messages (the newest 500). */
  async shared(token: string) {
    const t = await this.ctx.tokens.verifyTicket(SHARE, token);
    if (!t) throw loginExpired(Messages.iframeExpired);
    const orgId = Number(t.org);
    const scope = { orgId, visibleUserIds: null };
    const { chat: c, messages } = await this.messages(scope, { chatId: Number(t.cid), limit: 200 });
    return { chat: c, messages };
  }

  /** The bytes of a message's image, voice or file, by a signed link. */
  async media(link: string) {
    const t = await this.ctx.tokens.verifyTicket(MEDIA, link);
    if (!t) throw loginExpired('媒体链接已过期，请刷新页面');
    const [m] = await this.db
      .select({ key: chatMessage.mediaKey, name: chatMessage.mediaName, type: chatMessage.type })
      .from(chatMessage)
      .where(and(eq(chatMessage.organizationId, Number(t.org)), eq(chatMessage.id, Number(t.mid))));
    if (!m?.key) throw notFound('文件不存在');
    return { stream: await this.ctx.storage.get(m.key), name: m.name ?? 'file', type: m.type };
  }
}
