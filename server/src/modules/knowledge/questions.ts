/** Search, ask (a cited answer), ratings of answers and the gaps view (the calls of /aiKnowledge, /knowledgeFeedback). */
import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { KnowledgeGapName, KnowledgeUsefulName } from '@crm/core/contract/knowledge';
import { and, count, desc, eq, exists, ilike, inArray, not, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { LlmClient } from '../../platform/llm';
import { offsetOf, page } from '../../platform/paging';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import { orgUsersByIds } from '../org';
import { answerFrom } from './ask';
import type { Embedder } from './embeddings';
import { knowledgeFeedback, knowledgeQuestion } from './schema';
import { searchPassages } from './search';
import { canEditOrgBase } from './service';

type Body<K extends keyof typeof contract.knowledge> = CallBody<(typeof contract.knowledge)[K]>;
type Answer<K extends keyof typeof contract.knowledge> = CallAnswer<(typeof contract.knowledge)[K]>;
type Who = Pick<Session, 'orgId' | 'userId' | 'signs' | 'isSuperAdmin'>;

export const ASK_PASSAGES = 5;

export class QuestionService {
  constructor(
    private readonly db: Db,
    private readonly embedder: Embedder | null,
    private readonly llmFor: (orgId: number) => Promise<LlmClient | null>,
  ) {}

  async search(s: Who, f: Body<'search'>): Promise<Answer<'search'>> {
    const { passages, method } = await searchPassages(this.db, s, f.question, {
      base: f.base,
      limit: f.limit ?? 5,
      embedder: this.embedder,
    });
    return { passages, method };
  }

  async ask(s: Who, f: Body<'ask'>): Promise<Answer<'ask'>> {
    const { passages } = await searchPassages(this.db, s, f.question, {
      base: f.base,
      limit: ASK_PASSAGES,
      embedder: this.embedder,
    });
    const llm = passages.length ? await this.llmFor(s.orgId) : null;
    const out = await answerFrom(f.question, passages, llm);
    const [q] = await this.db
      .insert(knowledgeQuestion)
      .values({
        organizationId: s.orgId,
        userId: s.userId,
        question: f.question,
        mode: out.mode,
        answer:
          out.answer ??
          out.passages
            .map((p) => p.text)
            .join('\n\n')
            .slice(0, 4000),
        answered: out.answered,
        passageIds: out.passages.map((p) => p.id),
      })
      .returning({ id: knowledgeQuestion.id });
    return { questionId: q.id, mode: out.mode, answer: out.answer, passages: out.passages, notice: out.notice };
  }

  /** One rating per user and question: a second one replaces the first. */
  async rate(s: Who, f: Body<'feedbackSave'>): Promise<Answer<'feedbackSave'>> {
    const [q] = await this.db
      .select({ id: knowledgeQuestion.id })
      .from(knowledgeQuestion)
      .where(
        and(
          eq(knowledgeQuestion.id, f.questionId),
          eq(knowledgeQuestion.organizationId, s.orgId),
          eq(knowledgeQuestion.userId, s.userId),
        ),
      );
    if (!q) throw notFound('问题不存在');
    return this.db.transaction(async (tx) => {
      await tx
        .delete(knowledgeFeedback)
        .where(and(eq(knowledgeFeedback.questionId, q.id), eq(knowledgeFeedback.userId, s.userId)));
      const [row] = await tx
        .insert(knowledgeFeedback)
        .values({
          organizationId: s.orgId,
          questionId: q.id,
          userId: s.userId,
          useful: f.useful,
          comment: f.comment ?? null,
        })
        .returning({ id: knowledgeFeedback.id });
      return { id: row.id };
    });
  }

  /** Ratings: a user's own; holders of knowledge:edit see the organisation's. */
  async ratings(s: Who, f: Body<'feedbackList'>): Promise<Answer<'feedbackList'>> {
    const fb = knowledgeFeedback;
    const q = knowledgeQuestion;
    const where = and(
      eq(fb.organizationId, s.orgId),
      canEditOrgBase(s) ? undefined : eq(fb.userId, s.userId),
      f.useful ? eq(fb.useful, f.useful) : undefined,
      f.keyword ? or(ilike(q.question, likePattern(f.keyword)), ilike(fb.comment, likePattern(f.keyword))) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({
          id: fb.id,
          questionId: fb.questionId,
          question: q.question,
          answer: q.answer,
          useful: fb.useful,
          comment: fb.comment,
          userId: fb.userId,
          createdAt: fb.createdAt,
        })
        .from(fb)
        .innerJoin(q, eq(q.id, fb.questionId))
        .where(where)
        .orderBy(desc(fb.createdAt), desc(fb.id))
        .limit(f.pageSize)
        .offset(offsetOf(f)),
      this.db.select({ total: count() }).from(fb).innerJoin(q, eq(q.id, fb.questionId)).where(where),
    ]);
    const names = await orgUsersByIds(
      this.db,
      s.orgId,
      rows.map((r) => r.userId),
    );
    return page(
      rows.map((r) => ({
        ...r,
        usefulName: KnowledgeUsefulName[r.useful as 1 | 2] ?? '',
        userName: names.get(r.userId)?.realName ?? null,
        createdAt: formatDateTime(r.createdAt),
      })),
      total,
      f,
    );
  }

  /** Questions the bases did not answer (nothing found, or the model said the passages do not say) or rated 没用. */
  async gaps(s: Who, f: Body<'gaps'>): Promise<Answer<'gaps'>> {
    const q = knowledgeQuestion;
    const fb = knowledgeFeedback;
    const bad = this.db
      .select({ one: fb.id })
      .from(fb)
      .where(and(eq(fb.questionId, q.id), eq(fb.useful, 2)));
    const reason: SQL | undefined =
      f.reason === 1 ? not(q.answered) : f.reason === 2 ? exists(bad) : or(not(q.answered), exists(bad));
    const where = and(eq(q.organizationId, s.orgId), reason);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(q)
        .where(where)
        .orderBy(desc(q.createdAt), desc(q.id))
        .limit(f.pageSize)
        .offset(offsetOf(f)),
      this.db.select({ total: count() }).from(q).where(where),
    ]);
    const ids = rows.map((r) => r.id);
    const comments = new Map<number, string | null>();
    if (ids.length) {
      const fbs = await this.db
        .select({ questionId: fb.questionId, comment: fb.comment })
        .from(fb)
        .where(and(eq(fb.organizationId, s.orgId), eq(fb.useful, 2), inArray(fb.questionId, ids)));
      for (const r of fbs) comments.set(r.questionId, r.comment);
    }
    const names = await orgUsersByIds(
      this.db,
      s.orgId,
      rows.map((r) => r.userId),
    );
    return page(
      rows.map((r) => {
        const reasonCode = comments.has(r.id) ? 2 : 1;
        return {
          questionId: r.id,
          question: r.question,
          reason: reasonCode,
          reasonName: KnowledgeGapName[reasonCode],
          comment: comments.get(r.id) ?? null,
          userName: names.get(r.userId)?.realName ?? null,
          createdAt: formatDateTime(r.createdAt),
        };
      }),
      total,
      f,
    );
  }
}
