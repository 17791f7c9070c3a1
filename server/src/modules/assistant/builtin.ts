import { formatDateTime } from '@crm/core';
import type { SuggestionSource } from '@crm/core/contract/assistant';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { orgUsersByIds } from '../org';
import { type PairHit, pairRefKey, ratingsOf, retrievePairs } from './retrieve';
import { type LeadFacts, openingByRules, polishByRules } from './rules';
import { assistantPair } from './schema';
import { linesForCustomer, linesLike, nextStep, type ScoredLine, type ScriptLine } from './scripts';

/**
 * The built-in assistant (no model, no network): suggestions retrieved from the organisation's best calls and its
 * scripts, and the rule rewrites of rules.ts. Each suggestion says where it came from.
 */

export interface Draft {
  text: string;
  source: SuggestionSource;
  origin: string;
  refKey: string | null;
  recordingId: number | null;
  customerSaid: string | null;
  score: number;
}

export interface Question {
  type: 1 | 2 | 3 | 4;
  /** The customer's sentence (1, 4), the seat's (3), or notes on the customer (2, may be empty). */
  query: string;
  lead: LeadFacts | null;
  seatName: string;
  scripts: ScriptLine[];
}

export interface BuiltinAnswer {
  drafts: Draft[];
  note: string;
}

const SUGGESTIONS = 5;

export async function builtinAnswer(db: DbOrTx, orgId: number, q: Question): Promise<BuiltinAnswer> {
  if (q.type === 3) return polish(db, orgId, q);
  if (q.type === 2) return opening(db, orgId, q);
  return reply(db, orgId, q);
}

/** 帮你回 (1): what agents answered to the most similar sentences; 帮你谈 (4): the same, leaning on deals, and the next step. */
async function reply(db: DbOrTx, orgId: number, q: Question): Promise<BuiltinAnswer> {
  const negotiate = q.type === 4;
  const hits = await retrievePairs(db, orgId, q.query, {
    side: 'customer',
    limit: negotiate ? 3 : 4,
    outcomeShare: negotiate ? 0.6 : 0.25,
  });
  const drafts = await callDrafts(db, orgId, hits);
  const lines = await rankedLines(
    db,
    orgId,
    linesForCustomer(
      q.scripts,
      q.query,
      hits.map((h) => h.agentText),
    ),
  );
  drafts.push(...lines.slice(0, negotiate ? 1 : 2).map(scriptDraft));
  if (negotiate) {
    const next = nextStep(q.scripts, lines);
    if (next && !drafts.some((d) => d.text === next.text))
      drafts.push({
        ...scriptDraft({ ...next, score: 0.5, why: '' }),
        origin: `机构话术「${next.ruleName}」下一步：${next.itemName}`,
      });
  }
  const note = drafts.length
    ? `内置助手：从本机构成交或强意向的通话中，找到客户说过的相似的话，列出销售当时的回答${negotiate ? '（优先成交的通话，并给出话术的下一步）' : ''}；并匹配机构话术（SOP 例句）。未使用大模型。`
    : '内置助手：机构的优秀通话和话术中暂无与这句话相似的内容。通话分析越多，建议越多；配置大模型后可直接生成。';
  return { drafts: drafts.slice(0, SUGGESTIONS), note };
}

/** 润色 (3): the rule rewrite, then better-rated agent sentences like it and script lines like it. */
async function polish(db: DbOrTx, orgId: number, q: Question): Promise<BuiltinAnswer> {
  const drafts: Draft[] = [];
  const ruled = polishByRules(q.query);
  if (ruled.text && ruled.applied.length)
    drafts.push({
      text: ruled.text,
      source: 'rule',
      origin: `内置改写：${ruled.applied.join('、')}`,
      refKey: null,
      recordingId: null,
      customerSaid: null,
      score: 0.5,
    });
  const hits = await retrievePairs(db, orgId, q.query, { side: 'reply', limit: 3, outcomeShare: 0.4 });
  drafts.push(...(await callDrafts(db, orgId, hits)));
  drafts.push(...(await rankedLines(db, orgId, linesLike(q.scripts, q.query))).slice(0, 2).map(scriptDraft));
  return {
    drafts: drafts.slice(0, SUGGESTIONS),
    note: '内置润色只做规则改写（去掉口头语、你→您、替换生硬说法、补全标点），并列出优秀通话里销售说过的相似说法和机构话术；不会改写句意。配置大模型后可真正改写。',
  };
}

/** 开场白 (2): the template from the lead's facts, the openings of the best calls, the script's opening items. */
async function opening(db: DbOrTx, orgId: number, q: Question): Promise<BuiltinAnswer> {
  const drafts: Draft[] = [
    {
      text: openingByRules(q.lead, q.seatName, q.query || undefined),
      source: 'rule',
      origin: q.lead?.name
        ? `内置模板：按客户「${q.lead.name}」的信息和跟进阶段生成`
        : '内置模板：按输入的客户情况生成',
      refKey: null,
      recordingId: null,
      customerSaid: null,
      score: 0.6,
    },
  ];
  const similar = q.query
    ? await retrievePairs(db, orgId, q.query, { side: 'reply', limit: 2, outcomeShare: 0.5 })
    : [];
  const hits = similar.length ? similar : await bestOpenings(db, orgId, 2);
  drafts.push(...(await callDrafts(db, orgId, hits)));
  const first = q.scripts.filter((l) => /开场|问候|自我介绍/.test(l.itemName));
  const lines = first.length ? first : q.scripts.filter((l) => l.sort === Math.min(...q.scripts.map((x) => x.sort)));
  drafts.push(...lines.slice(0, 2).map((l) => scriptDraft({ ...l, score: 0.5, why: '开场环节' })));
  return {
    drafts: drafts.slice(0, SUGGESTIONS),
    note: '内置开场白：按客户信息套用模板，并列出成交或强意向通话中销售的开场和机构话术的开场环节。未使用大模型。',
  };
}

/** The first answers of the agents in the organisation's best calls (their openings). */
async function bestOpenings(db: DbOrTx, orgId: number, limit: number): Promise<PairHit[]> {
  const rows = await db
    .select()
    .from(assistantPair)
    .where(and(eq(assistantPair.organizationId, orgId), lte(assistantPair.segmentIndex, 2)))
    .orderBy(desc(assistantPair.weight), desc(assistantPair.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    deal: r.deal === 1,
    similarity: 1,
    score: r.weight,
    refKey: pairRefKey(r.recordingId, r.segmentIndex),
  }));
}

const outcomeName = (h: PairHit) => (h.deal ? '已成交' : h.intention === 1 ? '强意向' : '一般意向');

async function callDrafts(db: DbOrTx, orgId: number, hits: PairHit[]): Promise<Draft[]> {
  const names = await orgUsersByIds(
    db,
    orgId,
    hits.flatMap((h) => (h.ownerUserId ? [h.ownerUserId] : [])),
  );
  return hits.map((h) => {
    const who = (h.ownerUserId && names.get(h.ownerUserId)?.realName) || '销售';
    const when = formatDateTime(h.callAt)?.slice(0, 10) ?? '';
    return {
      text: h.agentText,
      source: 'call',
      origin: `${when} ${who}的通话（${outcomeName(h)}）· 相似度 ${Math.round(h.similarity * 100)}%`,
      refKey: h.refKey,
      recordingId: h.recordingId,
      customerSaid: h.customerText,
      score: Math.round(h.score * 1000) / 1000,
    };
  });
}

const scriptRef = (l: ScriptLine) => `script:${l.itemId}:${l.text.slice(0, 40)}`;

/** Script lines re-ranked by the ratings their suggestions received. */
async function rankedLines(db: DbOrTx, orgId: number, lines: ScoredLine[]): Promise<ScoredLine[]> {
  const ranks = await ratingsOf(db, orgId, lines.slice(0, 20).map(scriptRef));
  return lines
    .map((l) => ({ ...l, score: l.score * (ranks.get(scriptRef(l)) ?? 1) }))
    .sort((a, b) => b.score - a.score);
}

function scriptDraft(l: ScoredLine): Draft {
  return {
    text: l.text,
    source: 'script',
    origin: `机构话术「${l.ruleName}」· ${l.itemName}${l.why ? `（${l.why}）` : ''}`,
    refKey: scriptRef(l),
    recordingId: null,
    customerSaid: null,
    score: Math.round(l.score * 1000) / 1000,
  };
}
