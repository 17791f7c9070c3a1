import type { Transcript } from '@crm/core';
import { connection } from './carrier';
import { churnRisk } from './churn';
import { DEFAULT_CHECKERS } from './defaults';
import { extractFields } from './fields';
import { conversationFigures } from './figures';
import { judgeIntention } from './intention';
import { extractKeywords } from './keywords';
import { evidenceOf } from './match';
import { summarise } from './summary';
import { type Clause, canon, prepare } from './text';
import type { AnalysisResult, AnalysisRules, Checker, CustomTagHit, Evidence, Violation } from './types';
import { INTENTION_CODE } from './types';

/** Enough agent speech to judge the speech rate, and a call long enough to judge who talks too much. */
const MIN_RATE_TALK_MS = 10_000;
const MIN_SHARE_CALL_MS = 60_000;

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

/**
 * Analyses one call: pure and synchronous, no network. Runs the default checkers (forbidden words, regex rules,
 * abuse) and the ones passed in.
 */
export function analyse(transcript: Transcript, rules: AnalysisRules, checkers: Checker[] = []): AnalysisResult {
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
      tags: verdict.tag ? [{ tag: verdict.tag, evidence }] : [],
      aiLabels: [5],
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
      figures,
    };
  }

  const judged = judgeIntention(clauses, verdict.machine, rules.intentionPhrases);
  const churn = verdict.machine ? null : churnRisk(clauses, judged.potentialComplaint);
  const spoken = segments
    .filter((_, i) => !verdict.segments.includes(i))
    .map((s) => s.text)
    .join('\n');
  const keywords = extractKeywords(spoken, rules.hotWords);
  const fields = verdict.machine ? [] : extractFields(rules.fields, clauses);
  const tagNumbers = judged.tags.map((t) => t.tag);
  const aiLabels: number[] = [];
  if (judged.intention === 'strong') aiLabels.push(1);
  if (judged.intention === 'general') aiLabels.push(2);
  if (tagNumbers.includes(1)) aiLabels.push(3);
  if (judged.potentialComplaint) aiLabels.push(4);
  if (!aiLabels.length) aiLabels.push(5);
  const churnValue = churn?.risk ?? null;
  const risk =
    violations.length > 0 ||
    judged.potentialComplaint ||
    (churnValue !== null && churnValue >= rules.thresholds.churnRiskAlert);
  const machineSaid = verdict.machine && verdict.segments.length ? segments[verdict.segments[0]].text : null;
  return {
    conversation: true,
    intention: judged.intention,
    intentionDegree: judged.degree,
    intentionEvidence: judged.evidence,
    tags: judged.tags,
    aiLabels,
    customTags: custom,
    churnRisk: churnValue,
    churnEvidence: churn?.evidence ?? [],
    potentialComplaint: judged.potentialComplaint,
    risk,
    violations,
    flags,
    keywords,
    fields,
    summary: summarise({
      conversation: true,
      machine: verdict.machine,
      carrierTag: null,
      announcement: machineSaid,
      intention: judged.intention,
      stanceClause: judged.stance,
      clauses,
      keywords,
      fields,
    }),
    figures,
  };
}

export { INTENTION_CODE };
