import { formatDateTime, type TranscriptSegment } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import type { AssistantEvent } from '@crm/core/contract/assistant';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { aiSettingOf } from '../analysis';
import { findClue } from '../clue';
import { orgUser } from '../org';
import { findRecording } from '../recording';
import { builtinAnswer, type Draft, type Question } from './builtin';
import type { AssistantIndexer } from './indexer';
import { assistantLlmTimeoutMs, type ModelContext, modelDrafts, streamDrafts } from './model';
import type { AssistantQuota } from './quota';
import { recordViews } from './records';
import type { LeadFacts } from './rules';
import { assistantRecord, assistantSuggestion, assistantUsage } from './schema';
import { scriptLines } from './scripts';

type Input = CallBody<typeof contract.assistant.chat>;
type Answer = CallAnswer<typeof contract.assistant.chat>;
type Resolved = Awaited<ReturnType<AssistantChat['resolve']>>;

export interface Prepared {
  started: number;
  input: Input;
  resolved: Resolved;
  question: Question;
  builtin: Awaited<ReturnType<typeof builtinAnswer>>;
  llm: NonNullable<Awaited<ReturnType<NonNullable<ReturnType<typeof aiSettingOf>>['llmFor']>>> | null;
}

/**
 * One use of the assistant (/hkzs/chat): the question resolved (typed text, or a moment of a call the seat may see,
 * and the lead), the built-in answer always computed (it is the fallback and the model's examples), the model's
 * answer when the organisation has one, the use kept as a 话术记录 and counted.
 */
export class AssistantChat {
  constructor(
    private readonly ctx: AppContext,
    private readonly indexer: AssistantIndexer,
    private readonly quota: AssistantQuota,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * What every answer needs before it is written, and may refuse (a spent quota, a moment or lead out of reach): the
   * question, the built-in answer, the organisation's model (or none).
   */
  async prepare(s: Session, input: Input): Promise<Prepared> {
    const started = performance.now();
    // a spent quota refuses a new answer; one being written when the quota runs out is still given (and charged)
    await this.quota.trialIfNew(s.orgId);
    const quota = await this.quota.of(s.orgId, s.userId);
    if (quota.exhausted) throw badRequest(quota.exhausted);
    const resolved = await this.resolve(s, input);
    const me = await orgUser(this.db, s.orgId, s.userId);
    const question: Question = {
      type: input.type,
      query: resolved.query,
      lead: resolved.lead,
      seatName: me?.realName || me?.username || '',
      scripts: await scriptLines(this.ctx, s.orgId, s.userId, resolved.clueId),
    };
    const builtin = await builtinAnswer(this.db, s.orgId, question);
    const llm = (await aiSettingOf(this.ctx)?.llmFor(s.orgId)) ?? null;
    return { started, input, resolved, question, builtin, llm };
  }

  /** One answer in one piece (/hkzs/chat): the model's structured answer, or the built-in one. */
  async chat(s: Session, input: Input): Promise<Answer> {
    const p = await this.prepare(s, input);
    return this.finish(s, p, (llm, context) => modelDrafts(llm, p.question, context, assistantLlmTimeoutMs()));
  }

  /**
   * One answer streamed (/hkzs/chatStream): the model's text as it is written (`delta`), a `fallback` with the reason
   * when it fails or runs out of time (the built-in answer is given instead), then the saved answer (`done`).
   */
  async stream(s: Session, p: Prepared, emit: (e: AssistantEvent) => void): Promise<void> {
    const answer = await this.finish(s, p, (llm, context) =>
      streamDrafts(llm, p.question, context, assistantLlmTimeoutMs(), (text) => emit({ type: 'delta', text })),
    );
    if (answer.fallbackReason)
      emit({ type: 'fallback', reason: `大模型未能回答（${answer.fallbackReason}），已改用内置话术` });
    emit({ type: 'done', answer });
  }

  /** The model's drafts when there is a model (else, or on its failure, the built-in's), kept and counted. */
  private async finish(
    s: Session,
    p: Prepared,
    write: (llm: NonNullable<Prepared['llm']>, context: ModelContext) => Promise<Draft[]>,
  ): Promise<Answer> {
    const { input, builtin, llm } = p;
    const { query, conversation, recordingId, clueId } = p.resolved;
    let drafts: Draft[] = builtin.drafts;
    let engine: 'llm' | 'builtin' = 'builtin';
    let modelName: string | null = null;
    let fallbackReason: string | null = null;
    let note = builtin.note;
    if (llm) {
      try {
        const written = await write(llm, { conversation, examples: builtin.drafts });
        // the model's suggestions first, then the best calls' (kept for comparison)
        drafts = [...written, ...builtin.drafts.filter((d) => d.source === 'call').slice(0, 2)];
        engine = 'llm';
        modelName = `${llm.name} / ${llm.model}`;
        note = '由机构配置的大模型根据客户信息、通话上下文和机构话术生成；后面附优秀通话中的相似回答供参考。';
      } catch (e) {
        fallbackReason = `${llm.name}：${(e as Error).message || String(e)}`.slice(0, 500);
      }
    }
    if (input.type !== 2) void this.indexer.backfillIfEmpty(s.orgId).catch(() => undefined);
    const elapsedMs = Math.round(performance.now() - p.started);
    const id = await this.db.transaction(async (tx) => {
      const [rec] = await tx
        .insert(assistantRecord)
        .values({
          organizationId: s.orgId,
          userId: s.userId,
          type: input.type,
          query,
          recordingId,
          segmentIndex: recordingId ? (input.segmentIndex ?? null) : null,
          clueId,
          engine,
          modelName,
          fallbackReason,
          note,
          elapsedMs,
        })
        .returning({ id: assistantRecord.id });
      if (drafts.length)
        await tx.insert(assistantSuggestion).values(
          drafts.map((d, i) => ({
            organizationId: s.orgId,
            recordId: rec.id,
            userId: s.userId,
            sort: i,
            text: d.text,
            source: d.source,
            origin: d.origin,
            refKey: d.refKey,
            recordingId: d.recordingId,
            customerSaid: d.customerSaid,
            score: d.score,
          })),
        );
      // metering: one use per answer, per user and month (Shanghai)
      const month = formatDateTime(new Date())!.slice(0, 7);
      await tx
        .insert(assistantUsage)
        .values({ organizationId: s.orgId, userId: s.userId, month, uses: 1 })
        .onConflictDoUpdate({
          target: [assistantUsage.organizationId, assistantUsage.userId, assistantUsage.month],
          set: { uses: sql`${assistantUsage.uses} + 1` },
        });
      return rec.id;
    });
    await this.quota.charge(s.orgId, s.userId, id).catch((err) => {
      this.ctx.app.log.error({ err, orgId: s.orgId, recordId: id }, 'assistant charge failed');
    });
    const [view] = await recordViews(this.db, s.orgId, [id]);
    return view;
  }

  /** The sentence to answer, the call so far and the lead; a moment and a lead only when the session may see them. */
  async resolve(s: Session, input: Input) {
    let query = input.text ?? '';
    let conversation: ModelContext['conversation'] = [];
    let recordingId: number | null = null;
    let clueId = input.clueId ?? null;
    if (input.recordingId !== undefined) {
      const rec = await findRecording(this.db, s, input.recordingId);
      recordingId = rec.id;
      if (input.segmentIndex !== undefined) {
        const transcript = await this.ctx.services.asr.getTranscript(s.orgId, rec.id);
        const segments = (transcript?.segments ?? []) as TranscriptSegment[];
        if (!segments.length) throw badRequest('该通话还没有转写文本');
        const at = segments[input.segmentIndex];
        if (!at) throw badRequest(`句子序号超出范围（共 ${segments.length} 句）`);
        if (!input.text) query = at.text;
        conversation = segments.slice(Math.max(0, input.segmentIndex - 11), input.segmentIndex + 1).map((x) => ({
          speaker: x.speaker === 'agent' ? ('销售' as const) : ('客户' as const),
          text: x.text,
        }));
      }
      clueId ??= rec.clueId;
    }
    let lead: LeadFacts | null = null;
    if (clueId) {
      const row = await findClue(this.db, s, clueId).catch((e) => {
        // a lead named by the seat must be one it may see; the lead of a visible call is used when visible
        if (input.clueId) throw e;
        return null;
      });
      lead = row ? { name: row.name, company: row.company, stage: row.stage } : null;
      if (!row) clueId = null;
    }
    return { query: query.trim(), conversation, recordingId, lead, clueId };
  }
}
