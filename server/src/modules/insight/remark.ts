import { formatDateTime, IntentionLabel } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { MentionKindName } from '@crm/core/contract/insight';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { callAnalysis } from '../analysis/schema';
import { findRecording } from '../recording';
import { insightMention } from './schema';

type Calls = typeof contract.insight;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

const ORDER = ['need', 'budget', 'decisionMaker', 'objection', 'competitor', 'promise', 'nextStep'] as const;

/**
 * 写跟进: a draft follow-up from one call's analysis (summary, intention, and what the call said by kind), which the
 * user edits and saves as an ordinary follow-up record of the call's customer (the clue module's addFollow).
 */
export class AiRemarks {
  constructor(private readonly ctx: AppContext) {}

  async generate(s: Session, recordingId: number): Promise<Answer<'remarkGenerate'>> {
    const rec = await findRecording(this.ctx.db, s, recordingId);
    const [a] = await this.ctx.db
      .select({ status: callAnalysis.status, intention: callAnalysis.intention, summary: callAnalysis.summary })
      .from(callAnalysis)
      .where(and(eq(callAnalysis.organizationId, s.orgId), eq(callAnalysis.recordingId, rec.id)));
    if (a?.status !== 3) throw badRequest('该通话还没有完成 AI 分析，请稍后再写跟进');
    const mentions = await this.ctx.db
      .select()
      .from(insightMention)
      .where(and(eq(insightMention.organizationId, s.orgId), eq(insightMention.recordingId, rec.id)))
      .orderBy(asc(insightMention.startMs));
    const lines = [`通话时间：${formatDateTime(rec.callTime ?? rec.createdAt)}`];
    if (a.summary) lines.push(`通话小结：${a.summary}`);
    if (a.intention) lines.push(`客户意向：${IntentionLabel[a.intention as keyof typeof IntentionLabel]}`);
    for (const kind of ORDER) {
      const said = [...new Set(mentions.filter((m) => m.kind === kind).map((m) => m.label))];
      if (said.length) lines.push(`${MentionKindName[kind]}：${said.slice(0, 4).join('；')}`);
    }
    const due = mentions.find((m) => (m.kind === 'nextStep' || m.kind === 'promise') && m.dueOn)?.dueOn ?? null;
    return {
      recordingId: rec.id,
      clueId: rec.clueId,
      content: lines.join('\n').slice(0, 2000),
      nextFollowTime: due ? `${due} 10:00:00` : null,
      source: 'extractive',
    };
  }

  async save(s: Session, input: Body<'remarkSave'>): Promise<Answer<'remarkSave'>> {
    const rec = await findRecording(this.ctx.db, s, input.recordingId);
    if (!rec.clueId) throw badRequest('该通话没有关联客户，无法保存为跟进记录');
    const saved = await this.ctx.services.clue.interactions.addFollow(s, {
      clueId: rec.clueId,
      content: input.content,
      nextFollowTime: input.nextFollowTime || undefined,
    });
    return { id: saved.id };
  }
}
