import { formatDateTime, IntentionLabel } from '@crm/core';
import type { Briefing, BriefingPoint, BriefingSection, Cite, MentionKind } from '@crm/core/contract/insight';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { insightCall, insightMention } from './schema';

/**
 * A customer's briefing over all of its calls, extractive: the mentions of every analysed call grouped into the
 * sections (needs, budget, decision makers, objections with the agent's answers, promises by either side,
 * competitors, next steps), each point citing its calls and sentences; the intention and churn risk of each call
 * as trends. The LLM briefing (llmBriefing.ts) rewrites the summary and the points from the same material.
 */

export type CallRow = typeof insightCall.$inferSelect;
export type MentionRow = typeof insightMention.$inferSelect;

/** What a briefing is built from: the customer's calls (oldest first) and mentions (newest first). */
export interface BriefingMaterial {
  clueId: number;
  calls: CallRow[];
  mentions: MentionRow[];
}

/** Most calls and mentions read for one customer (a customer with more is briefed on the latest). */
const MAX_CALLS = 500;
const MAX_MENTIONS = 3000;

export async function loadMaterial(db: DbOrTx, orgId: number, clueId: number): Promise<BriefingMaterial> {
  const calls = await db
    .select()
    .from(insightCall)
    .where(and(eq(insightCall.organizationId, orgId), eq(insightCall.clueId, clueId)))
    .orderBy(desc(insightCall.callAt), desc(insightCall.id))
    .limit(MAX_CALLS);
  const mentions = await db
    .select()
    .from(insightMention)
    .where(and(eq(insightMention.organizationId, orgId), eq(insightMention.clueId, clueId)))
    .orderBy(desc(insightMention.callAt), asc(insightMention.startMs))
    .limit(MAX_MENTIONS);
  return { clueId, calls: calls.reverse(), mentions };
}

export const citeOf = (m: MentionRow): Cite => ({
  recordingId: m.recordingId,
  callTime: formatDateTime(m.callAt),
  segment: m.segment,
  startMs: m.startMs,
  speaker: m.speaker,
  sentence: m.sentence,
});

/** Mentions of one kind grouped by label, most mentioned (then most recent) first, citing up to three sentences. */
function grouped(mentions: MentionRow[], kind: MentionKind, max: number): BriefingPoint[] {
  const groups = new Map<string, MentionRow[]>();
  for (const m of mentions) if (m.kind === kind) groups.set(m.label, [...(groups.get(m.label) ?? []), m]);
  return [...groups.entries()]
    .sort((a, b) => b[1].length - a[1].length || b[1][0].callAt.getTime() - a[1][0].callAt.getTime())
    .slice(0, max)
    .map(([label, rows]) => ({
      text: rows.length > 1 ? `${label}（${rows.length} 次）` : label,
      answer: kind === 'objection' ? (rows.find((r) => r.answer)?.answer ?? null) : undefined,
      cites: rows.slice(0, 3).map(citeOf),
    }));
}

/** The latest mentions of one kind, one point each. */
function latest(mentions: MentionRow[], kind: MentionKind, max: number): BriefingPoint[] {
  return mentions
    .filter((m) => m.kind === kind)
    .slice(0, max)
    .map((m) => ({
      text: m.label,
      side: kind === 'promise' ? m.speaker : undefined,
      dueOn: m.dueOn ?? null,
      cites: [citeOf(m)],
    }));
}

export function extractiveSections(mentions: MentionRow[]): Record<BriefingSection, BriefingPoint[]> {
  return {
    needs: grouped(mentions, 'need', 6),
    budget: latest(mentions, 'budget', 3),
    decisionMakers: grouped(mentions, 'decisionMaker', 4),
    objections: grouped(mentions, 'objection', 6),
    promises: latest(mentions, 'promise', 8),
    competitors: grouped(mentions, 'competitor', 5),
    nextSteps: latest(mentions, 'nextStep', 5),
  };
}

/** Up when the last value is at least 5 above the one before, down when 5 below. */
function direction(values: (number | null)[]): Briefing['churn']['direction'] {
  const known = values.filter((v): v is number => v !== null);
  if (known.length < 2) return 'none';
  const d = known[known.length - 1] - known[known.length - 2];
  return d >= 5 ? 'up' : d <= -5 ? 'down' : 'flat';
}

const DIRECTION_WORD = { up: '上升', down: '下降', flat: '持平', none: '' } as const;

export function trends(calls: CallRow[]): Pick<Briefing, 'intention' | 'churn'> {
  const spoken = calls.filter((c) => c.intention !== null || c.churnRisk !== null);
  const last = [...spoken].reverse().find((c) => c.intention !== null) ?? null;
  const intentionName = (v: number | null) => (v ? (IntentionLabel[v as keyof typeof IntentionLabel] ?? null) : null);
  return {
    intention: {
      latest: last?.intention ?? null,
      latestName: intentionName(last?.intention ?? null),
      degree: last?.intentionDegree ?? null,
      direction: direction(spoken.map((c) => c.intentionDegree)),
      trend: spoken.map((c) => ({
        recordingId: c.recordingId,
        callTime: formatDateTime(c.callAt),
        value: c.intentionDegree,
        name: intentionName(c.intention),
      })),
    },
    churn: {
      latest: [...spoken].reverse().find((c) => c.churnRisk !== null)?.churnRisk ?? null,
      direction: direction(spoken.map((c) => c.churnRisk)),
      trend: spoken.map((c) => ({
        recordingId: c.recordingId,
        callTime: formatDateTime(c.callAt),
        value: c.churnRisk,
        name: null,
      })),
    },
  };
}

const points = (list: BriefingPoint[], n = 3) =>
  list
    .slice(0, n)
    .map((p) => p.text)
    .join('、');

export function extractiveSummary(b: Omit<Briefing, 'summary'>): string {
  const parts = [`共 ${b.callCount} 通已分析通话${b.lastCallTime ? `，最近一次 ${b.lastCallTime.slice(0, 10)}` : ''}`];
  if (b.intention.latestName)
    parts.push(
      `最新意向：${b.intention.latestName}${b.intention.direction !== 'none' ? `（${DIRECTION_WORD[b.intention.direction]}）` : ''}`,
    );
  if (b.churn.latest !== null)
    parts.push(
      `流失风险 ${b.churn.latest}${b.churn.direction !== 'none' ? `（${DIRECTION_WORD[b.churn.direction]}）` : ''}`,
    );
  if (b.needs.length) parts.push(`需求：${points(b.needs)}`);
  if (b.budget.length) parts.push(`预算：${b.budget[0].text}`);
  if (b.decisionMakers.length) parts.push(`决策人：${points(b.decisionMakers, 2)}`);
  if (b.objections.length) parts.push(`异议：${points(b.objections)}`);
  if (b.competitors.length) parts.push(`竞品：${points(b.competitors)}`);
  if (b.nextSteps.length) parts.push(`下一步：${b.nextSteps[0].text}`);
  return `${parts.join('；')}。`;
}

/** AI label scores 0-100: the share of the customer's calls with each label, recent calls weighing more. */
export function labelScores(calls: CallRow[]): Record<string, { score: number; calls: number }> {
  const out: Record<string, { score: number; calls: number }> = {};
  const spoken = calls.filter((c) => c.intention !== null);
  let total = 0;
  const sums = [0, 0, 0, 0, 0, 0];
  const counts = [0, 0, 0, 0, 0, 0];
  spoken.forEach((c, i) => {
    const w = 0.7 ** (spoken.length - 1 - i);
    total += w;
    for (const l of c.aiLabels) {
      if (l < 1 || l > 5) continue;
      sums[l] += w;
      counts[l] += 1;
    }
  });
  for (let l = 1; l <= 5; l++)
    out[String(l)] = { score: total ? Math.round((100 * sums[l]) / total) : 0, calls: counts[l] };
  return out;
}

export function extractiveBriefing(material: BriefingMaterial, now = new Date()): Briefing {
  const { calls, mentions, clueId } = material;
  const lastCall = calls.at(-1);
  const base = {
    clueId,
    callCount: calls.length,
    source: calls.length ? ('extractive' as const) : ('empty' as const),
    modelName: null,
    llmError: null,
    builtAt: formatDateTime(now),
    lastCallTime: formatDateTime(lastCall?.callAt ?? null),
    ...trends(calls),
    ...extractiveSections(mentions),
  };
  return { ...base, summary: calls.length ? extractiveSummary(base) : '' };
}

/** A briefing for a customer with no analysed call yet. */
export const emptyBriefing = (clueId: number): Briefing => extractiveBriefing({ clueId, calls: [], mentions: [] });
