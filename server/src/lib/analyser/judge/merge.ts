import type { Transcript } from '@crm/core';
import { decide } from '../decision';
import type {
  AiLabelHit,
  AnalysisResult,
  AnalysisRules,
  Decision,
  Evidence,
  FieldValue,
  TagHit,
  Violation,
} from '../types';
import type { JudgeAnswer } from './answer';
import { JUDGE_VIOLATIONS } from './prompt';
import { locate, type RejectedQuote } from './quotes';

/**
 * The judge's answer merged with the rules' decision. Every label the model gives counts only with a quote found in
 * the call (else it is rejected and the rules' value stands); the rules keep their literal violations (forbidden
 * words, regex rules, abuse) whatever the model says; carrier tags (4-10) are the rules'. The AI labels, call tags 1-2
 * and the complaint are derived from the same decided intention, refusal and complaint, so they never contradict.
 */

export interface Judged {
  result: AnalysisResult;
  /** Quotes not found in the call: their labels were not taken. */
  rejected: RejectedQuote[];
}

/** Which segments carried an announcement (the rules' carrier tags): never shown to the model. */
export function announcementSegments(base: AnalysisResult): Set<number> {
  return new Set(base.tags.filter((t) => t.tag >= 4).flatMap((t) => t.evidence.map((e) => e.segment)));
}

/** The violations the rules found (literal: not a learned layer's guess). */
const isRuleHit = (v: Violation) => !v.layer || v.layer === 'rule';

export function mergeJudge(
  base: AnalysisResult,
  a: JudgeAnswer,
  t: Transcript,
  rules: AnalysisRules,
  announcements: Set<number> = announcementSegments(base),
): Judged {
  const rejected: RejectedQuote[] = [];
  const shown = (i: number) => !announcements.has(i);
  /** The evidence of a quote, or null (recorded as rejected). */
  const cite = (label: string, c: { segment: number; quote: string }): Evidence | null => {
    const ev = locate(t, shown, c.segment, c.quote);
    if (!ev) rejected.push({ label, segment: c.segment, quote: c.quote });
    return ev;
  };
  const out: AnalysisResult = { ...base };

  // intention
  if (base.conversation && a.intention) {
    const ev = cite('intention', a.intention);
    if (ev) {
      out.intention = a.intention.value;
      out.intentionDegree = a.intention.degree;
      out.intentionEvidence = [ev];
      out.intentionLayer = 'llm';
    }
  }

  // complaint (a yes needs its quote; a no needs none)
  let complaint: Decision = base.complaint;
  if (!a.complaint.value) complaint = decide(a.complaint.score, 'llm', [], rules.thresholds);
  else {
    const ev = cite('complaint', a.complaint);
    if (ev) complaint = decide(a.complaint.score, 'llm', [ev], rules.thresholds);
  }
  if (out.intention === 'complaint' && !complaint.value && out.intentionLayer === 'llm')
    complaint = decide(Math.max(0.8, a.complaint.score), 'llm', out.intentionEvidence, rules.thresholds);
  out.complaint = complaint;
  out.potentialComplaint = complaint.value;

  // call tags: carrier tags stay the rules'; 1 明确拒绝 and 3 信息不符 from the model with their quotes
  const tagHits = new Map<number, TagHit>();
  for (const tag of a.tags) {
    if (tag.tag === 2 || tagHits.has(tag.tag)) continue;
    const ev = cite(`tag:${tag.tag}`, tag);
    if (ev) tagHits.set(tag.tag, { tag: tag.tag, evidence: [ev], layer: 'llm' });
  }
  const refusalTag = tagHits.get(1);
  out.refusal = refusalTag
    ? decide(1, 'llm', refusalTag.evidence, rules.thresholds)
    : { ...base.refusal, value: false, pending: false, score: 0, layer: 'llm', evidence: [] };
  if (complaint.value)
    tagHits.set(2, {
      tag: 2,
      evidence: complaint.evidence,
      layer: complaint.layer,
      score: complaint.score,
      pending: complaint.pending,
    });
  out.tags = [...base.tags.filter((x) => x.tag >= 4), ...[...tagHits.values()].sort((x, y) => x.tag - y.tag)];

  // violations: the rules' literal hits stay; the model's, with their quotes, added or confirming a learned guess
  const violations: Violation[] = base.violations.filter(isRuleHit);
  const known = new Set([
    ...rules.wordRules.map((r) => r.name),
    ...rules.regexRules.map((r) => r.name),
    ...JUDGE_VIOLATIONS,
  ]);
  for (const v of a.violations) {
    if (!known.has(v.rule) || violations.some((x) => x.rule === v.rule)) continue;
    const ev = cite(`violation:${v.rule}`, v);
    if (!ev) continue;
    const d = decide(v.score, 'llm', [ev], rules.thresholds);
    if (!d.value) continue;
    violations.push({
      rule: v.rule,
      kind: v.rule === '辱骂客户' ? 'abuse' : 'llm',
      text: ev.quote ?? ev.text,
      segment: ev.segment,
      startMs: ev.startMs,
      speaker: ev.speaker,
      layer: 'llm',
      score: d.score,
      pending: d.pending,
      evidence: [ev],
    });
  }
  out.violations = violations;
  const abuseHit = violations.find((v) => v.kind === 'abuse');
  if (abuseHit && !base.abuse.value)
    out.abuse = decide(abuseHit.score ?? 1, abuseHit.layer ?? 'llm', abuseHit.evidence ?? [], rules.thresholds);
  else if (!abuseHit) out.abuse = { value: false, score: 0, pending: false, layer: 'llm', evidence: [] };

  // churn: the reason's quote is its evidence (the risk itself applies to existing customers only: the analyser's)
  if (a.churnReason && base.churnRisk !== null) {
    const ev = cite('churnReason', a.churnReason);
    if (ev) out.churnEvidence = [ev];
  }

  // AI labels: the model's, with quotes, made consistent with the decided intention, refusal and complaint
  out.aiLabelHits = aiLabelsOf(out, a, cite);
  out.aiLabels = out.aiLabelHits.map((h) => h.label);

  // the next step and its time, the summary and the fields
  if (a.nextStep?.value.trim()) {
    const ev = cite('nextStep', a.nextStep);
    if (ev) {
      out.summaryParts = {
        ...base.summaryParts,
        nextStep: a.nextStep.value.trim(),
        nextStepTime: a.nextStep.time,
        evidence: [ev],
      };
      (out as AnalysisResult & { judgedNextStep?: boolean }).judgedNextStep = true;
    }
  }
  if (a.summary.trim()) out.summary = a.summary.trim();
  out.fields = fieldsOf(base, a, rules, cite);

  out.risk =
    violations.length > 0 ||
    complaint.value ||
    (out.churnRisk !== null && out.churnRisk >= rules.thresholds.churnRiskAlert);
  return { result: out, rejected };
}

type Cite = (label: string, c: { segment: number; quote: string }) => Evidence | null;

function aiLabelsOf(out: AnalysisResult, a: JudgeAnswer, cite: Cite): AiLabelHit[] {
  if (!out.conversation) return out.aiLabelHits;
  const given = new Map<number, Evidence[]>();
  for (const l of a.aiLabels) {
    if (given.has(l.label)) continue;
    const ev = cite(`aiLabel:${l.label}`, l);
    if (ev) given.set(l.label, [ev]);
  }
  const implied = new Map<number, Evidence[]>();
  if (out.intention === 'strong') implied.set(1, out.intentionEvidence);
  else if (out.intention === 'general') implied.set(2, out.intentionEvidence);
  if (out.refusal.value) implied.set(3, out.refusal.evidence);
  if (out.complaint.value) implied.set(4, out.complaint.evidence);
  // a label the decided values contradict is not taken (高意向 on a refusal, 投诉风险 with no complaint)
  const contradicts = (l: number) =>
    (l === 1 && out.intention !== 'strong') ||
    (l === 2 && (out.refusal.value || out.intention === 'none')) ||
    (l === 3 && !out.refusal.value) ||
    (l === 4 && !out.complaint.value);
  const hits: AiLabelHit[] = [];
  for (const label of [1, 2, 3, 4]) {
    if (implied.has(label)) hits.push({ label, layer: 'llm', evidence: given.get(label) ?? implied.get(label)! });
    else if (given.has(label) && !contradicts(label)) hits.push({ label, layer: 'llm', evidence: given.get(label)! });
  }
  if (!hits.length) hits.push({ label: 5, layer: 'llm', evidence: given.get(5) ?? [] });
  return hits;
}

function fieldsOf(base: AnalysisResult, a: JudgeAnswer, rules: AnalysisRules, cite: Cite): FieldValue[] {
  const names = new Map(rules.fields.map((f) => [f.key, f.name]));
  const given = new Map<string, FieldValue>();
  for (const f of a.fields) {
    const name = names.get(f.key);
    if (!name || !f.value.trim() || given.has(f.key)) continue;
    const ev = cite(`field:${f.key}`, f);
    if (ev) given.set(f.key, { key: f.key, name, value: f.value.trim(), evidence: [ev] });
  }
  const out: FieldValue[] = [];
  for (const key of names.keys()) {
    const v = given.get(key) ?? base.fields.find((f) => f.key === key);
    if (v) out.push(v);
  }
  return out;
}
