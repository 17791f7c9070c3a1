import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import {
  CardKindName,
  CardStateName,
  type GuidanceCard,
  type GuidanceSpeaker,
  GuidanceStatusName,
  GuideTypeName,
} from '@crm/core/contract/guidance';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { recentPage } from '../../platform/pagingRecent';
import { userTopic } from '../../platform/push';
import { findScoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { orgUsersByIds } from '../org';
import type { RecognisedSentence, StreamingAsr } from './asr';
import { SentenceChecker, sopProgress } from './checker';
import type { GuidanceMeter } from './meter';
import { guidanceCard, guidanceSentence, guidanceSession } from './schema';

type Calls = typeof contract.aiGuidance;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type SessionRow = typeof guidanceSession.$inferSelect;
type CardRow = typeof guidanceCard.$inferSelect;

export const EXPIRE_JOB = 'guidance.expire';
export const MISSING = '指导会话不存在';

/** The owner of a live session, as the audio socket knows it. */
export interface LiveRef {
  orgId: number;
  userId: number;
  sessionId: number;
}

const durationMs = (r: SessionRow) => Math.max(0, (r.endedAt ?? new Date()).getTime() - r.startedAt.getTime());
/** A started minute counts; a session under a minute is one. */
const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

function rowOf(r: SessionRow, userName: string | null): Answer<'pagelist'>['lists'][number] {
  return {
    id: r.id,
    userId: r.userId,
    userName,
    guideType: r.guideType,
    guideTypeName: GuideTypeName[r.guideType as 1 | 2] ?? '',
    status: r.status,
    statusName: GuidanceStatusName[r.status as 1 | 2 | 3] ?? '',
    engine: r.engine,
    title: r.title,
    callId: r.callId,
    clueId: r.clueId,
    sentenceCount: r.sentenceCount,
    cardCount: r.cardCount,
    usedCount: r.usedCount,
    warningCount: r.warningCount,
    durationSeconds: Math.round(durationMs(r) / 1000),
    chargedMinutes: r.chargedMinutes,
    startedAt: formatDateTime(r.startedAt)!,
    endedAt: formatDateTime(r.endedAt),
  };
}

export function cardOf(c: CardRow, sentence: { text: string; speaker: GuidanceSpeaker }): GuidanceCard {
  return {
    id: c.id,
    sessionId: c.sessionId,
    sentenceId: c.sentenceId,
    kind: c.kind,
    kindName: CardKindName[c.kind],
    title: c.title,
    content: c.content,
    sentence: sentence.text,
    speaker: sentence.speaker,
    sources: c.sources,
    state: c.state,
    stateName: CardStateName[c.state as 0 | 1 | 2],
    createdAt: formatDateTime(c.createdAt)!,
  };
}

/** Guidance sessions: start and end (with metering), the record list and detail, cards marked, sentences checked. */
export class GuidanceSessions {
  private readonly checker: SentenceChecker;

  constructor(
    private readonly ctx: AppContext,
    private readonly engine: { asr: StreamingAsr | null; notice: string | null },
    private readonly meter: GuidanceMeter,
    /** Closes this process's audio streams of a session (the ingest's). */
    private readonly closeAudio: (sessionId: number) => Promise<void>,
  ) {
    this.checker = new SentenceChecker(ctx);
  }

  async status(s: Session): Promise<CallAnswer<Calls['status']>> {
    const b = await this.meter.balance(s.orgId);
    return {
      engine: this.engine.asr?.name ?? null,
      notice: this.engine.notice,
      ...b,
      audioPath: '/api/backend/aiGuidance/audio',
    };
  }

  async start(s: Session, body: Body<'start'>): Promise<Answer<'start'>> {
    if (!this.engine.asr) throw badRequest(this.engine.notice ?? '未配置实时语音识别引擎');
    const { exhausted } = await this.meter.balance(s.orgId);
    if (exhausted) throw badRequest(exhausted);
    const [rules] = await Promise.all([
      this.ctx.services.quality.sopRules.rulesOf(s.orgId),
      this.checker.warm(s.orgId),
    ]);
    const [row] = await this.ctx.db
      .insert(guidanceSession)
      .values({
        organizationId: s.orgId,
        userId: s.userId,
        guideType: body.guideType,
        engine: this.engine.asr.name,
        sampleRate: body.sampleRate ?? 16000,
        title: body.title ?? null,
        callId: body.callId ?? null,
        clueId: body.clueId ?? null,
        sopRuleId: rules[0]?.id ?? null,
      })
      .returning();
    // the idle check also covers a session whose audio never comes; its socket's close schedules it again
    await this.scheduleExpiry(row.organizationId, row.id).catch((err) =>
      this.ctx.app.log.error({ err, sessionId: row.id }, 'guidance expiry not scheduled'),
    );
    return {
      sessionId: row.id,
      engine: row.engine,
      audioPath: '/api/backend/aiGuidance/audio',
      sop: await sopProgress(this.ctx, s.orgId, row.sopRuleId, []),
    };
  }

  /** Checks the session's audio again after the idle time (its audio stopped: the browser went away). */
  scheduleExpiry(orgId: number, sessionId: number) {
    return this.ctx.jobs.send(
      EXPIRE_JOB,
      { orgId, sessionId },
      { startAfter: this.ctx.config.guidance.idleSeconds + 1 },
    );
  }

  /** The session of the audio socket: its owner's, in progress. */
  async live(orgId: number, userId: number, sessionId: number): Promise<SessionRow | null> {
    const [row] = await this.ctx.db
      .select()
      .from(guidanceSession)
      .where(
        and(
          eq(guidanceSession.organizationId, orgId),
          eq(guidanceSession.id, sessionId),
          eq(guidanceSession.userId, userId),
        ),
      );
    return row && row.status === 1 ? row : null;
  }

  async touch(ref: LiveRef): Promise<void> {
    await this.ctx.db
      .update(guidanceSession)
      .set({ lastAudioAt: new Date() })
      .where(and(eq(guidanceSession.organizationId, ref.orgId), eq(guidanceSession.id, ref.sessionId)));
  }

  private async own(s: Session, sessionId: number): Promise<SessionRow> {
    const [row] = await this.ctx.db
      .select()
      .from(guidanceSession)
      .where(
        and(
          eq(guidanceSession.organizationId, s.orgId),
          eq(guidanceSession.id, sessionId),
          eq(guidanceSession.userId, s.userId),
        ),
      );
    if (!row) throw notFound(MISSING);
    return row;
  }

  async end(s: Session, sessionId: number): Promise<Answer<'end'>> {
    const row = await this.finish(await this.own(s, sessionId), 2);
    return {
      sessionId: row.id,
      durationSeconds: Math.round(durationMs(row) / 1000),
      chargedMinutes: row.chargedMinutes,
    };
  }

  /** Ends a session whose audio stopped for the idle time (job `guidance.expire`). */
  async expire(orgId: number, sessionId: number): Promise<void> {
    const [row] = await this.ctx.db
      .select()
      .from(guidanceSession)
      .where(and(eq(guidanceSession.organizationId, orgId), eq(guidanceSession.id, sessionId)));
    if (row?.status !== 1) return;
    const idleMs = Date.now() - row.lastAudioAt.getTime();
    const limitMs = this.ctx.config.guidance.idleSeconds * 1000;
    if (idleMs < limitMs) {
      await this.ctx.jobs.send(
        EXPIRE_JOB,
        { orgId, sessionId },
        { startAfter: Math.ceil((limitMs - idleMs) / 1000) + 1 },
      );
      return;
    }
    await this.finish(row, 3);
  }

  /** Ends a session once (a second end answers what the first did), closes its audio and charges its minutes. */
  private async finish(row: SessionRow, status: 2 | 3): Promise<SessionRow> {
    if (row.status !== 1) return row;
    const endedAt = status === 3 ? row.lastAudioAt : new Date();
    const [ended] = await this.ctx.db
      .update(guidanceSession)
      .set({ status, endedAt })
      .where(and(eq(guidanceSession.id, row.id), eq(guidanceSession.status, 1)))
      .returning();
    if (!ended) return (await this.ctx.db.select().from(guidanceSession).where(eq(guidanceSession.id, row.id)))[0];
    await this.closeAudio(row.id);
    const minutes = minutesOf(durationMs(ended));
    const { charged, over } = await this.meter.charge(row.organizationId, row.userId, row.id, minutes);
    const [charged_] = await this.ctx.db
      .update(guidanceSession)
      .set({ chargedMinutes: charged, overMinutes: over })
      .where(eq(guidanceSession.id, row.id))
      .returning();
    return charged_;
  }

  list(s: Session, f: Body<'pagelist'>): Promise<Answer<'pagelist'>> {
    const t = guidanceSession;
    return recentPage(
      this.ctx.db,
      s,
      f,
      {
        table: t,
        owner: t.userId,
        where: [
          f.userId ? eq(t.userId, f.userId) : undefined,
          f.guideType ? eq(t.guideType, f.guideType) : undefined,
          f.status ? eq(t.status, f.status) : undefined,
        ],
        user: { of: (r) => r.userId, names: orgUsersByIds },
      },
      rowOf,
    );
  }

  async detail(s: Session, sessionId: number): Promise<Answer<'detail'>> {
    const row = await findScoped(this.ctx.db, s, guidanceSession, sessionId, {
      owner: guidanceSession.userId,
      missing: MISSING,
    });
    const [sentences, cards, names] = await Promise.all([
      this.ctx.db
        .select()
        .from(guidanceSentence)
        .where(and(eq(guidanceSentence.organizationId, s.orgId), eq(guidanceSentence.sessionId, row.id)))
        .orderBy(asc(guidanceSentence.id)),
      this.ctx.db
        .select()
        .from(guidanceCard)
        .where(and(eq(guidanceCard.organizationId, s.orgId), eq(guidanceCard.sessionId, row.id)))
        .orderBy(asc(guidanceCard.id)),
      orgUsersByIds(this.ctx.db, s.orgId, [row.userId]),
    ]);
    const byId = new Map(sentences.map((x) => [x.id, x]));
    return {
      ...rowOf(row, names.get(row.userId)?.realName ?? null),
      sentences: sentences.map((x) => ({
        id: x.id,
        speaker: x.speaker,
        text: x.text,
        startMs: x.startMs,
        endMs: x.endMs,
        createdAt: formatDateTime(x.createdAt)!,
      })),
      cards: cards.map((c) => cardOf(c, byId.get(c.sentenceId) ?? { text: '', speaker: 'customer' })),
      sop: await sopProgress(this.ctx, s.orgId, row.sopRuleId, row.sopDone),
    };
  }

  /** The agent marks a card of their own session used or dismissed. */
  async mark(s: Session, body: Body<'markCard'>): Promise<Answer<'markCard'>> {
    return this.ctx.db.transaction(async (tx) => {
      const [card] = await tx
        .select({ card: guidanceCard, userId: guidanceSession.userId })
        .from(guidanceCard)
        .innerJoin(guidanceSession, eq(guidanceSession.id, guidanceCard.sessionId))
        .where(and(eq(guidanceCard.organizationId, s.orgId), eq(guidanceCard.id, body.cardId)))
        .for('update', { of: guidanceCard });
      if (!card || card.userId !== s.userId) throw notFound('指导卡片不存在');
      const was = card.card.state;
      if (was !== body.state) {
        await tx
          .update(guidanceCard)
          .set({ state: body.state, markedAt: new Date() })
          .where(eq(guidanceCard.id, body.cardId));
        const delta = (body.state === 1 ? 1 : 0) - (was === 1 ? 1 : 0);
        if (delta)
          await tx
            .update(guidanceSession)
            .set({ usedCount: sql`${guidanceSession.usedCount} + ${delta}` })
            .where(eq(guidanceSession.id, card.card.sessionId));
      }
      return { id: body.cardId, state: body.state, stateName: CardStateName[body.state] };
    });
  }

  /**
   * A finished sentence of a live session: kept, checked at once, and each card it raises pushed to the agent's
   * browser. Answers the sentence's id.
   */
  async onSentence(ref: LiveRef, speaker: GuidanceSpeaker, s: RecognisedSentence): Promise<number> {
    const db = this.ctx.db;
    const [sentence] = await db
      .insert(guidanceSentence)
      .values({
        organizationId: ref.orgId,
        sessionId: ref.sessionId,
        speaker,
        text: s.text,
        startMs: s.startMs,
        endMs: s.endMs,
      })
      .returning();
    const [session] = await db
      .update(guidanceSession)
      .set({ sentenceCount: sql`${guidanceSession.sentenceCount} + 1` })
      .where(eq(guidanceSession.id, ref.sessionId))
      .returning();
    const agentSoFar =
      speaker === 'agent' && session.sopRuleId
        ? (
            await db
              .select({ text: guidanceSentence.text })
              .from(guidanceSentence)
              .where(
                and(
                  eq(guidanceSentence.sessionId, ref.sessionId),
                  eq(guidanceSentence.speaker, 'agent'),
                  sql`${guidanceSentence.id} < ${sentence.id}`,
                ),
              )
              .orderBy(asc(guidanceSentence.id))
          ).map((r) => r.text)
        : [];
    const result = await this.checker.check({
      orgId: ref.orgId,
      userId: ref.userId,
      speaker,
      text: s.text,
      agentSoFar,
      sopRuleId: session.sopRuleId,
      sopDone: session.sopDone,
    });
    if (!result.cards.length && result.sopDone.length === session.sopDone.length) return sentence.id;
    if (!result.cards.length) {
      await db.update(guidanceSession).set({ sopDone: result.sopDone }).where(eq(guidanceSession.id, ref.sessionId));
      return sentence.id;
    }
    const cards = result.cards.length
      ? await db
          .insert(guidanceCard)
          .values(
            result.cards.map((c) => ({
              organizationId: ref.orgId,
              sessionId: ref.sessionId,
              sentenceId: sentence.id,
              ...c,
            })),
          )
          .returning()
      : [];
    // the SOP progress before the push (the screen reads it when an SOP card arrives), the counters after
    if (speaker === 'agent' && result.sopDone.length !== session.sopDone.length)
      await db.update(guidanceSession).set({ sopDone: result.sopDone }).where(eq(guidanceSession.id, ref.sessionId));
    const topic = userTopic(ref.orgId, ref.userId);
    await Promise.all(
      cards.map((c) =>
        this.ctx.push.publish(topic, { type: 'guidance_card', ...cardOf(c, { text: s.text, speaker }) }),
      ),
    );
    const warnings = cards.filter((c) => c.kind === 'warning').length;
    await db
      .update(guidanceSession)
      .set({
        cardCount: sql`${guidanceSession.cardCount} + ${cards.length}`,
        warningCount: sql`${guidanceSession.warningCount} + ${warnings}`,
      })
      .where(eq(guidanceSession.id, ref.sessionId));
    return sentence.id;
  }
}
