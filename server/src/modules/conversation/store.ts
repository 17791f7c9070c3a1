import { createHash } from 'node:crypto';
import type { MessageType } from '@crm/core/contract/conversation';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { liveLeads } from '../clue';
import { tokensOf } from '../knowledge';
import { findUserByPhone } from '../org';
import { chat, chatAccount, chatContact, chatMessage } from './schema';

/**
 * The one way into the store, whatever the channel: an account, a contact, their chat and its messages. A message
 * already stored (same chat and extId) is skipped, so an upload or a push sent twice stores each message once.
 * After new messages the chat's counters move and its analysis is queued (at most once per quiet period).
 */

export interface Party {
  wxid: string;
  name?: string | null;
  phone?: string | null;
}

export interface NewMessage {
  extId: string;
  fromStaff: boolean;
  sender: string;
  sentAt: Date;
  type: MessageType;
  content: string;
  mediaKey?: string | null;
  mediaName?: string | null;
  transcript?: string | null;
}

export interface ChatTarget {
  channel: 1 | 2;
  account: Party;
  contact: Party;
  /** 10 助手导入, 11 企业微信, 12 个人微信: where a new contact came from. */
  importWay: number;
  /** Who the chat is for when neither a lead nor the account says (the uploader). */
  fallbackOwner?: number | null;
  /** The CRM user the account is known to be (a seat uploading their own chats). */
  accountUserId?: number | null;
}

export type QueueAnalysis = (orgId: number, chatId: number) => Promise<void>;

const PHONE = /^1\d{10}$/;
const cleanPhone = (p?: string | null) => {
  const d = (p ?? '').replace(/\D/g, '').replace(/^86(?=1\d{10}$)/, '');
  return PHONE.test(d) ? d : null;
};

/** A stable id for a message that carries none (an uploaded line): its chat side, time, sender, text and ordinal. */
export function messageKey(parts: (string | number | boolean)[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 40);
}

/** The words of a message for the full-text index: its text, or a voice message's transcript, and a file's name. */
export function messageTokens(m: Pick<NewMessage, 'type' | 'content' | 'transcript' | 'mediaName'>): string {
  if (m.type === 'recall') return '';
  return tokensOf([m.content, m.transcript ?? '', m.type === 'file' ? (m.mediaName ?? '') : ''].join(' '));
}

export function previewOf(m: Pick<NewMessage, 'type' | 'content' | 'mediaName'>): string {
  const p =
    m.type === 'image'
      ? '[图片]'
      : m.type === 'voice'
        ? `[语音]${m.content ? ` ${m.content}` : ''}`
        : m.type === 'file'
          ? `[文件] ${m.mediaName || m.content}`
          : m.type === 'recall'
            ? '[撤回了一条消息]'
            : m.content;
  return p.replace(/\s+/g, ' ').slice(0, 100);
}

export class ChatStore {
  constructor(
    private readonly ctx: AppContext,
    private readonly queueAnalysis: QueueAnalysis,
  ) {}

  /** The account of `p` (created on first sight), bound to the CRM user with its phone when there is one. */
  private async account(tx: DbOrTx, orgId: number, channel: number, p: Party, knownUser?: number | null) {
    const phone = cleanPhone(p.phone);
    const [row] = await tx
      .insert(chatAccount)
      .values({ organizationId: orgId, channel, wxid: p.wxid, nickname: (p.name ?? '').slice(0, 64), phone })
      .onConflictDoUpdate({
        target: [chatAccount.organizationId, chatAccount.channel, chatAccount.wxid],
        set: {
          nickname: p.name ? sql`excluded.nickname` : sql`${chatAccount.nickname}`,
          phone: sql`coalesce(excluded.phone, ${chatAccount.phone})`,
        },
      })
      .returning();
    if (row.userId == null && knownUser) {
      await tx.update(chatAccount).set({ userId: knownUser, matchWay: 2 }).where(eq(chatAccount.id, row.id));
      row.userId = knownUser;
      row.matchWay = 2;
    }
    if (row.userId == null && row.phone) {
      const user = await findUserByPhone(this.ctx.db, row.phone);
      if (user && user.organizationId === orgId && user.status === 1) {
        await tx.update(chatAccount).set({ userId: user.id, matchWay: 1 }).where(eq(chatAccount.id, row.id));
        row.userId = user.id;
        row.matchWay = 1;
      }
    }
    return row;
  }

  private async contact(tx: DbOrTx, orgId: number, t: ChatTarget, accountId: number) {
    const p = t.contact;
    const phone = cleanPhone(p.phone);
    const [row] = await tx
      .insert(chatContact)
      .values({
        organizationId: orgId,
        channel: t.channel,
        wxid: p.wxid,
        nickname: (p.name ?? '').slice(0, 64),
        phone,
        accountId,
        importWay: t.importWay,
      })
      .onConflictDoUpdate({
        target: [chatContact.organizationId, chatContact.channel, chatContact.wxid],
        set: {
          nickname: p.name ? sql`excluded.nickname` : sql`${chatContact.nickname}`,
          phone: sql`coalesce(excluded.phone, ${chatContact.phone})`,
        },
      })
      .returning();
    if (row.clueId == null && row.phone) {
      const lead = await this.ctx.services.clue.findByPhone(orgId, row.phone);
      if (lead) {
        await tx.update(chatContact).set({ clueId: lead.id, matchWay: 1 }).where(eq(chatContact.id, row.id));
        row.clueId = lead.id;
        row.matchWay = 1;
      }
    }
    return row;
  }

  /** Whose chat it is: the lead's owner, else the account's user, else the fallback. */
  async ownerOf(orgId: number, clueId: number | null, accountUser: number | null, fallback?: number | null) {
    if (clueId) {
      const lead = liveLeads();
      const [row] = await this.ctx.db
        .select({ ownerId: lead.ownerId })
        .from(lead)
        .where(and(eq(lead.id, clueId), eq(lead.organizationId, orgId)))
        .limit(1);
      if (row?.ownerId) return row.ownerId;
    }
    return accountUser ?? fallback ?? null;
  }

  /**
   * The chat of an account and a contact, created on first sight. Each step is one atomic upsert (no transaction
   * around them: the lead and user lookups are other modules' reads, on their own connection).
   */
  async chatOf(orgId: number, t: ChatTarget): Promise<number> {
    const db = this.ctx.db;
    const account = await this.account(db, orgId, t.channel, t.account, t.accountUserId);
    const contact = await this.contact(db, orgId, t, account.id);
    const owner = await this.ownerOf(orgId, contact.clueId, account.userId, t.fallbackOwner);
    const [row] = await db
      .insert(chat)
      .values({
        organizationId: orgId,
        channel: t.channel,
        accountId: account.id,
        contactId: contact.id,
        ownerUserId: owner,
        clueId: contact.clueId,
      })
      .onConflictDoUpdate({
        target: [chat.organizationId, chat.accountId, chat.contactId],
        set: { clueId: contact.clueId, ownerUserId: sql`coalesce(${owner}::int, ${chat.ownerUserId})` },
      })
      .returning({ id: chat.id });
    return row.id;
  }

  voicesWithoutText(orgId: number, chatId: number): Promise<number[]> {
    return voicesWithoutText(this.ctx.db, orgId, chatId);
  }

  /** Stores the messages not yet stored; answers how many were new. */
  async addMessages(orgId: number, chatId: number, messages: NewMessage[]): Promise<number> {
    if (!messages.length) return 0;
    return this.addToChats(orgId, [{ chatId, messages }]);
  }

  /**
   * Stores the messages of several chats in one transaction, with `also` (a cursor moved with them) inside it: all
   * are stored or none. Answers how many were new.
   */
  async addToChats(
    orgId: number,
    groups: { chatId: number; messages: NewMessage[] }[],
    also?: (tx: DbOrTx) => Promise<void>,
  ): Promise<number> {
    const added = await this.ctx.db.transaction(async (tx) => {
      const counts: [number, number][] = [];
      for (const g of groups) counts.push([g.chatId, await insertMessages(tx, orgId, g.chatId, g.messages)]);
      for (const [chatId, n] of counts) if (n) await refreshChat(tx, orgId, chatId);
      await also?.(tx);
      return counts.filter(([, n]) => n > 0);
    });
    for (const [chatId] of added) await this.queueAnalysis(orgId, chatId);
    return added.reduce((sum, [, n]) => sum + n, 0);
  }
}

async function insertMessages(tx: DbOrTx, orgId: number, chatId: number, messages: NewMessage[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < messages.length; i += 500) {
    const rows = await tx
      .insert(chatMessage)
      .values(
        messages.slice(i, i + 500).map((m) => ({
          organizationId: orgId,
          chatId,
          extId: m.extId,
          fromStaff: m.fromStaff,
          sender: m.sender.slice(0, 64),
          sentAt: m.sentAt,
          type: m.type,
          content: m.content,
          mediaKey: m.mediaKey ?? null,
          mediaName: m.mediaName ?? null,
          transcript: m.transcript ?? null,
          tokens: messageTokens(m),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: chatMessage.id });
    added += rows.length;
  }
  return added;
}

export interface VoiceTranscriber {
  transcribeClip(orgId: number, audio: Buffer, ext: string): Promise<string>;
}

/** Voice messages with a recording and no transcript yet (what the voice job transcribes). */
export async function voicesWithoutText(db: DbOrTx, orgId: number, chatId: number): Promise<number[]> {
  const rows = await db
    .select({ id: chatMessage.id })
    .from(chatMessage)
    .where(
      and(
        eq(chatMessage.organizationId, orgId),
        eq(chatMessage.chatId, chatId),
        eq(chatMessage.type, 'voice'),
        isNotNull(chatMessage.mediaKey),
        isNull(chatMessage.transcript),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * A voice message through the installation's ASR engine: its transcript is stored and indexed, and the chat is
 * analysed again. Without an engine the message keeps no transcript (the view says so); nothing is retried.
 */
export async function transcribeVoice(
  ctx: AppContext,
  asr: VoiceTranscriber,
  queueAnalysis: QueueAnalysis,
  orgId: number,
  messageId: number,
): Promise<void> {
  const [m] = await ctx.db
    .select()
    .from(chatMessage)
    .where(and(eq(chatMessage.organizationId, orgId), eq(chatMessage.id, messageId)));
  if (!m?.mediaKey || m.transcript != null) return;
  const audio = Buffer.concat(await (await ctx.storage.get(m.mediaKey)).toArray());
  const ext = (m.mediaName ?? '').split('.').pop()?.toLowerCase() || 'mp3';
  let text: string;
  try {
    text = await asr.transcribeClip(orgId, audio, /^[a-z0-9]{2,5}$/.test(ext) ? ext : 'mp3');
  } catch (e) {
    if (e instanceof AppError) return; // no engine, or audio it cannot read: shown without a transcript
    throw e;
  }
  await ctx.db
    .update(chatMessage)
    .set({ transcript: text, tokens: messageTokens({ ...m, type: 'voice', transcript: text }) })
    .where(eq(chatMessage.id, m.id));
  await queueAnalysis(orgId, m.chatId);
}

/** The chat's count and last message, from its messages. */
export async function refreshChat(tx: DbOrTx, orgId: number, chatId: number): Promise<void> {
  const [last] = await tx
    .select({
      type: chatMessage.type,
      content: chatMessage.content,
      mediaName: chatMessage.mediaName,
      at: chatMessage.sentAt,
    })
    .from(chatMessage)
    .where(eq(chatMessage.chatId, chatId))
    .orderBy(sql`${chatMessage.sentAt} desc, ${chatMessage.id} desc`)
    .limit(1);
  await tx
    .update(chat)
    .set({
      msgCount: sql`(select count(*)::int from ${chatMessage} where ${chatMessage.chatId} = ${chatId})`,
      lastMsgAt: last?.at ?? null,
      lastMsg: last
        ? previewOf({ type: last.type as MessageType, content: last.content, mediaName: last.mediaName })
        : '',
    })
    .where(and(eq(chat.id, chatId), eq(chat.organizationId, orgId)));
}
