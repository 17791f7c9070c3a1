import type { Transcript } from '@crm/core';
import type { CardKind, GuidanceSpeaker } from '@crm/core/contract/guidance';
import { type Checker, customerConcern, DEFAULT_CHECKERS, DEFAULT_RULES } from '../../lib/analyser';
import type { AppContext } from '../../platform/context';
import { retrievePairs } from '../assistant';
import { searchPassages } from '../knowledge';
import { matchSop } from '../quality';
import type { CardSourceSpec } from './schema';

/**
 * The checks of one finished sentence, each by the part of the product that already knows how:
 *   a customer's objection or question (the analyser's concern patterns) → the knowledge base's best passages
 *     (knowledge search) and the organisation's best-call replies to similar sentences (the assistant's retrieval);
 *   an agent's sentence → forbidden words, regex rules, risky promises and pressure (the analyser's checkers with the
 *     organisation's rules, and quality's checkers), and the SOP (quality's matcher): a step done moves the
 *     guidance on to the next step not yet done.
 */

export interface CardDraft {
  kind: CardKind;
  title: string;
  content: string;
  sources: CardSourceSpec[];
}

export interface SentenceInput {
  orgId: number;
  userId: number;
  speaker: GuidanceSpeaker;
  text: string;
  /** The agent's earlier sentences of the session (for the SOP), oldest first. */
  agentSoFar: string[];
  sopRuleId: number | null;
  sopDone: number[];
}

export interface CheckResult {
  cards: CardDraft[];
  /** The SOP items done after this sentence (unchanged for a customer's). */
  sopDone: number[];
}

const KNOWLEDGE_LIMIT = 2;
const REPLY_LIMIT = 3;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export class SentenceChecker {
  constructor(private readonly ctx: AppContext) {}

  async check(s: SentenceInput): Promise<CheckResult> {
    if (s.speaker === 'customer') {
      const card = await this.answerCard(s);
      return { cards: card ? [card] : [], sopDone: s.sopDone };
    }
    const [warnings, sop] = await Promise.all([this.warnings(s), this.sopStep(s)]);
    return { cards: [...warnings, ...(sop.card ? [sop.card] : [])], sopDone: sop.done };
  }

  /** Loads (and compiles) the organisation's rules before its first sentence needs them. */
  async warm(orgId: number): Promise<void> {
    await Promise.all([
      this.ctx.services.aiSetting?.rulesFor(orgId),
      this.ctx.services.quality?.rules.checkersFor(orgId),
      this.ctx.services.quality?.sopRules.rulesOf(orgId),
    ]);
  }

  private async answerCard(s: SentenceInput): Promise<CardDraft | null> {
    const concern = customerConcern(s.text);
    if (!concern) return null;
    const [found, replies] = await Promise.all([
      searchPassages(this.ctx.db, { orgId: s.orgId, userId: s.userId }, s.text, { limit: KNOWLEDGE_LIMIT }),
      retrievePairs(this.ctx.db, s.orgId, s.text, { side: 'customer', limit: REPLY_LIMIT, outcomeShare: 0.5 }),
    ]);
    const sources: CardSourceSpec[] = [
      ...found.passages.map((p) => ({
        type: 'knowledge' as const,
        title: p.title,
        text: clip(p.text, 400),
        refId: p.id,
      })),
      ...replies.map((r) => ({
        type: 'call' as const,
        title: `优秀通话回复${r.deal ? '（已成交）' : ''}`,
        text: clip(r.agentText, 200),
        refId: r.recordingId,
      })),
    ];
    if (!sources.length) return null;
    return {
      kind: 'answer',
      title: `${concern === 'objection' ? '客户异议' : '客户提问'}：${clip(s.text, 40)}`,
      content: sources[0].text,
      sources,
    };
  }

  private async warnings(s: SentenceInput): Promise<CardDraft[]> {
    const transcript: Transcript = {
      durationMs: 0,
      segments: [{ speaker: 'agent', startMs: 0, endMs: 0, text: s.text }],
    };
    const [rules, qualityCheckers] = await Promise.all([
      this.ctx.services.aiSetting?.rulesFor(s.orgId) ?? DEFAULT_RULES,
      this.ctx.services.quality?.rules.checkersFor(s.orgId) ?? ([] as Checker[]),
    ]);
    const seen = new Set<string>();
    const cards: CardDraft[] = [];
    for (const checker of [...DEFAULT_CHECKERS, ...qualityCheckers])
      for (const v of checker.check({ transcript, segments: transcript.segments, rules })) {
        if (v.speaker !== 'agent' || seen.has(`${v.rule}|${v.text}`)) continue;
        seen.add(`${v.rule}|${v.text}`);
        cards.push({
          kind: 'warning',
          title: `${v.rule}：「${clip(v.text, 20)}」`,
          content: `刚才的话触发了「${v.rule}」（${v.text}），请注意措辞，不要做无法兑现的承诺。`,
          sources: [{ type: 'rule', title: v.rule, text: v.text, refId: v.ruleId ?? null }],
        });
      }
    return cards;
  }

  /** The SOP items the agent has covered so far; when this sentence covers a new one, the next step's card. */
  private async sopStep(s: SentenceInput): Promise<{ done: number[]; card: CardDraft | null }> {
    if (!s.sopRuleId) return { done: s.sopDone, card: null };
    const rule = (await this.ctx.services.quality.sopRules.rulesOf(s.orgId)).find((r) => r.id === s.sopRuleId);
    if (!rule) return { done: s.sopDone, card: null };
    const lines = [...s.agentSoFar, s.text];
    const result = matchSop(
      {
        durationMs: lines.length * 4000,
        segments: lines.map((text, i) => ({ speaker: 'agent', startMs: i * 4000, endMs: i * 4000 + 3500, text })),
      },
      rule.compiled,
    );
    const done = [...new Set([...s.sopDone, ...result.items.filter((i) => i.hit).map((i) => i.itemId)])];
    if (done.length === s.sopDone.length) return { done, card: null };
    const items = [...rule.compiled.rule.items].sort((a, b) => a.sort - b.sort);
    const next = items.find((i) => !done.includes(i.id));
    if (!next) return { done, card: null };
    const example = next.examples.find((e) => e.trim());
    const words = next.keywords.slice(0, 4);
    return {
      done,
      card: {
        kind: 'sop',
        title: `下一步：${next.name}`,
        content: example
          ? `可以这样说：${example}`
          : `接下来完成「${next.name}」${words.length ? `，可以说到：${words.map((w) => `「${w}」`).join('、')}` : ''}`,
        sources: [{ type: 'sop', title: rule.name, text: next.name, refId: next.id }],
      },
    };
  }
}

/** The SOP progress of a session: the rule's items in order, done or not. */
export async function sopProgress(ctx: AppContext, orgId: number, ruleId: number | null, done: number[]) {
  const rule = ruleId ? (await ctx.services.quality.sopRules.rulesOf(orgId)).find((r) => r.id === ruleId) : undefined;
  if (!rule) return { ruleName: null, items: [] };
  return {
    ruleName: rule.name,
    items: [...rule.compiled.rule.items]
      .sort((a, b) => a.sort - b.sort)
      .map((i) => ({ id: i.id, name: i.name, done: done.includes(i.id) })),
  };
}
