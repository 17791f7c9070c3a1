import { createHash, createPrivateKey } from 'node:crypto';
import { formatDateTime } from '@crm/core';
import type { MessageType } from '@crm/core/contract/conversation';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { type OpenedKey, openRandomKeys } from './archiveKeys';
import { archiveOf } from './archiveSettings';
import { VOICE_JOB, type VoiceJob } from './assistants';
import { type ChatDataItem, type FinanceSdk, type FinanceSession, loadFinanceSdk, sdkPath } from './financeSdk';
import { chatArchive, chatArchiveFailure } from './schema';
import type { ChatStore, ChatTarget, NewMessage } from './store';

/**
 * The pull of an organisation's WeCom chat archive (Finance SDK): every minute a sweep queues one pull per
 * organisation whose archive is on; a pull reads from the last stored seq, 1000 items at a time, opens each item's
 * random key with the organisation's RSA private key, decrypts the message, fetches its media to storage, and stores
 * the batch's messages and the new seq in one transaction (messages deduplicated by msgid): a pull killed mid-batch
 * redoes that batch, losing and doubling nothing. Two pulls at once cannot both move the seq (it moves only from the
 * value read). An item that cannot be read is kept as a failure (reported, not lost) and the pull goes on.
 */

export const ARCHIVE_SWEEP_JOB = 'conversation.archiveSweep';
export const ARCHIVE_PULL_JOB = 'conversation.archivePull';
export interface ArchivePullJob {
  orgId: number;
}

/** 企业微信 archive chats: channel 1, import way 11. */
const WECOM_CHANNEL = 1;
const WECOM_IMPORT_WAY = 11;
const BATCH = 1000;
/** Batches per run: the next minute's run goes on. */
const MAX_BATCHES = 50;

/** An external contact's or a bot's id (wm…, wo…, wb…); staff are the corp's own userids. */
const isExternal = (id: string) => /^w[mob]/.test(id);

/** One decoded archive message: its chat and its stored form (media still to fetch). */
export interface ArchivedMessage {
  target: ChatTarget;
  message: NewMessage;
  sdkFileId?: string;
}

type Decoded = { ok: ArchivedMessage | null } | { failed: string };

interface DecodedBatch {
  byChat: Map<string, ArchivedMessage[]>;
  failures: (typeof chatArchiveFailure.$inferInsert)[];
}

/** The message of an item from its opened random key (DecryptData). */
export function decodeItem(sdk: FinanceSdk, randomKey: OpenedKey, item: ChatDataItem): Decoded {
  let json: string;
  try {
    if (typeof randomKey !== 'string') throw new Error(randomKey.error);
    json = sdk.decrypt(randomKey, item.encrypt_chat_msg);
  } catch (e) {
    return {
      failed: `无法解密（请核对会话存档私钥与公钥版本 ${item.publickey_ver}）：${(e as Error).message}`.slice(0, 300),
    };
  }
  try {
    return { ok: archivedMessage(JSON.parse(json)) };
  } catch {
    return { failed: '解密后的内容不是消息' };
  }
}

/** WeCom's message JSON as a stored message; null for what is not a chat message (switch, unknown types). */
export function archivedMessage(m: any): ArchivedMessage | null {
  if (m.action === 'switch' || !m.from) return null;
  const peer: string = m.roomid || (Array.isArray(m.tolist) ? m.tolist[0] : '') || '';
  const fromStaff = !isExternal(m.from);
  const staff = fromStaff ? m.from : peer;
  const other = m.roomid || (fromStaff ? peer : m.from);
  if (!staff || !other) return null;
  const base = { extId: `wa:${m.msgid}`, fromStaff, sender: m.from, sentAt: new Date(Number(m.msgtime)) };
  const target: ChatTarget = {
    channel: WECOM_CHANNEL,
    account: { wxid: staff },
    contact: { wxid: other },
    importWay: WECOM_IMPORT_WAY,
  };
  const typed = (type: MessageType, content: string, sdkFileId?: string, mediaName?: string): ArchivedMessage => ({
    target,
    message: { ...base, type, content, mediaName: mediaName ?? null },
    sdkFileId,
  });
  switch (m.msgtype) {
    case 'text':
      return typed('text', String(m.text?.content ?? ''));
    case 'image':
      return typed('image', '', m.image?.sdkfileid, `${m.msgid}.jpg`);
    case 'voice':
      return typed('voice', '', m.voice?.sdkfileid, `${m.msgid}.amr`);
    case 'file':
      return typed('file', String(m.file?.filename ?? ''), m.file?.sdkfileid, String(m.file?.filename ?? 'file'));
    case 'revoke':
      return typed('recall', '');
    default:
      return null;
  }
}

export class ArchivePull {
  constructor(
    private readonly ctx: AppContext,
    private readonly store: ChatStore,
  ) {}

  /** The sweep: one pull queued per organisation whose archive is on (none without the SDK). */
  async sweep(): Promise<void> {
    if ('missing' in sdkPath()) return;
    const orgs = await this.ctx.db
      .select({ orgId: chatArchive.organizationId })
      .from(chatArchive)
      .where(eq(chatArchive.open, 1));
    for (const { orgId } of orgs)
      await this.ctx.jobs.send<ArchivePullJob>(ARCHIVE_PULL_JOB, { orgId }, { singletonKey: `archive:${orgId}` });
  }

  /** Pulls the organisation's new messages; answers how many were stored. */
  async pull(orgId: number): Promise<{ stored: number; failed: number }> {
    const s = await archiveOf(this.ctx.db, orgId);
    const where = sdkPath();
    if (!s?.open || !s.corpId || !s.secret || !s.privateKey || 'missing' in where) return { stored: 0, failed: 0 };
    const sdk = loadFinanceSdk(where.path);
    createPrivateKey(s.privateKey); // a key that does not parse fails the job here, not each message
    const session = sdk.open(s.corpId, s.secret);
    const total = { stored: 0, failed: 0 };
    const chats = new Map<string, number>();
    // batch n is stored while the random keys of batch n+1 are opened on the key worker (archiveKeys.ts)
    let storing: Promise<void> | null = null;
    try {
      let seq = s.lastSeq;
      for (let b = 0; b < MAX_BATCHES; b++) {
        const items = session.chatData(seq, BATCH);
        if (!items.length) break;
        const next = Math.max(seq, ...items.map((i) => Number(i.seq)));
        const batch = await this.decodeBatch(orgId, sdk, session, s.privateKey, items);
        await storing;
        const from = seq;
        storing = this.storeBatch(orgId, batch, from, next, chats).then((stored) => {
          total.stored += stored;
          total.failed += batch.failures.length;
        });
        storing.catch(() => {}); // awaited at the next batch or below
        seq = next;
        if (items.length < BATCH) break;
      }
      await storing;
    } finally {
      session.close();
    }
    return total;
  }

  /** The batch's messages by chat (media fetched) and its failures. */
  private async decodeBatch(
    orgId: number,
    sdk: FinanceSdk,
    session: FinanceSession,
    pem: string,
    items: ChatDataItem[],
  ): Promise<DecodedBatch> {
    const keys = await openRandomKeys(
      pem,
      items.map((i) => i.encrypt_random_key),
    );
    const failures: (typeof chatArchiveFailure.$inferInsert)[] = [];
    const byChat = new Map<string, ArchivedMessage[]>();
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const d = decodeItem(sdk, keys[i], item);
      if ('failed' in d) {
        failures.push({ organizationId: orgId, seq: Number(item.seq), msgid: item.msgid, reason: d.failed, item });
        continue;
      }
      if (!d.ok) continue;
      if (d.ok.sdkFileId) d.ok.message.mediaKey = await this.fetchMedia(orgId, session, d.ok.sdkFileId);
      const k = `${d.ok.target.account.wxid}\u0000${d.ok.target.contact.wxid}`;
      const list = byChat.get(k);
      if (list) list.push(d.ok);
      else byChat.set(k, [d.ok]);
    }
    return { byChat, failures };
  }

  /** The batch's messages, failures and the new seq in one transaction; voices queued for the ASR engine. */
  private async storeBatch(
    orgId: number,
    { byChat, failures }: DecodedBatch,
    fromSeq: number,
    toSeq: number,
    chats: Map<string, number>,
  ): Promise<number> {
    const groups: { chatId: number; messages: NewMessage[] }[] = [];
    for (const [k, list] of byChat) {
      let chatId = chats.get(k);
      if (chatId === undefined) {
        chatId = await this.store.chatOf(orgId, list[0].target);
        chats.set(k, chatId);
      }
      groups.push({ chatId, messages: list.map((a) => a.message) });
    }
    const stored = await this.store.addToChats(orgId, groups, async (tx) => {
      if (failures.length) await tx.insert(chatArchiveFailure).values(failures).onConflictDoNothing();
      await moveSeq(tx, orgId, fromSeq, toSeq);
    });
    for (const g of groups)
      if (g.messages.some((m) => m.type === 'voice'))
        for (const messageId of await this.store.voicesWithoutText(orgId, g.chatId))
          await this.ctx.jobs.send<VoiceJob>(VOICE_JOB, { orgId, messageId });
    return stored;
  }

  /** A media file to storage, under a key of its sdkfileid (fetched again after a crash, to the same key). */
  private async fetchMedia(orgId: number, session: FinanceSession, sdkFileId: string): Promise<string | null> {
    const mediaKey = `conversation/${orgId}/archive/${createHash('sha256').update(sdkFileId).digest('hex')}`;
    if ((await this.ctx.storage.size(mediaKey)) != null) return mediaKey;
    try {
      await this.ctx.storage.put(mediaKey, session.media(sdkFileId));
    } catch {
      return null; // expired at WeCom (kept 3 days): the message is stored without its media
    }
    return mediaKey;
  }
}

/** Moves the seq from the value this pull read; another pull having moved it rolls this batch back. */
async function moveSeq(tx: DbOrTx, orgId: number, from: number, to: number): Promise<void> {
  const rows = await tx
    .update(chatArchive)
    .set({ lastSeq: to, lastPullAt: new Date() })
    .where(and(eq(chatArchive.organizationId, orgId), eq(chatArchive.lastSeq, from)))
    .returning({ seq: chatArchive.lastSeq });
  if (!rows.length) throw new ConcurrentPull(orgId);
}

export class ConcurrentPull extends Error {
  constructor(orgId: number) {
    super(`organisation ${orgId}: another pull moved the archive seq`);
  }
}

/** The archive's state for the screen: whether the SDK is installed (else what to install), seq, failures. */
export async function archiveStatus(db: DbOrTx, orgId: number) {
  const where = sdkPath();
  const s = await archiveOf(db, orgId);
  const [f] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatArchiveFailure)
    .where(eq(chatArchiveFailure.organizationId, orgId));
  return {
    sdkInstalled: !('missing' in where),
    message: 'missing' in where ? where.missing : '',
    corpId: s?.corpId ?? '',
    configured: Boolean(s?.corpId && s.secret && s.privateKey),
    open: s?.open ?? false,
    lastSeq: s?.lastSeq ?? 0,
    lastPullTime: s?.lastPullAt ? formatDateTime(s.lastPullAt) : null,
    failedCount: f?.n ?? 0,
  };
}
