import type { AppContext, Services } from '../../platform/context';
import { bigrams, dice, normalise } from './grams';

/**
 * The organisation's scripts as the assistant reads them: the agent-side items of the SOP rules that apply to the
 * seat and the lead (quality module's `sopRules`), each example sentence a line. An item with a precondition (the
 * customer said one of these words first) is the organisation's own answer to that concern.
 */
export interface ScriptLine {
  itemId: number;
  ruleName: string;
  itemName: string;
  sort: number;
  text: string;
  after: string[];
}

export async function scriptLines(
  ctx: AppContext,
  orgId: number,
  userId: number,
  clueId: number | null,
): Promise<ScriptLine[]> {
  const quality = (ctx.services as Partial<Services>).quality;
  if (!quality) return [];
  const rules = await quality.sopRules.applicable(orgId, userId, clueId);
  const out: ScriptLine[] = [];
  for (const r of rules)
    for (const item of r.compiled.rule.items) {
      if (item.speaker === 'customer') continue;
      for (const text of item.examples.slice(0, 3))
        out.push({
          itemId: item.id,
          ruleName: r.name,
          itemName: item.name,
          sort: item.sort,
          text,
          after: item.after?.keywords ?? [],
        });
    }
  return out;
}

export interface ScoredLine extends ScriptLine {
  score: number;
  why: string;
}

/**
 * Script lines for what the customer said: an item whose precondition words the sentence says scores 0.9; otherwise
 * the best similarity of the line to the sentence or to the replies good agents gave.
 */
export function linesForCustomer(lines: ScriptLine[], said: string, replies: string[]): ScoredLine[] {
  const norm = normalise(said);
  const q = new Set(bigrams(norm));
  const r = replies.map((t) => new Set(bigrams(normalise(t))));
  return lines
    .map((l) => {
      const g = bigrams(normalise(l.text));
      const trigger = l.after.find((k) => k && norm.includes(normalise(k)));
      if (trigger) return { ...l, score: 0.9, why: `客户提到「${trigger}」时的标准应答` };
      const sim = Math.max(dice(q, g), ...r.map((s) => dice(s, g)));
      return { ...l, score: sim, why: `相似度 ${Math.round(sim * 100)}%` };
    })
    .filter((l) => l.score >= 0.15)
    .sort((a, b) => b.score - a.score);
}

/** Script lines like a sentence of the seat's own (润色). */
export function linesLike(lines: ScriptLine[], sentence: string): ScoredLine[] {
  const q = new Set(bigrams(normalise(sentence)));
  return lines
    .map((l) => {
      const sim = dice(q, bigrams(normalise(l.text)));
      return { ...l, score: sim, why: `相似度 ${Math.round(sim * 100)}%` };
    })
    .filter((l) => l.score >= 0.2)
    .sort((a, b) => b.score - a.score);
}

/** The script's next step after the items a sentence matched (帮你谈 moves the conversation on). */
export function nextStep(lines: ScriptLine[], matched: ScoredLine[]): ScriptLine | undefined {
  const at = matched[0];
  if (!at) return undefined;
  return lines.filter((l) => l.ruleName === at.ruleName && l.sort > at.sort).sort((a, b) => a.sort - b.sort)[0];
}
