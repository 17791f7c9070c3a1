import type { Transcript } from '@crm/core';
import { connection } from './carrier';
import { churnRisk } from './churn';
import { decide, NO } from './decision';
import { DEFAULT_CHECKERS } from './defaults';
import { extractFields } from './fields';
import { conversationFigures } from './figures';
import { judgeIntention } from './intention';
import { extractKeywords } from './keywords';
import { combine, segmentEvidence } from './layers';
import { evidenceOf } from './match';
import { baseModel, readCall } from './model';
import { forModel } from './normalise';
import { summaryParts } from './parts';
import { speakersSwapped, swapSpeakers } from './roles';
import { summarise } from './summary';
import { type Clause, canon, prepare } from './text';
import type {
  AiLabelHit,
  AnalyseOptions,
  AnalysisResult,
  AnalysisRules,
  Checker,
  CustomTagHit,
  Evidence,
  Keyword,
  Layer,
  SummaryParts,
  Violation,
} from './types';
import { INTENTION_CODE } from './types';

/** Enough agent speech to judge the speech rate, and a call long enough to judge who talks too much. */
const MIN_RATE_TALK_MS = 10_000;
const MIN_SHARE_CALL_MS = 60_000;
/** The learned layer reads calls of at least this many sentences. */
const MIN_MODEL_SEGMENTS = 4;

function runCheckers(checkers: Checker[], input: Parameters<Checker['check']>[0]): Violation[] {
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const checker of checkers) {
    let found: Violation[];
    try {
      found = checker.check(input);
    } catch {
      // A checker plugged in by a later module must not take the analysis down with it.
      continue;
    }
    for (const v of found) {
      const key = `${v.rule}\u0000${v.segment}\u0000${v.text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(v);
    }
  }
  return out.sort((a, b) => a.startMs - b.startMs || a.segment - b.segment);
}

function customTags(rules: AnalysisRules, clauses: Clause[]): CustomTagHit[] {
  const out: CustomTagHit[] = [];
  for (const tag of rules.customTags) {
    const words = tag.keywords.map(canon).filter(Boolean);
    const evidence: Evidence[] = [];
    for (const c of clauses) {
      if (tag.speaker !== 'any' && c.speaker !== tag.speaker) continue;
      const word = words.find((w) => c.norm.includes(w));
      if (word) evidence.push(evidenceOf(c, word));
      if (evidence.length >= 3) break;
    }
    if (evidence.length) out.push({ id: tag.id, name: tag.name, evidence });
  }
  return out;
}

/** Where each keyword was said (its first two clauses). */
function withEvidence(keywords: Keyword[], clauses: Clause[]): Keyword[] {
  return keywords.map((k) => {
    const word = canon(k.word);
    const evidence: Evidence[] = [];
    for (const c of clauses) {
      if (!c.norm.includes(word)) continue;
      evidence.push(evidenceOf(c, k.word));
      if (evidence.length >= 2) break;
    }
    return { ...k, evidence };
  });
}

const EMPTY_PARTS: SummaryParts = {
  need: '',
  objections: [],
  agreed: '',
  nextStep: '',
  nextStepTime: null,
  evidence: [],
};

function abuseDecision(violations: Violation[], rules: AnalysisRules) {
  const hits = violations.filter((v) => v.kind === 'abuse');
  if (!hits.length) return NO;
  const byModel = hits.every((v) => v.layer && v.layer !== 'rule');
  if (byModel) return decide(hits[0].score ?? 0, hits[0].layer ?? 'model', hits[0].evidence ?? [], rules.thresholds);
  const evidence = hits.map(
    (v): Evidence => ({
      segment: v.segment,
      startMs: v.startMs,
      endMs: v.startMs,
      speaker: v.speaker,
      text: v.text,
      quote: v.text,
    }),
  );
  return decide(1, 'rule', evidence, rules.thresholds);
}

/**
 * Analyses one call: pure and synchronous, no network. Runs the default checkers (forbidden words, regex rules,
 * abuse) and the ones passed in.
 */
export function analyse(
  input: Transcript,
  rules: AnalysisRules,
  checkers: Checker[] = [],
  options: AnalyseOptions = {},
): AnalysisResult {
  // Layer 1: speaker roles checked from the content; a swapped call is read the right way round.
  const swapped = speakersSwapped(input);
  const transcript = swapped ? swapSpeakers(input) : input;
  const segments = transcript.segments;
  const { utterances, clauses } = prepare(segments);
  const verdict = connection(utterances);
  const figures = conversationFigures(segments, transcript.durationMs, clauses);
  // A checker passed in that is already a default one runs once.
  const all = [...new Set([...DEFAULT_CHECKERS, ...checkers])];
  const violations = runCheckers(all, { transcript, segments, rules });
  const custom = customTags(rules, clauses);

  let flags = 0;
  const agentRate = figures.agentCharsPerMinute;
  if (agentRate !== null && figures.agentTalkMs >= MIN_RATE_TALK_MS && agentRate > rules.thresholds.fastCharsPerMinute)
    flags |= 1;
  if (
    verdict.conversation &&
    figures.durationMs >= MIN_SHARE_CALL_MS &&
    figures.agentTalkRatio !== null &&
    figures.agentTalkRatio > rules.thresholds.talkTooMuchRatio
  )
    flags |= 2;
  if (violations.some((v) => v.kind === 'abuse')) flags |= 4;

  if (!verdict.conversation) {
    const announcement = verdict.segments.length ? segments[verdict.segments[0]].text : null;
    const evidence = verdict.segments.slice(0, 3).map((i) => ({
      segment: i,
      startMs: segments[i].startMs,
      endMs: segments[i].endMs,
      speaker: segments[i].speaker,
      text: segments[i].text,
    }));
    return {
      conversation: false,
      intention: null,
      intentionDegree: 0,
      intentionEvidence: [],
      intentionLayer: 'rule',
      tags: verdict.tag ? [{ tag: verdict.tag, evidence, layer: 'rule' }] : [],
      aiLabels: [5],
      aiLabelHits: [{ label: 5, layer: 'rule', evidence }],
      complaint: NO,
      abuse: abuseDecision(violations, rules),
      refusal: NO,
      speakersSwapped: swapped,
      customTags: custom,
      churnRisk: null,
      churnEvidence: [],
      potentialComplaint: false,
      risk: violations.length > 0,
      violations,
      flags,
      keywords: [],
      fields: [],
      summary: summarise({
        conversation: false,
        machine: false,
        carrierTag: verdict.tag,
        announcement,
        intention: null,
        stanceClause: null,
        clauses,
        keywords: [],
        fields: [],
      }),
      summaryParts: EMPTY_PARTS,
      figures,
    };
  }

  const judged = judgeIntention(clauses, verdict.machine, rules.intentionPhrases);
  const model = verdict.machine ? null : options.model === undefined ? baseModel() : options.model;
  const layer: Layer = model?.origin === 'org' ? 'orgModel' : 'model';
  // Too little said for the learned layer to weigh (its n-grams would read 我不是要投诉 as a complaint): rules alone.
  const reading =
    model && Object.keys(model.heads).length && segments.length >= MIN_MODEL_SEGMENTS
      ? readCall(
          model,
          segments.map((s, seg) => ({ seg, role: s.speaker, norm: forModel(s.text) })),
        )
      : null;
  const decided = combine(judged, violations, reading, layer, segments, rules);
  if (verdict.machine) {
    decided.intentionLayer = 'rule';
    decided.intentionEvidence = segmentEvidence(segments, verdict.segments[0]);
  }
  const allViolations = [...violations, ...decided.modelViolations].sort(
    (a, b) => a.startMs - b.startMs || a.segment - b.segment,
  );
  if (decided.modelViolations.some((v) => v.kind === 'abuse' && !v.pending)) flags |= 4;
  const complaint = decided.complaint;
  // Churn risk is about losing a customer: prospects (existingCustomer false) have none.
  const churn = verdict.machine || options.existingCustomer === false ? null : churnRisk(clauses, complaint.value);
  const spoken = segments
    .filter((_, i) => !verdict.segments.includes(i))
    .map((s) => s.text)
    .join('\n');
  const keywords = withEvidence(extractKeywords(spoken, rules.hotWords), clauses);
  const fields = verdict.machine ? [] : extractFields(rules.fields, clauses);
  const tagNumbers = decided.tags.map((t) => t.tag);
  const aiLabelHits: AiLabelHit[] = [];
  const intentionHit = { layer: decided.intentionLayer, evidence: decided.intentionEvidence };
  if (decided.intention === 'strong') aiLabelHits.push({ label: 1, ...intentionHit });
  if (decided.intention === 'general') aiLabelHits.push({ label: 2, ...intentionHit });
  if (tagNumbers.includes(1))
    aiLabelHits.push({ label: 3, layer: decided.refusal.layer, evidence: decided.refusal.evidence });
  if (decided.intention === 'complaint')
    aiLabelHits.push({ label: 4, layer: complaint.layer, evidence: complaint.evidence });
  if (!aiLabelHits.length) aiLabelHits.push({ label: 5, ...intentionHit });
  const churnValue = options.existingCustomer === false && !verdict.machine ? 0 : (churn?.risk ?? null);
  const potentialComplaint = decided.intention === 'complaint';
  const risk =
    allViolations.some((v) => !v.pending) ||
    potentialComplaint ||
    (churnValue !== null && churnValue >= rules.thresholds.churnRiskAlert);
  const parts = verdict.machine ? EMPTY_PARTS : summaryParts(clauses, decided.intention, decided.intentionEvidence);
  const machineSaid = verdict.machine && verdict.segments.length ? segments[verdict.segments[0]].text : null;
  return {
    conversation: true,
    intention: decided.intention,
    intentionDegree: decided.degree,
    intentionEvidence: decided.intentionEvidence,
    intentionLayer: decided.intentionLayer,
    tags: decided.tags,
    aiLabels: aiLabelHits.map((h) => h.label),
    aiLabelHits,
    complaint,
    abuse: abuseDecision(allViolations, rules),
    refusal: decided.refusal,
    speakersSwapped: swapped,
    customTags: custom,
    churnRisk: churnValue,
    churnEvidence: churn?.evidence ?? [],
    potentialComplaint,
    risk,
    violations: allViolations,
    flags,
    keywords,
    fields,
    summary: summarise({
      conversation: true,
      machine: verdict.machine,
      carrierTag: null,
      announcement: machineSaid,
      intention: decided.intention,
      stanceClause: decided.intentionEvidence[0]?.text ?? judged.stance,
      clauses,
      keywords,
      fields,
      parts,
    }),
    summaryParts: parts,
    figures,
  };
}

export { INTENTION_CODE };
