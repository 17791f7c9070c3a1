import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import type { PracticeStage, SayEvent } from '@crm/core/contract/practice';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { LlmError } from '../../platform/llm';
import { type Scope, scoped, unscoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { aiSettingOf } from '../analysis';
import { builtinReply, type CustomerLine, hasMaterial, openingLine } from './customer';
import type { CustomerLines } from './lines';
import { conversation, personaPrompt, streamLine } from './llmCustomer';
import type { PracticeQuota } from './quota';
import { minutesOf } from './quota';
import { reviewOf, scoreSession, turnView } from './review';
import { practiceSession, practiceTurn } from './schema';
import { findScript } from './scripts';
import type { PracticeSettings } from './settings';

type S = typeof contract.chatScriptTrainingSession;
type Body<K extends keyof S> = CallBody<S[K]>;
type Answer<K extends keyof S> = CallAnswer<S[K]>;
export type SessionRow = typeof practiceSession.$inferSelect;

export const EXPIRE_JOB = 'practice.expire';
const MISSING = '陪练会话不存在';
const ENDED = '本次陪练已结束';
export const NO_CALLS_NOTICE =
  '本机构还没有已分析的通话录音：内置 AI 客户暂时只能使用脚本中填写的客户画像与异议来回答，上传并分析通话后会更像真实客户。';

/**
 * Practice sessions: start (quota checked, the customer's first line), say (the customer answers: the model
 * streamed, or the built-in engine), heartbeat, end (review and charge), and the expiry job that ends a session
 * whose browser stopped beating.
 */
export class PracticeSessions {
  constructor(
    private readonly ctx: AppContext,
    private readonly lines: CustomerLines,
    private readonly quota: PracticeQuota,
    private readonly settings: PracticeSettings,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  /** The seat's own running or ended session (say, heartbeat, end, voice): nobody else's, whatever the data scope. */
  async own(s: Session, id: number, db: DbOrTx = this.db): Promise<SessionRow> {
    const [row] = await db
      .select()
      .from(practiceSession)
      .where(and(eq(practiceSession.id, id), scoped(s, practiceSession), eq(practiceSession.userId, s.userId)))
      .limit(1);
    if (!row) throw notFound(MISSING);
    return row;
  }

  private async llm(orgId: number) {
    return (await aiSettingOf(this.ctx)?.llmFor(orgId)) ?? null;
  }

  async start(s: Session, input: Body<'start'>): Promise<Answer<'start'>> {
    const script = await findScript(this.db, s, input.scriptId);
    if (script.status !== 1) throw badRequest('该陪练脚本已停用');
    await this.quota.trialIfNew(s.orgId);
    const quota = await this.quota.of(s.orgId, s.userId);
    if (quota.exhausted) throw badRequest(quota.exhausted);
    const [pools, llm] = await Promise.all([this.lines.pools(s.orgId), this.llm(s.orgId)]);
    const opening = openingLine(script.persona, pools, Date.now());
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(practiceSession)
        .values({
          organizationId: s.orgId,
          userId: s.userId,
          scriptId: script.id,
          scriptName: script.name,
          engine: llm ? 'llm' : 'builtin',
          passScore: script.passScore,
          turnCount: 1,
        })
        .returning();
      await tx.insert(practiceTurn).values(turnValues(created, 0, 'customer', opening, null, 1));
      return created;
    });
    await this.scheduleExpiry(s.orgId, row.id, this.settings.timeoutSeconds);
    const [turn] = await this.db.select().from(practiceTurn).where(eq(practiceTurn.sessionId, row.id));
    return {
      sessionId: row.id,
      engine: llm ? 'llm' : 'builtin',
      heartbeatSeconds: this.settings.heartbeatSeconds,
      timeoutSeconds: this.settings.timeoutSeconds,
      opening: turnView(turn),
      notice: llm || hasMaterial(pools) ? null : NO_CALLS_NOTICE,
      quota: await this.quota.of(s.orgId, s.userId),
    };
  }

  /** Checks that the seat may speak in this session now (before the stream starts: failures are envelopes). */
  async prepareSay(s: Session, input: Body<'say'>): Promise<SessionRow> {
    const row = await this.own(s, input.sessionId);
    if (row.status !== 1) throw badRequest(ENDED);
    return row;
  }

  /**
   * The customer's answer to what the seat said, as stream events: the model's pieces (or a fallback event and the
   * built-in line), then both lines as stored. The session counts as beating while it talks.
   */
  async say(s: Session, row: SessionRow, input: Body<'say'>, emit: (e: SayEvent) => void): Promise<void> {
    const script = await findScript(
      this.db,
      unscoped(s.orgId, 'a session plays a script of its organisation'),
      row.scriptId,
    );
    const history = await this.db
      .select()
      .from(practiceTurn)
      .where(eq(practiceTurn.sessionId, row.id))
      .orderBy(asc(practiceTurn.seq));
    const pools = await this.lines.pools(s.orgId);
    const state = { stageIndex: row.stageIndex, stageTurns: row.stageTurns, raised: row.raised };
    const built = builtinReply({
      stages: script.stages,
      persona: script.persona,
      state,
      said: input.text,
      pools,
      used: history.filter((t) => t.speaker === 'customer').map((t) => t.text),
      seed: row.id * 31 + history.length,
    });
    const stage = script.stages[built.state.stageIndex] ?? 'needs';
    let line: CustomerLine = built.line;
    let fallback: string | null = null;
    const llm = await this.llm(s.orgId);
    if (llm) {
      try {
        const messages = conversation(personaPrompt(script.persona, script.stages, stage), [
          ...history.map((t) => ({ speaker: t.speaker, text: t.text })),
          { speaker: 'agent' as const, text: input.text },
        ]);
        const text = await streamLine(llm.client, messages, this.settings.llmTimeoutMs, (piece) =>
          emit({ type: 'delta', text: piece }),
        );
        line = { text, stage, source: 'llm', recordingId: null };
      } catch (e) {
        fallback = `大模型暂不可用（${e instanceof LlmError ? e.message : '应答失败'}），已由内置 AI 客户回答`;
        emit({ type: 'fallback', reason: fallback });
      }
    }
    if (!llm || fallback) emit({ type: 'delta', text: line.text });
    const saved = await this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(practiceSession)
        .where(and(eq(practiceSession.id, row.id), eq(practiceSession.organizationId, s.orgId)))
        .for('update');
      if (locked?.status !== 1) return null;
      const seq = locked.turnCount;
      const agent = { text: input.text, stage, source: null, recordingId: null } as const;
      const rows = await tx
        .insert(practiceTurn)
        .values([
          turnValues(locked, seq, 'agent', agent, null, input.via ?? 1),
          turnValues(locked, seq + 1, 'customer', line, fallback, 1),
        ])
        .returning();
      await tx
        .update(practiceSession)
        .set({
          turnCount: seq + 2,
          stageIndex: built.state.stageIndex,
          stageTurns: built.state.stageTurns,
          raised: built.state.raised,
          lastHeartbeatAt: new Date(),
        })
        .where(eq(practiceSession.id, row.id));
      return rows;
    });
    if (!saved) {
      emit({ type: 'error', msg: ENDED });
      return;
    }
    emit({ type: 'done', agent: turnView(saved[0]), customer: turnView(saved[1]) });
  }

  async heartbeat(s: Session, input: Body<'heartbeat'>): Promise<Answer<'heartbeat'>> {
    const row = await this.own(s, input.sessionId);
    if (row.status !== 1) return { status: row.status, remainingSeconds: 0 };
    await this.db
      .update(practiceSession)
      .set({ lastHeartbeatAt: new Date() })
      .where(and(eq(practiceSession.id, row.id), eq(practiceSession.status, 1)));
    return { status: 1, remainingSeconds: this.settings.timeoutSeconds };
  }

  async end(s: Session, input: Body<'end'>): Promise<Answer<'end'>> {
    const row = await this.own(s, input.sessionId);
    const ended = row.status === 1 ? ((await this.finish(s.orgId, row.id, 2)) ?? row) : row;
    const fresh = ended.totalScore === null ? await this.own(s, row.id) : ended;
    return { sessionId: row.id, totalScore: fresh.totalScore ?? 0, passed: Boolean(fresh.passed) };
  }

  /**
   * Ends a running session (2 by the seat, 3 without heartbeat): once, whoever comes first; the review is computed
   * and stored and the minutes charged. Null when it was not running.
   */
  async finish(orgId: number, id: number, status: 2 | 3): Promise<SessionRow | null> {
    const [closed] = await this.db
      .update(practiceSession)
      .set({ status, endedAt: new Date() })
      .where(and(eq(practiceSession.id, id), eq(practiceSession.organizationId, orgId), eq(practiceSession.status, 1)))
      .returning();
    if (!closed) return null;
    return this.completeEnded(closed);
  }

  /** The expiry job: ends the session when its last beat is older than the limit, else looks again then. */
  async expire(orgId: number, sessionId: number): Promise<void> {
    const [row] = await this.db
      .select()
      .from(practiceSession)
      .where(and(eq(practiceSession.id, sessionId), eq(practiceSession.organizationId, orgId)));
    if (!row) return;
    if (row.status === 1 && row.totalScore === null) {
      const silentMs = Date.now() - row.lastHeartbeatAt.getTime();
      const limitMs = this.settings.timeoutSeconds * 1000;
      if (silentMs < limitMs) {
        await this.scheduleExpiry(orgId, sessionId, Math.ceil((limitMs - silentMs) / 1000));
        return;
      }
      await this.finish(orgId, sessionId, 3);
      return;
    }
    // ended, but its review or charge did not finish (a crash in between): done again, idempotent by the session
    if (row.status !== 1 && row.totalScore === null) await this.completeEnded(row);
  }

  /**
   * An ended session's review stored and its minutes charged, with `practice.ended` in the same transaction (training
   * completes a practice-script training the trainee passed; eager: done before the seat sees the review).
   */
  private async completeEnded(ended: SessionRow): Promise<SessionRow> {
    const scored = await scoreSession(this.db, ended);
    const minutes = minutesOf((ended.endedAt ?? new Date()).getTime() - ended.startedAt.getTime());
    const charge = await this.quota.charge(ended.organizationId, ended.userId, ended.id, minutes);
    return this.ctx.events.transaction(
      async (tx, outbox) => {
        const [row] = await tx
          .update(practiceSession)
          .set({
            totalScore: scored.totalScore,
            passed: scored.passed,
            review: scored,
            chargedMinutes: charge.charged,
            overMinutes: charge.over,
          })
          .where(eq(practiceSession.id, ended.id))
          .returning();
        await outbox.emit('practice.ended', {
          orgId: row.organizationId,
          sessionId: row.id,
          userId: row.userId,
          scriptId: row.scriptId,
          totalScore: scored.totalScore,
          passed: scored.passed,
        });
        return row;
      },
      { userWaits: true },
    );
  }

  scheduleExpiry(orgId: number, sessionId: number, afterSeconds: number): Promise<unknown> {
    return this.ctx.jobs.send(EXPIRE_JOB, { orgId, sessionId }, { startAfter: Math.max(1, afterSeconds) });
  }

  review(s: Scope & { userId: number; signs: Set<string>; isSuperAdmin: boolean }, id: number) {
    return reviewOf(this.db, s, id);
  }
}

function turnValues(
  session: SessionRow,
  seq: number,
  speaker: 'agent' | 'customer',
  line: { text: string; stage: PracticeStage | string; source: string | null; recordingId: number | null },
  fallback: string | null,
  via: number,
) {
  return {
    organizationId: session.organizationId,
    sessionId: session.id,
    seq,
    speaker,
    text: line.text,
    stage: line.stage,
    source: line.source,
    fallback,
    recordingId: line.recordingId,
    via,
  };
}
