import { formatDateTime, IntentionLabel } from '@crm/core';
import type { CallAnswer, contract } from '@crm/core/contract';
import { type KeyMoment, KeyMomentName } from '@crm/core/contract/conversation';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_RULES } from '../../lib/analyser';
import type { AppContext } from '../../platform/context';
import { managersOf } from '../org';
import { analyseChat, type Quote, type StoredAnalysis } from './analysisModel';
import { chat, chatAnalysis, chatMessage } from './schema';
import type { ConversationSettings } from './settings';

export const ANALYSE_JOB = 'conversation.analyse';
export interface AnalyseJob {
  orgId: number;
  chatId: number;
}

/** The newest messages a chat's analysis reads. */
const MAX_LINES = 2000;

/**
 * AI on chats: the analysis job (queued after new messages, one per chat per quiet period: the queue keeps one
 * waiting job per chat), the stored result, the ai_chat_key messages of new key moments, and chatAnalyzeDetail.
 */
export class ChatAnalyses {
  constructor(
    private readonly ctx: AppContext,
    private readonly settings: ConversationSettings,
  ) {}

  register(): void {
    this.ctx.jobs.register<AnalyseJob>(
      ANALYSE_JOB,
      async (d) => {
        await this.run(d.orgId, d.chatId);
      },
      { queue: { retryLimit: 3, retryDelay: 5, expireInSeconds: 600 } },
    );
  }

  /**
   * Queues the chat's analysis after the quiet period, once per chat and period (pg-boss throttling: one job per
   * singletonKey and time slot; a message dropped so is read by the job of its slot, which starts after it).
   */
  queue = async (orgId: number, chatId: number): Promise<void> => {
    const quiet = this.settings.analysisQuietSeconds;
    await this.ctx.jobs.send<AnalyseJob>(
      ANALYSE_JOB,
      { orgId, chatId },
      quiet > 0 ? { singletonKey: `${orgId}:${chatId}`, singletonSeconds: quiet, startAfter: quiet } : {},
    );
  };

  /** Analyses the chat as it stands; idempotent (the same messages give the same result and no new message). */
  async run(orgId: number, chatId: number): Promise<StoredAnalysis | null> {
    const [c] = await this.ctx.db
      .select()
      .from(chat)
      .where(and(eq(chat.id, chatId), eq(chat.organizationId, orgId)));
    if (!c) return null;
    const lines = (
      await this.ctx.db
        .select({
          id: chatMessage.id,
          fromStaff: chatMessage.fromStaff,
          sentAt: chatMessage.sentAt,
          type: chatMessage.type,
          content: chatMessage.content,
          transcript: chatMessage.transcript,
        })
        .from(chatMessage)
        .where(and(eq(chatMessage.organizationId, orgId), eq(chatMessage.chatId, chatId)))
        .orderBy(sql`${chatMessage.sentAt} desc, ${chatMessage.id} desc`)
        .limit(MAX_LINES)
    ).reverse();
    const rules = (await this.ctx.services.aiSetting?.rulesFor(orgId)) ?? DEFAULT_RULES;
    const result = analyseChat(lines, rules);
    // moments are messaged (and marked sent) only while the organisation's ai_chat_key push is on
    const push = (await this.ctx.services.aiSetting?.msgPushFor(orgId))?.find((p) => p.msgType === 'ai_chat_key');
    const messaging = Boolean(push?.enabled && c.ownerUserId && this.ctx.services.notice);
    const sent = await this.ctx.db.transaction(async (tx) => {
      await tx
        .insert(chatAnalysis)
        .values({ chatId, organizationId: orgId, msgCount: c.msgCount, intention: result.intention, result })
        .onConflictDoUpdate({
          target: chatAnalysis.chatId,
          set: { msgCount: c.msgCount, intention: result.intention, result, analysedAt: new Date() },
        });
      await tx.update(chat).set({ analysedCount: c.msgCount }).where(eq(chat.id, chatId));
      const [row] = await tx
        .select({ sent: chatAnalysis.sentKeys })
        .from(chatAnalysis)
        .where(eq(chatAnalysis.chatId, chatId))
        .for('update');
      const already = new Set(row?.sent ?? []);
      const fresh = messaging ? result.moments.filter((m) => !already.has(momentKey(m))) : [];
      if (fresh.length)
        await tx
          .update(chatAnalysis)
          .set({ sentKeys: sql`${chatAnalysis.sentKeys} || ${sql.param(fresh.map(momentKey))}::text[]` })
          .where(eq(chatAnalysis.chatId, chatId));
      return fresh;
    });
    if (sent.length && push && c.ownerUserId) await this.notify(orgId, c.ownerUserId, chatId, sent, push);
    return result;
  }

  /** ai_chat_key messages to the chat's owner (and managers), as the organisation's message push settings say. */
  private async notify(
    orgId: number,
    owner: number,
    chatId: number,
    moments: StoredAnalysis['moments'],
    push: { toOwner: boolean; toManager: boolean },
  ) {
    const notice = this.ctx.services.notice;
    const to = [
      ...(push.toOwner ? [owner] : []),
      ...(push.toManager ? await managersOf(this.ctx.db, orgId, owner) : []),
    ];
    if (!to.length) return;
    for (const m of moments)
      await notice.notify(orgId, to, {
        title: `会话要点：${KeyMomentName[m.kind as KeyMoment] ?? m.kind}`,
        content: `「${m.quote.quote}」——${m.quote.text}`.slice(0, 500),
        msgType: 'ai_chat_key',
        param: { chatId, messageId: m.quote.messageId, kind: m.kind },
      });
  }

  async detail(orgId: number, chatId: number): Promise<CallAnswer<typeof contract.msg.chatAnalyzeDetail>> {
    const [row] = await this.ctx.db
      .select()
      .from(chatAnalysis)
      .where(and(eq(chatAnalysis.chatId, chatId), eq(chatAnalysis.organizationId, orgId)));
    if (!row)
      return {
        chatId,
        status: 0,
        analysedAt: null,
        msgCount: 0,
        intention: null,
        intentionName: null,
        intentionDegree: null,
        intentionQuotes: [],
        complaint: false,
        complaintQuotes: [],
        violations: [],
        keyMoments: [],
        summary: '',
      };
    const r = row.result;
    const ids = [
      ...r.intentionQuotes,
      ...r.complaintQuotes,
      ...r.violations.flatMap((v) => v.quotes),
      ...r.moments.map((m) => m.quote),
    ]
      .map((q) => q.messageId)
      .filter((id): id is number => id != null);
    const meta = new Map(
      ids.length
        ? (
            await this.ctx.db
              .select({ id: chatMessage.id, sender: chatMessage.sender, at: chatMessage.sentAt })
              .from(chatMessage)
              .where(and(eq(chatMessage.organizationId, orgId), inArray(chatMessage.id, [...new Set(ids)])))
              .orderBy(asc(chatMessage.id))
          ).map((m) => [m.id, m])
        : [],
    );
    const item = (label: string, detail: string, q: Quote) => {
      const m = q.messageId != null ? meta.get(q.messageId) : undefined;
      return {
        label,
        detail,
        messageId: m ? q.messageId : null,
        quote: q.quote,
        sender: m?.sender ?? null,
        time: formatDateTime(m?.at),
      };
    };
    const intentionName = r.intention ? (IntentionLabel[r.intention as keyof typeof IntentionLabel] ?? null) : null;
    return {
      chatId,
      status: 1,
      analysedAt: formatDateTime(row.analysedAt),
      msgCount: row.msgCount,
      intention: r.intention,
      intentionName,
      intentionDegree: r.intentionDegree,
      intentionQuotes: r.intentionQuotes.map((q) => item(intentionName ?? '意向', q.text, q)),
      complaint: r.complaint,
      complaintQuotes: r.complaint ? r.complaintQuotes.map((q) => item('潜在投诉', q.text, q)) : [],
      violations: r.violations.flatMap((v) => v.quotes.map((q) => item(v.rule, q.text, q))),
      keyMoments: r.moments.map((m) => ({
        ...item(KeyMomentName[m.kind as KeyMoment] ?? m.kind, m.quote.text, m.quote),
        kind: m.kind,
      })),
      summary: r.summary,
    };
  }
}

const momentKey = (m: StoredAnalysis['moments'][number]) => `${m.kind}:${m.quote.messageId ?? m.quote.text}`;
