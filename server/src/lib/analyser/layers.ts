import type { TranscriptSegment } from '@crm/core';
import { decide, NO } from './decision';
import type { IntentionVerdict } from './intention';
import { ACT_OF_VIOLATION, type ACTS, INTENTIONS, MODEL_VIOLATIONS, type ModelReading } from './model';
import { canon, canonPattern } from './text';
import type { AnalysisRules, Decision, Evidence, IntentionKey, Layer, TagHit, Violation } from './types';

/**
 * Thresholds of the learned layer, chosen on the dev split (never on the holdout): a model probability at or above
 * these decides a label that no rule decided.
 */
export const MODEL_THRESHOLDS = {
  /** The model's intention replaces the rules' when its probability is at least this… */
  intention: 0.55,
  /** …and the rules' own intention has less than this probability in the model. */
  intentionKeep: 0.2,
  /** Where no rule said anything (无意向 by default), the model's intention from this probability on. */
  intentionSilent: 0.25,
  /** A violation (or abuse) only the model sees. */
  violation: 0.6,
  /** A potential complaint only the model sees. */
  complaint: 0.4,
  /** A refusal (明确拒绝) only the model sees. */
  refusal: 0.5,
};

/**
 * Thresholds of the agent-act heads (probability of the agent's most telling turn), chosen on the dev split: a
 * turn at or above its act's threshold decides the act's violation where no rule did. Each sits above the highest
 * probability a dev call without the violation reached (promise 0.60, pressure 0.30, insult 0.18, sensitive 0.34,
 * off the books 0.13), with a margin, since the model was never fitted on dev; pressure and off the books higher
 * still, as train calls without them reached 0.44 (你听我说完) and 0.30 (个人微信是吧).
 */
export const ACT_THRESHOLDS: Record<(typeof ACTS)[number], number> = {
  promise: 0.65,
  pressure: 0.5,
  insult: 0.25,
  sensitive: 0.4,
  offbook: 0.3,
};

/** A promise about money (a return, no loss) is 承诺收益; any other guaranteed outcome is 夸大承诺. */
const MONEY_PROMISE = new RegExp(
  canonPattern('收益|利息|回报|本金|本钱|年化|分红|理财|利率|赚|挣|亏|赔钱|回本|翻倍|租金|回购|回收价|个点|保本'),
);

/** Whether an act of the agent's turn shows this violation (a promise shows one of the two promise rules). */
function actShows(name: string, text: string): boolean {
  if (name === '承诺收益') return MONEY_PROMISE.test(canon(text));
  if (name === '夸大承诺') return !MONEY_PROMISE.test(canon(text));
  return true;
}

/**
 * A model probability as a score whose 0.5 is the head's threshold (monotonic, so curves from scores are unchanged):
 * the 待确认 band of the settings then means the same for every label.
 */
export function calibrate(p: number, threshold: number): number {
  const s = p >= threshold ? 0.5 + (0.5 * (p - threshold)) / (1 - threshold) : (0.5 * p) / threshold;
  return Math.min(0.99, s);
}

/** Asking not to be called again: a refusal that ends the call whatever came before it. */
const STOP_CALLING = new RegExp(canonPattern('(别|不要|莫)(再)?(给我)?(打|联系)|拉黑'));

export function segmentEvidence(segments: TranscriptSegment[], seg: number | null | undefined): Evidence[] {
  if (seg === null || seg === undefined || !segments[seg]) return [];
  const s = segments[seg];
  return [{ segment: seg, startMs: s.startMs, endMs: s.endMs, speaker: s.speaker, text: s.text, quote: s.text }];
}

export interface Decided {
  intention: IntentionKey;
  intentionLayer: Layer;
  intentionEvidence: Evidence[];
  degree: number;
  tags: TagHit[];
  complaint: Decision;
  refusal: Decision;
  /** Violations only the model found (the rules' stay as they are). */
  modelViolations: Violation[];
  /** Scores per violation name (rules 1, else the model's probability) for the benchmark's curves. */
  violationScores: Record<string, number>;
}

/**
 * One consistent set of labels from the rules (layer 2) and the learned model (layer 3): rules are the precision
 * floor (a rule's hit stands, score 1); the model decides what no rule decided and scores every yes/no label; the
 * intention, the tags 1-3 and the potential complaint are then made to agree (a refusal is 无意向 + 明确拒绝, a
 * complaint is 潜在投诉 with tag 2, a mismatch has tag 3).
 */
export function combine(
  judged: IntentionVerdict,
  ruleViolations: Violation[],
  reading: ModelReading | null,
  layer: Layer,
  segments: TranscriptSegment[],
  rules: AnalysisRules,
): Decided {
  const t = rules.thresholds;
  const tagEvidence = (tag: number) => judged.tags.find((x) => x.tag === tag)?.evidence ?? [];
  const p = (head: string) => reading?.call[head] ?? 0;
  const turnOf = (head: string, role: 'agent' | 'customer') =>
    segmentEvidence(segments, reading?.strongestTurn(head, role));

  // Potential complaint: a rule's threat or harassment, else the model.
  const complaint = judged.potentialComplaint
    ? decide(1, 'rule', tagEvidence(2), t)
    : reading
      ? decide(
          calibrate(Math.max(p('complaint'), p('tag:2')), MODEL_THRESHOLDS.complaint),
          layer,
          turnOf('complaint', 'customer'),
          t,
        )
      : NO;
  const ruleRefusal = judged.tags.some((x) => x.tag === 1) || judged.refusals.length > 0;
  const refusal = ruleRefusal
    ? decide(1, 'rule', tagEvidence(1).length ? tagEvidence(1) : judged.refusals, t)
    : reading
      ? decide(calibrate(p('tag:1'), MODEL_THRESHOLDS.refusal), layer, turnOf('tag:1', 'customer'), t)
      : NO;

  let intention = judged.intention;
  let intentionLayer: Layer = judged.evidence.length ? 'rule' : 'default';
  let intentionEvidence = judged.evidence;
  let degree = judged.degree;
  if (reading && intention !== 'complaint' && intention !== 'invalid') {
    const best = INTENTIONS.map((k) => [k, p(`intention:${k}`)] as const).sort((a, b) => b[1] - a[1])[0];
    const weakRule = intentionLayer === 'default' || p(`intention:${intention}`) < MODEL_THRESHOLDS.intentionKeep;
    const silent = intentionLayer === 'default';
    if (
      best[0] !== intention &&
      best[0] !== 'invalid' &&
      weakRule &&
      (best[1] >= MODEL_THRESHOLDS.intention || (silent && best[1] >= MODEL_THRESHOLDS.intentionSilent))
    ) {
      intention = best[0];
      intentionLayer = layer;
      intentionEvidence = turnOf(`intention:${best[0]}`, 'customer');
      degree = Math.round(best[1] * 100);
    }
  }
  if (complaint.value) {
    if (intention !== 'complaint') {
      intentionLayer = complaint.layer;
      intentionEvidence = complaint.evidence;
    }
    intention = 'complaint';
    degree = 0;
  } else if (intention === 'complaint') intention = 'none';
  // A refusal after interest is no interest: 太贵了，我再考虑考虑，你别再打电话了 is 无意向 + 明确拒绝, not 一般意向.
  if (refusal.value && refusal.layer === 'rule' && (intention === 'general' || intention === 'strong')) {
    const refusedAt = Math.max(...refusal.evidence.map((e) => e.segment));
    const interestAt = Math.max(-1, ...intentionEvidence.map((e) => e.segment));
    const stopCalling = refusal.evidence.some((e) => STOP_CALLING.test(canon(e.quote ?? e.text)));
    if (refusedAt > interestAt || (refusedAt === interestAt && (stopCalling || intention === 'general'))) {
      intention = 'none';
      intentionLayer = 'rule';
      intentionEvidence = refusal.evidence;
      degree = Math.min(degree, 20);
    }
  }

  const tags: TagHit[] = [];
  if (refusal.value && intention === 'none')
    tags.push({
      tag: 1,
      evidence: refusal.evidence,
      layer: refusal.layer,
      score: refusal.score,
      pending: refusal.pending,
    });
  if (intention === 'complaint')
    tags.push({
      tag: 2,
      evidence: complaint.evidence,
      layer: complaint.layer,
      score: complaint.score,
      pending: complaint.pending,
    });
  if (intention === 'mismatch') tags.push({ tag: 3, evidence: intentionEvidence, layer: intentionLayer });

  const violationScores: Record<string, number> = {};
  const modelViolations: Violation[] = [];
  const ruled = new Set(ruleViolations.map((v) => v.rule));
  for (const name of MODEL_VIOLATIONS) {
    if (ruled.has(name)) {
      violationScores[name] = 1;
      continue;
    }
    // The call head and the act head of the agent's most telling turn: the stronger decides, with its evidence.
    const callScore = calibrate(p(`violation:${name}`), MODEL_THRESHOLDS.violation);
    const act = ACT_OF_VIOLATION[name];
    const turn = reading?.turn[`act:${act}`];
    const actScore =
      turn && segments[turn.seg] && actShows(name, segments[turn.seg].text)
        ? calibrate(turn.p, ACT_THRESHOLDS[act])
        : 0;
    const score = Math.max(callScore, actScore);
    violationScores[name] = score;
    if (!reading || score < 0.5) continue;
    if (name === '辱骂客户' && !rules.abuse) continue;
    const evidence =
      turn && actScore >= callScore ? segmentEvidence(segments, turn.seg) : turnOf(`violation:${name}`, 'agent');
    if (!evidence.length) continue;
    const d = decide(score, layer, evidence, t);
    const e = evidence[0];
    modelViolations.push({
      rule: name,
      kind: name === '辱骂客户' ? 'abuse' : 'model',
      text: e.text,
      segment: e.segment,
      startMs: e.startMs,
      speaker: e.speaker,
      layer,
      score: d.score,
      pending: d.pending,
      evidence,
    });
  }
  return {
    intention,
    intentionLayer,
    intentionEvidence,
    degree,
    tags,
    complaint:
      intention === 'complaint' || complaint.pending
        ? complaint
        : { ...complaint, value: false, pending: false, evidence: [] },
    refusal,
    modelViolations,
    violationScores,
  };
}
