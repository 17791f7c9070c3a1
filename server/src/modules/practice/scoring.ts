import type { Transcript } from '@crm/core';
import { type PracticeStage, PracticeStageName } from '@crm/core/contract/practice';
import { compileSop, matchSop, type SopItemSpec } from '../quality';
import { forbiddenSaid } from './forbidden';
import { classPatterns } from './meaningClasses';
import { kindPatterns, withConcerns } from './pointKinds';
import type { ScoringPointSpec } from './schema';

/**
 * The review of a practice conversation, pure: each scoring point judged by the SOP matcher that checks real calls
 * (quality's `matchSop`, the point's SOP item as the organisation wrote it plus the point's own keywords), forbidden
 * words by the analyser's word checker, the total against the pass line.
 */

export interface Line {
  speaker: 'agent' | 'customer';
  text: string;
  stage: string | null;
}

export interface ScriptForScoring {
  stages: PracticeStage[];
  scoringPoints: ScoringPointSpec[];
  forbiddenWords: string[];
  passScore: number;
}

/** Points taken for every forbidden word said. */
export const FORBIDDEN_PENALTY = 5;

export function transcriptOf(lines: Line[]): Transcript {
  const segments = lines.map((l, i) => ({
    speaker: l.speaker,
    startMs: i * 4000,
    endMs: i * 4000 + 3500,
    text: l.text,
  }));
  return { durationMs: lines.length * 4000, segments };
}

const escapeRegex = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A point's words said under a negation in the same clause (不用写在健康告知里, 没必要做风险测评): the sentence does not
 * earn the point. Only the negations that waive a step (不用, 不必, 没必要, 无需, 不需要, 用不着), not 不能 or 别 (不能隐瞒,
 * 别担心 are the point done well).
 */
export function negationOf(keywords: string[]): string | null {
  const words = keywords.filter((k) => k.trim().length > 1).map(escapeRegex);
  if (!words.length) return null;
  return `(不用|不必|没必要|无需|不需要|用不着)[^，。！？,.!?]{0,6}(${words.join('|')})`;
}

/** The matcher's item of a scoring point: its SOP item (when it has one) with the point's keywords added. */
export function pointSpec(p: ScoringPointSpec, index: number, sop: SopItemSpec | undefined): SopItemSpec {
  const base: SopItemSpec = sop ?? {
    id: 0,
    name: p.name,
    sort: 0,
    keywords: [],
    examples: [],
    regex: [],
    speaker: 'agent',
  };
  const keywords = [...new Set([...base.keywords, ...p.keywords])];
  const negated = negationOf(keywords);
  const after = withConcerns(base.after);
  return {
    ...base,
    id: index + 1,
    name: p.name,
    sort: index,
    keywords,
    regex: [...new Set([...base.regex, ...kindPatterns({ keywords, regex: base.regex }), ...classPatterns(keywords)])],
    ...(after ? { after } : {}),
    ...(negated
      ? { unless: { keywords: base.unless?.keywords ?? [], regex: [...(base.unless?.regex ?? []), negated] } }
      : {}),
    // a practice line is the seat's: an item either side may say is still judged on the seat's words here
    speaker: 'agent',
  };
}

function suggestionOf(p: ScoringPointSpec, sop: SopItemSpec | undefined): string {
  const example = sop?.examples.find((e) => e.trim());
  if (example) return `可以这样说：${example}`;
  const words = [...new Set([...(sop?.keywords ?? []), ...p.keywords])].slice(0, 4);
  return `${PracticeStageName[p.stage] ?? ''}阶段没有做到「${p.name}」，可以在话术中说到：${words.map((w) => `「${w}」`).join('、')}`;
}

export function scoreConversation(script: ScriptForScoring, lines: Line[], sopItems: Map<number, SopItemSpec>) {
  const transcript = transcriptOf(lines);
  const specs = script.scoringPoints.map((p, i) =>
    pointSpec(p, i, p.sopItemId ? sopItems.get(p.sopItemId) : undefined),
  );
  const result = matchSop(transcript, compileSop({ id: 0, name: 'practice', items: specs }));
  const byId = new Map(result.items.map((r) => [r.itemId, r]));
  const points = script.scoringPoints.map((p, i) => {
    const r = byId.get(i + 1);
    const hit = Boolean(r?.hit);
    const sop = p.sopItemId ? sopItems.get(p.sopItemId) : undefined;
    return {
      name: p.name,
      stage: p.stage,
      stageName: PracticeStageName[p.stage] ?? p.stage,
      score: p.score,
      earned: hit ? p.score : 0,
      hit,
      how: r?.how ?? null,
      evidence: r?.evidence?.text ?? null,
      suggestion: hit ? null : suggestionOf(p, sop),
    };
  });
  const violations = forbiddenSaid(transcript, script.forbiddenWords);
  const forbidden = violations.map((v) => ({
    word: v.text,
    sentence: transcript.segments[v.segment]?.text ?? '',
    penalty: FORBIDDEN_PENALTY,
  }));
  const fullScore = points.reduce((s, p) => s + p.score, 0);
  const earned = points.reduce((s, p) => s + p.earned, 0);
  const penalty = forbidden.reduce((s, f) => s + f.penalty, 0);
  const totalScore = Math.max(0, Math.min(100, Math.round((fullScore ? (earned / fullScore) * 100 : 0) - penalty)));
  const reachedStages = new Set(lines.map((l) => l.stage));
  const stages = script.stages.map((stage) => {
    const of = points.filter((p) => p.stage === stage);
    return {
      stage,
      stageName: PracticeStageName[stage] ?? stage,
      score: of.reduce((s, p) => s + p.score, 0),
      earned: of.reduce((s, p) => s + p.earned, 0),
      reached: reachedStages.has(stage),
    };
  });
  return { points, stages, forbidden, fullScore, totalScore, passed: totalScore >= script.passScore };
}
