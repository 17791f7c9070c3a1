import { AiLabel, formatDateTime } from '@crm/core';
import { and, eq, sql } from 'drizzle-orm';
import type { AnalysisResult, AnalysisRules } from '../../lib/analyser/types';
import type { AppContext } from '../../platform/context';
import { managersOf } from '../org';
import type { RecordingRow } from '../recording';
import { confirmedRisk } from './decisions';
import type { effectiveColumns } from './effective';
import { aiSettingOf, type MsgPushItem } from './ports';
import { callAnalysis } from './schema';

/**
 * The AI messages of a call (msgType ai_*), to its owner and the owner's managers as the organisation's message push
 * settings say. Each message is keyed (`ai_risk`, `ai_label:4`, `ai_keyword:报价` …) and the keys sent are kept on
 * the analysis row: a re-analysis messages only what is new.
 */

interface Outgoing {
  key: string;
  msgType: string;
  title: string;
  content: string;
}

type Effective = ReturnType<typeof effectiveColumns>;

/** What this analysis has to say, before the settings and the sent-set decide who hears it. */
function outgoing(
  m: AnalysisResult,
  e: Effective,
  push: Map<string, MsgPushItem>,
  rules: AnalysisRules | null,
  llmError: string | null,
  call: string,
): Outgoing[] {
  const out: Outgoing[] = [];
  const threshold = (type: string, fallback: number) => push.get(type)?.threshold ?? fallback;
  if (e.intention === 1 && e.intentionDegree >= threshold('ai_intention_degree', 0))
    out.push({
      key: 'ai_intention_degree',
      msgType: 'ai_intention_degree',
      title: '强意向客户提醒',
      content: `${call}：客户意向强烈（意向度 ${e.intentionDegree}），请及时跟进`,
    });
  const churnAt = threshold('ai_churn_risk', rules?.thresholds.churnRiskAlert ?? 70);
  if (e.churnRisk != null && e.churnRisk >= churnAt)
    out.push({
      key: 'ai_churn_risk',
      msgType: 'ai_churn_risk',
      title: '客户流失风险提醒',
      content: `${call}：客户流失风险 ${e.churnRisk}，请关注`,
    });
  if (e.risk === 1 && confirmedRisk(m))
    out.push({ key: 'ai_risk', msgType: 'ai_risk', title: '通话风险提醒', content: `${call}：AI 分析发现风险` });
  // 待确认 labels send nothing: 潜在投诉风险 only when the complaint is confirmed
  const complaintPending = e.aiLabels.includes(4) && m.potentialComplaint && m.complaint?.pending;
  for (const label of e.aiLabels.filter((l) => l === 1 || (l === 4 && !complaintPending)))
    out.push({
      key: `ai_label:${label}`,
      msgType: 'ai_label',
      title: 'AI 标签提醒',
      content: `${call}：命中 AI 标签「${AiLabel[label as 1 | 4]}」`,
    });
  const confirmed = m.violations.filter((v) => !v.pending);
  for (const rule of new Set(confirmed.map((v) => v.rule))) {
    const said = confirmed.find((v) => v.rule === rule)?.text ?? '';
    out.push({
      key: `ai_violation:${rule}`,
      msgType: 'ai_violation',
      title: '违规提醒',
      content: `${call}：违反「${rule}」${said ? `（${said}）` : ''}`,
    });
  }
  for (const k of m.keywords.filter((k) => k.hot))
    out.push({
      key: `ai_keyword:${k.word}`,
      msgType: 'ai_keyword',
      title: '关键词提醒',
      content: `${call}：提到关键词「${k.word}」`,
    });
  if (llmError)
    out.push({
      key: 'ai_model',
      msgType: 'ai_model',
      title: 'AI 模型调用失败',
      content: `${call}：大模型分析失败，已使用内置分析结果（${llmError.slice(0, 100)}）`,
    });
  return out;
}

/**
 * Sends what is new for this call and records it as sent, exactly once however many jobs of the call run at once:
 * the analysis row is locked while the sent-set is read, the messages stored and the set extended; the messages are
 * pushed after the commit.
 */
export async function sendAiMessages(
  ctx: AppContext,
  rec: RecordingRow,
  m: AnalysisResult,
  e: Effective,
  rules: AnalysisRules | null,
  llmError: string | null,
): Promise<string[]> {
  const settings = aiSettingOf(ctx);
  const notice = ctx.services.notice;
  if (!settings || !notice || !rec.ownerUserId) return [];
  const owner = rec.ownerUserId;
  const push = new Map((await settings.msgPushFor(rec.organizationId)).map((p) => [p.msgType, p]));
  const call = `通话 ${formatDateTime(rec.callTime ?? rec.createdAt) ?? ''}${rec.phone ? ` ${rec.phone}` : ''}`.trim();
  const wanted = outgoing(m, e, push, rules, llmError, call).filter((o) => push.get(o.msgType)?.enabled);
  if (!wanted.length) return [];
  const wantsManagers = wanted.some((o) => push.get(o.msgType)?.toManager);
  const managers = wantsManagers ? await managersOf(ctx.db, rec.organizationId, owner) : [];
  const thisCall = and(eq(callAnalysis.organizationId, rec.organizationId), eq(callAnalysis.recordingId, rec.id));
  const { stored, newlySent } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ sent: callAnalysis.sentMessages }).from(callAnalysis).where(thisCall).for('update');
    const sent = new Set(row?.sent ?? []);
    const todo = wanted.filter((o) => !sent.has(o.key));
    const rows: Awaited<ReturnType<typeof notice.store>> = [];
    for (const o of todo) {
      const item = push.get(o.msgType)!;
      const to = [...(item.toOwner ? [owner] : []), ...(item.toManager ? managers : [])];
      if (to.length)
        rows.push(
          ...(await notice.store(tx, rec.organizationId, to, {
            title: o.title,
            content: o.content,
            msgType: o.msgType,
            param: { recordingId: rec.id, clueId: rec.clueId, callTime: formatDateTime(rec.callTime) },
          })),
        );
    }
    const keys = todo.map((o) => o.key);
    if (keys.length)
      await tx
        .update(callAnalysis)
        .set({ sentMessages: sql`${callAnalysis.sentMessages} || ${sql.param(keys)}::text[]` })
        .where(thisCall);
    return { stored: rows, newlySent: keys };
  });
  await notice.publish(stored);
  return newlySent;
}
