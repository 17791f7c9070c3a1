import { AiLabel, CallTag } from '@crm/core';
import { type DecidedLabel, DecisionLayerName } from '@crm/core/contract/analysis';
import type { AnalysisResult, Decision, Evidence, Layer, Violation } from '../../lib/analyser/types';
import type { Correction } from './schema';

/**
 * Every decided label of a call, with the layer that decided it (规则 / 模型 / 本机构模型 / 大模型, or 人工修正), its
 * evidence, and for yes/no labels the score and 待确认. The AI panel shows them; the consumers (messages, the lead's
 * risk and tags, quality, insight) read the same decided values, so no screen contradicts another.
 */

type DecisionLayer = DecidedLabel['layer'];

const named = (map: Record<number, string>, v: number) => map[v] ?? String(v);
const score = (s: number | undefined) => (s === undefined ? null : Math.round(s * 100) / 100);

/** The quote of a piece of evidence is what the panel marks. */
export const marked = (ev: Evidence[]): Evidence[] =>
  ev.map((e) => (e.quote && !e.match ? { ...e, match: e.quote } : e));

function label(
  key: string,
  name: string,
  value: string,
  layer: Layer | DecisionLayer | undefined,
  evidence: Evidence[],
  extra: { score?: number; pending?: boolean } = {},
): DecidedLabel {
  const l: DecisionLayer = layer ?? 'rule';
  return {
    key,
    name,
    value,
    layer: l,
    layerName: DecisionLayerName[l],
    score: score(extra.score),
    pending: extra.pending ?? false,
    evidence: marked(evidence),
  };
}

const yesNo = (key: string, name: string, d: Decision | undefined) =>
  d && (d.value || d.score > 0)
    ? [label(key, name, d.value ? '是' : '否', d.layer, d.evidence, { score: d.score, pending: d.pending })]
    : [];

/** The evidence of a violation: its own, else the sentence it was found in. */
export const violationEvidence = (v: Violation): Evidence[] =>
  v.evidence?.length
    ? v.evidence
    : [
        {
          segment: v.segment,
          startMs: v.startMs,
          endMs: v.startMs,
          speaker: v.speaker,
          text: v.text,
          match: v.text,
        },
      ];

/** One entry per rule broken: its strongest hit decides (a confirmed one over a pending one). */
export function violationsByRule(list: Violation[]): Violation[] {
  const byRule = new Map<string, Violation>();
  for (const v of list) {
    const seen = byRule.get(v.rule);
    if (!seen || (seen.pending && !v.pending) || (v.score ?? 1) > (seen.score ?? 1)) byRule.set(v.rule, v);
  }
  return [...byRule.values()];
}

/** A label is 待确认: its decision is pending (it sends no AI message). */
export const isPending = (d: { pending?: boolean } | undefined) => Boolean(d?.pending);

/** The machine's decided labels. */
export function decisionsOf(m: AnalysisResult, intentionName: string | null): DecidedLabel[] {
  const out: DecidedLabel[] = [];
  if (m.conversation && intentionName)
    out.push(label('intention', '意向', intentionName, m.intentionLayer, m.intentionEvidence));
  for (const t of m.tags)
    out.push(
      label(`tag:${t.tag}`, '通话标签', named(CallTag, t.tag), t.layer, t.evidence, {
        score: t.score,
        pending: t.pending,
      }),
    );
  for (const h of m.aiLabelHits ?? [])
    out.push(label(`aiLabel:${h.label}`, 'AI 标签', named(AiLabel, h.label), h.layer, h.evidence));
  out.push(...yesNo('complaint', '潜在投诉', m.complaint));
  out.push(...yesNo('refusal', '明确拒绝', m.refusal));
  out.push(...yesNo('abuse', '辱骂客户', m.abuse));
  for (const v of violationsByRule(m.violations))
    out.push(
      label(`violation:${v.rule}`, '违规', v.rule, v.layer, violationEvidence(v), {
        score: v.score ?? 1,
        pending: v.pending,
      }),
    );
  const next = m.summaryParts;
  if (next?.nextStep)
    out.push(
      label(
        'nextStep',
        '下一步',
        `${next.nextStep}${next.nextStepTime ? `（${next.nextStepTime}）` : ''}`,
        judgedNextStep(m) ? 'llm' : 'rule',
        next.evidence,
      ),
    );
  return out;
}

/** The LLM judge gave the next step (it marks the result it merged). */
const judgedNextStep = (m: AnalysisResult) =>
  Boolean((m as AnalysisResult & { judgedNextStep?: boolean }).judgedNextStep);

/** The decided labels with a person's corrections laid over them (人工修正 where a person set the value). */
export function correctedDecisions(
  base: DecidedLabel[],
  c: Correction,
  names: { intention: string | null; tags: Map<number, string>; aiLabels: Map<number, string> },
): DecidedLabel[] {
  const manual = (key: string, name: string, value: string) => label(key, name, value, 'manual', []);
  let out = base;
  if (c.intention !== undefined) {
    const machine = base.find((d) => d.key === 'intention');
    const rest = out.filter((d) => d.key !== 'intention');
    const same = machine && machine.value === names.intention;
    out = [...(names.intention ? [same ? machine : manual('intention', '意向', names.intention)] : []), ...rest];
  }
  const relist = (prefix: string, name: string, values: number[] | undefined, byValue: Map<number, string>) => {
    if (!values) return;
    const kept = new Map(out.filter((d) => d.key.startsWith(prefix)).map((d) => [d.key, d]));
    const others = out.filter((d) => !d.key.startsWith(prefix));
    const list = values.map(
      (v) => kept.get(`${prefix}${v}`) ?? manual(`${prefix}${v}`, name, byValue.get(v) ?? String(v)),
    );
    out = [...others, ...list];
  };
  relist('tag:', '通话标签', c.callTags, names.tags);
  relist('aiLabel:', 'AI 标签', c.aiLabels, names.aiLabels);
  if (c.complaint !== undefined) {
    out = out.filter((d) => d.key !== 'complaint');
    out.push(manual('complaint', '潜在投诉', c.complaint ? '是' : '否'));
  }
  if (c.violations) {
    const keep = new Set(c.violations);
    out = out
      .filter((d) => !d.key.startsWith('violation:') || keep.has(d.value))
      .map((d) =>
        d.key.startsWith('violation:') && d.pending
          ? { ...d, pending: false, layer: 'manual', layerName: DecisionLayerName.manual }
          : d,
      );
  }
  return out;
}

/**
 * A risk that is confirmed: a violation or complaint that is not 待确认, or the machine's churn risk. A risk found only
 * from pending labels sends no message and does not mark the lead.
 */
export function confirmedRisk(m: AnalysisResult): boolean {
  if (!m.risk) return false;
  if (m.violations.some((v) => !v.pending)) return true;
  if (m.potentialComplaint && !m.complaint?.pending) return true;
  return !m.violations.length && !m.potentialComplaint; // churn alone
}
