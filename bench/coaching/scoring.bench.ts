// Practice scoring (coaching.<split>.scoring.precision / .recall): the review's scorer (server/src/modules/practice/
// scoring.ts: quality's SOP matcher and the analyser's word checker) on the hand-marked practice transcripts of
// eval/ (train, dev; holdout once the scorer is final), each (session, scoring point) a decision against its label.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scoreConversation } from '../../server/src/modules/practice/scoring';
import type { SopItemSpec } from '../../server/src/modules/quality';
import { report } from '../report';
import { SCRIPTS } from './points';

interface Session {
  id: string;
  script: string;
  turns: { role: 'agent' | 'customer'; text: string }[];
  labels: Record<string, { hit: boolean }>;
}

const EVAL = join(import.meta.dirname, 'eval');

export function loadSplit(split: string): Session[] {
  const file = join(EVAL, split, 'sessions.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Session);
}

/** The scorer's decision per scoring point of one session (normal points: done; forbidden: said). */
export function decide(s: Session): Map<string, boolean> {
  const script = SCRIPTS[s.script];
  const ids = Object.keys(script.points);
  const sop = new Map<number, SopItemSpec>(
    ids.map((id, i) => {
      const p = script.points[id];
      return [
        i + 1,
        {
          id: i + 1,
          name: id,
          sort: i,
          keywords: p.keywords,
          examples: p.examples,
          regex: p.regex,
          speaker: 'agent',
          ...(p.after ? { after: p.after } : {}),
        },
      ];
    }),
  );
  const review = scoreConversation(
    {
      stages: ['opening', 'needs', 'product', 'price', 'objection', 'close'],
      scoringPoints: ids.map((id, i) => ({
        name: id,
        stage: script.points[id].stage,
        sopItemId: i + 1,
        keywords: [],
        score: script.points[id].score,
      })),
      forbiddenWords: Object.values(script.forbidden).flat(),
      passScore: script.passScore,
    },
    s.turns.map((t) => ({ speaker: t.role, text: t.text, stage: null })),
    sop,
  );
  const out = new Map<string, boolean>(review.points.map((p) => [p.name, p.hit]));
  for (const id of Object.keys(script.forbidden)) out.set(id, review.forbidden.length > 0);
  return out;
}

export function figures(sessions: Session[]) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const s of sessions) {
    const got = decide(s);
    for (const [id, label] of Object.entries(s.labels)) {
      const hit = got.get(id) ?? false;
      if (hit && label.hit) tp++;
      else if (hit) fp++;
      else if (label.hit) fn++;
    }
  }
  return { precision: tp / Math.max(1, tp + fp), recall: tp / Math.max(1, tp + fn), decisions: tp + fp + fn };
}

export default function scoringBench(): void {
  for (const split of ['train', 'dev', 'holdout']) {
    const sessions = loadSplit(split);
    if (!sessions.length) continue;
    const f = figures(sessions);
    report('coaching', `${split}.scoring.precision`, f.precision, 'ratio');
    report('coaching', `${split}.scoring.recall`, f.recall, 'ratio');
    report('coaching', `${split}.scoring.sessions`, sessions.length, 'sessions');
  }
}
