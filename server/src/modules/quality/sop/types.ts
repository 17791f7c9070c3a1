import type { Evidence } from '../../../lib/analyser/types';

/**
 * An SOP rule as the matcher sees it: an ordered script of items, each found in a call by keywords, example
 * sentences (similarity) or regular expressions, in the sentences of one side of the call.
 */
export interface SopItemSpec {
  id: number;
  name: string;
  /** Position in the script: the order the items are expected in. */
  sort: number;
  keywords: string[];
  examples: string[];
  regex: string[];
  speaker: 'agent' | 'customer' | 'any';
  /**
   * A precondition (optional): the item counts only in a sentence said within AFTER_WINDOW segments after a
   * sentence of the other side that says one of these keywords or matches one of these patterns. Objection
   * handling is an answer to a concern: without the concern, the same reassuring words are not objection handling.
   */
  after?: SopTrigger;
  /**
   * Sentences that do not count for the item however they match (optional): a follow-up said about the past
   * (上次给您发的资料) is no follow-up agreed.
   */
  unless?: SopTrigger;
}

export interface SopTrigger {
  keywords: string[];
  regex: string[];
}

export interface SopRuleSpec {
  id: number;
  name: string;
  items: SopItemSpec[];
}

/** How an item was found: by a keyword, by similarity to an example sentence, by a regular expression, or by the LLM. */
export type SopHow = 'keyword' | 'example' | 'regex' | 'llm';

export interface SopItemResult {
  itemId: number;
  name: string;
  hit: boolean;
  /** The first sentence that covered the item. */
  evidence: Evidence | null;
  how: SopHow | null;
  /** 1 for a keyword or regex; the similarity (0..1) for an example; 0 for a miss. */
  score: number;
}

export interface SopResult {
  ruleId: number;
  /** One per item, in script order. */
  items: SopItemResult[];
  /** Ids of the covered items in the order they were first covered. */
  order: number[];
  /** True when the covered items came in script order. */
  inOrder: boolean;
  /** Share of the items covered, 0..1 (0 for a rule without items). */
  coverage: number;
}

export interface SopOptions {
  /** Similarity at or above which a sentence counts as saying an example (default EXAMPLE_THRESHOLD). */
  exampleThreshold?: number;
}
