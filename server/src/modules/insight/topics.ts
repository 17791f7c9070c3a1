import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { offsetOf, page } from '../../platform/paging';
import { anyOf, findScoped, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern, uniqueViolation } from '../../platform/validation';
import { analysisTexts } from '../analysis';
import type { AsrService } from '../asr';
import { leadNames } from '../clue';
import { orgUsersByIds } from '../org';
import { daysBetween, periodOf, shanghaiDaySql } from './insights';
import { insightTopic } from './schema';

type Calls = typeof contract.insight;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type TopicRow = typeof insightTopic.$inferSelect;

/**
 * Topics to track (/topic): a topic is a set of words (with example sentences that show what it means); a call
 * mentions it when its transcript holds one of the words. Trend and calls are read from the analysed calls'
 * transcripts (call_analysis.search_text, trigram-indexed) within the caller's data scope.
 */
export class Topics {
  constructor(
    private readonly db: Db,
    private readonly asr: AsrService,
  ) {}

  async list(s: Session): Promise<Answer<'topicList'>> {
    const rows = await this.db.select().from(insightTopic).where(scoped(s, insightTopic)).orderBy(asc(insightTopic.id));
    const users = await orgUsersByIds(
      this.db,
      s.orgId,
      rows.map((r) => r.createdBy).filter((x): x is number => !!x),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      words: r.words,
      examples: r.examples,
      createUserName: r.createdBy ? (users.get(r.createdBy)?.realName ?? null) : null,
      createTime: formatDateTime(r.createdAt),
    }));
  }

  async save(s: Session, input: Body<'topicSave'>): Promise<Answer<'topicSave'>> {
    const words = [...new Set(input.words)];
    try {
      if (input.id) {
        await findScoped(this.db, s, insightTopic, input.id, { missing: '话题不存在' });
        await this.db
          .update(insightTopic)
          .set({ name: input.name, words, examples: input.examples, updatedAt: new Date() })
          .where(and(eq(insightTopic.id, input.id), scoped(s, insightTopic)));
        return { id: input.id };
      }
      const [row] = await this.db
        .insert(insightTopic)
        .values({ organizationId: s.orgId, name: input.name, words, examples: input.examples, createdBy: s.userId })
        .returning({ id: insightTopic.id });
      return { id: row.id };
    } catch (e) {
      if (uniqueViolation(e)) throw badRequest('话题名称已存在');
      throw e;
    }
  }

  async remove(s: Session, id: number): Promise<Answer<'topicDelete'>> {
    const row = await findScoped(this.db, s, insightTopic, id, { missing: '话题不存在' });
    await this.db.delete(insightTopic).where(and(eq(insightTopic.id, row.id), scoped(s, insightTopic)));
    return { id };
  }

  private topic(s: Session, id: number): Promise<TopicRow> {
    return findScoped(this.db, s, insightTopic, id, { missing: '话题不存在' });
  }

  /** The analysed calls of the period in the caller's scope that mention one of the topic's words (alias ic / ca). */
  private mentioning(s: Session, t: TopicRow, start: string, end: string): SQL {
    const { from, to } = periodOf(start, end);
    const words = sql.join(
      t.words.map((w) => sql`ca.search_text ilike ${likePattern(w)}`),
      sql` or `,
    );
    return sql`ic.organization_id = ${s.orgId} and ic.call_at >= ${from} and ic.call_at < ${to}
      ${s.visibleUserIds === null ? sql`` : sql`and ${anyOf(sql`ic.owner_user_id`, s.visibleUserIds)}`}
      and (${words})`;
  }

  private fromCalls(orgId: number): SQL {
    return sql`insight_call ic join (${analysisTexts(orgId)}) ca on ca.recording_id = ic.recording_id`;
  }

  async trend(s: Session, q: Body<'topicTrend'>): Promise<Answer<'topicTrend'>> {
    const t = await this.topic(s, q.id);
    const days = daysBetween(q.startDate, q.endDate);
    const res = await this.db.execute<{ d: string; n: number }>(sql`
      select ${shanghaiDaySql(sql`ic.call_at`)} as d, count(*)::int as n from ${this.fromCalls(s.orgId)}
      where ${this.mentioning(s, t, q.startDate, q.endDate)} group by 1`);
    const byDay = new Map(res.rows.map((r) => [r.d, Number(r.n)]));
    const counts = days.map((d) => byDay.get(d) ?? 0);
    return { days, counts, calls: counts.reduce((a, b) => a + b, 0) };
  }

  async hitPage(s: Session, q: Body<'topicHitPage'>): Promise<Answer<'topicHitPage'>> {
    const t = await this.topic(s, q.id);
    const where = this.mentioning(s, t, q.startDate, q.endDate);
    const [rows, total] = await Promise.all([
      this.db.execute<{
        recording_id: number;
        call_at: string;
        owner_user_id: number | null;
        clue_id: number | null;
        clue_name: string | null;
      }>(sql`
        select ic.recording_id, ic.call_at, ic.owner_user_id, ic.clue_id, c.name as clue_name from ${this.fromCalls(s.orgId)}
        left join (${leadNames(s.orgId)}) c on c.id = ic.clue_id
        where ${where} order by ic.call_at desc, ic.recording_id desc
        limit ${q.pageSize} offset ${offsetOf(q)}`),
      this.db.execute<{ n: number }>(sql`select count(*)::int as n from ${this.fromCalls(s.orgId)} where ${where}`),
    ]);
    const owners = await orgUsersByIds(
      this.db,
      s.orgId,
      rows.rows.map((r) => Number(r.owner_user_id)).filter((x) => x > 0),
    );
    const lists = await Promise.all(
      rows.rows.map(async (r) => {
        const transcript = await this.asr.getTranscript(s.orgId, Number(r.recording_id));
        const segments = transcript?.segments ?? [];
        const i = segments.findIndex((seg) => t.words.some((w) => seg.text.toLowerCase().includes(w.toLowerCase())));
        const seg = segments[i];
        return {
          recordingId: Number(r.recording_id),
          callTime: formatDateTime(new Date(r.call_at)),
          ownerName: r.owner_user_id ? (owners.get(Number(r.owner_user_id))?.realName ?? null) : null,
          clueId: r.clue_id ? Number(r.clue_id) : null,
          clueName: r.clue_name,
          words: t.words.filter((w) => segments.some((x) => x.text.toLowerCase().includes(w.toLowerCase()))),
          sentence: seg?.text ?? '',
          segment: Math.max(i, 0),
          startMs: seg?.startMs ?? 0,
        };
      }),
    );
    return page(lists, Number(total.rows[0]?.n ?? 0), q);
  }
}
