/**
 * A template's practice scripts land in the practice module's scripts (/chatScript), through its public face with the
 * applying user's session. A template script (scene, customer, opening line, points the seat should make) becomes a
 * script whose customer is the template's persona raising the opening line as an objection, with one scoring point
 * per point (its stage where the agent's cues of the practice module place it, else 异议处理; its keywords jieba's
 * words of the point), the industry's forbidden words, and 60 to pass.
 */
import { contract } from '@crm/core/contract';
import { PRACTICE_STAGES, type PracticeStage } from '@crm/core/contract/practice';
import type { Db } from '../../../platform/db';
import type { Session } from '../../../platform/session';
import { agentStage, deleteScripts, saveScript, scriptDetail, scriptsByName, updateScript } from '../../practice';
import { words } from '../tokens';
import { TEMPLATES } from './industries';
import { type Target, tolerant } from './targets';
import type { TemplateData } from './types';

type Script = TemplateData['scripts'][number];
type ScriptInput = ReturnType<typeof contract.chatScript.save.body.parse>;

const POINT_SCORE = 100;
const PASS_SCORE = 60;

/** Up to 5 words of two characters or more: what the seat is heard saying when the point is made. */
const keywordsOf = (point: string) =>
  [...new Set(words(point).filter((w) => w.length >= 2 && point.includes(w)))].slice(0, 5);

/** The practice script input of a template script. */
export function scriptInput(t: TemplateData, sc: Script): ScriptInput {
  const share = Math.floor(POINT_SCORE / Math.max(1, sc.points.length));
  const points = sc.points.map((name, i) => ({
    name: name.slice(0, 50),
    stage: agentStage(name) ?? ('objection' as PracticeStage),
    sopItemId: null,
    keywords: keywordsOf(name).length ? keywordsOf(name) : [name.slice(0, 50)],
    score: share + (i === 0 ? POINT_SCORE - share * sc.points.length : 0),
  }));
  const used = new Set<PracticeStage>(['opening', 'objection', ...points.map((p) => p.stage)]);
  return contract.chatScript.save.body.parse({
    name: sc.name,
    description: `${sc.scene}（行业模板：${t.name}）`.slice(0, 500),
    persona: {
      industry: t.name.slice(0, 50),
      needs: sc.persona.slice(0, 500),
      objections: [sc.opening.slice(0, 50)],
    },
    stages: PRACTICE_STAGES.filter((st) => used.has(st)),
    scoringPoints: points,
    forbiddenWords: [...new Set(t.words.flatMap((w) => w.words))].slice(0, 100),
    passScore: PASS_SCORE,
  });
}

export function scriptsTarget(db: Db): Target<Script> {
  return {
    items: (t) => t.scripts,
    nameOf: (i) => i.name,
    summaryOf: (i) => `${i.scene}；客户：${i.persona}`,
    async existing(s) {
      const rows = await scriptsByName(db, s.orgId);
      return new Map([...rows.values()].map((r) => [r.name, { id: r.id, have: r.scoringPoints.map((p) => p.name) }]));
    },
    create: async (s, i, t) => (await saveScript(db, s, scriptInput(t, i))).id,
    /** Adds the template's scoring points the script lacks (by name); the earlier script is kept for undo. */
    async merge(s: Session, i, have) {
      const t = TEMPLATES.find((x) => x.scripts.includes(i));
      if (!t) return null;
      const want = scriptInput(t, i);
      const add = want.scoringPoints.filter((p) => !have.have.includes(p.name));
      if (!add.length) return null;
      const before = await scriptDetail(db, s, have.id);
      const kept = before.scoringPoints.map(({ sopItemName: _n, ...p }) => p);
      const points = [...kept, ...add].slice(0, 30);
      if (points.length === kept.length) return null;
      const stages = PRACTICE_STAGES.filter((st) => before.stages.includes(st) || points.some((p) => p.stage === st));
      await updateScript(db, s, contract.chatScript.update.body.parse({ ...before, stages, scoringPoints: points }));
      return { ...before, scoringPoints: kept };
    },
    remove: (s, id) => tolerant(deleteScripts(db, s, { ids: [id] })),
    restore: (s, id, before) =>
      tolerant(updateScript(db, s, contract.chatScript.update.body.parse({ ...(before as object), id }))),
  };
}
