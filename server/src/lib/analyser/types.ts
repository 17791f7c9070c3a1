import type { Speaker, Transcript, TranscriptSegment } from '@crm/core';

/**
 * The analyser's input and output. The built-in analyser (lexicons, rules, jieba) and the LLM step both produce an
 * AnalysisResult; the pipeline stores it, the call detail shows it, the list filters by it.
 */

/** Intention labels of the spec, as the CLI prints them; INTENTION_CODE maps them to the core numbers 1-6. */
export type IntentionKey = 'strong' | 'general' | 'none' | 'mismatch' | 'complaint' | 'invalid';
export const INTENTION_CODE: Record<IntentionKey, number> = {
  strong: 1,
  general: 2,
  none: 3,
  mismatch: 4,
  complaint: 5,
  invalid: 6,
};

/** A sentence that supports a result: which segment, when, who, and the words that matched (when a rule matched). */
export interface Evidence {
  segment: number;
  startMs: number;
  endMs: number;
  speaker: Speaker;
  text: string;
  match?: string;
}

/** One rule broken in one sentence. `kind` names the checker: 'word', 'regex', 'abuse', later 'quality', 'sop'. */
export interface Violation {
  rule: string;
  ruleId?: number;
  kind: string;
  /** The words that broke the rule. */
  text: string;
  segment: number;
  startMs: number;
  speaker: Speaker;
}

/** Conversation figures from the transcript (times in ms; rates in characters per minute). */
export interface ConversationFigures {
  durationMs: number;
  agentTalkMs: number;
  customerTalkMs: number;
  /** The agent's share of talk time, 0..1; null when nobody spoke. */
  agentTalkRatio: number | null;
  longestMonologueMs: number;
  longestMonologueSpeaker: Speaker | null;
  agentCharsPerMinute: number | null;
  customerCharsPerMinute: number | null;
  /** A speaker starting before the other finished. */
  interruptions: number;
  /** Gaps of more than 3 s where nobody speaks. */
  silencesOver3s: number;
  longestSilenceMs: number;
  agentQuestions: number;
  customerQuestions: number;
  agentTurns: number;
  customerTurns: number;
  /** Customer sentiment, -1 (negative) .. 1 (positive), and its label. */
  customerSentiment: number;
  customerSentimentLabel: 'positive' | 'neutral' | 'negative';
}

export interface Keyword {
  word: string;
  weight: number;
  count: number;
  /** One of the organisation's hot words. */
  hot: boolean;
}

/** A value the AI filled for one of the organisation's AI fields (budget, decision maker, objections, next step …). */
export interface FieldValue {
  key: string;
  name: string;
  value: string;
  evidence: Evidence[];
}

export interface TagHit {
  /** Call tag 1-10 (CallTag of @crm/core). */
  tag: number;
  evidence: Evidence[];
}

export interface CustomTagHit {
  id: number;
  name: string;
  evidence: Evidence[];
}

export interface AnalysisResult {
  /** False when no conversation took place (a carrier announcement, nobody answered): intention is then null. */
  conversation: boolean;
  intention: IntentionKey | null;
  /** How strong the intention is, 0-100. */
  intentionDegree: number;
  intentionEvidence: Evidence[];
  tags: TagHit[];
  /** AI labels 1-5 (AiLabel of @crm/core). */
  aiLabels: number[];
  customTags: CustomTagHit[];
  /** 0-100, or null when there was no conversation. */
  churnRisk: number | null;
  churnEvidence: Evidence[];
  potentialComplaint: boolean;
  /** Risk of the spec: true when a violation, a potential complaint or a churn risk over the threshold was found. */
  risk: boolean;
  violations: Violation[];
  /** Performance flags, bit mask: 1 speaking too fast, 2 talking too much, 4 abusing the customer. */
  flags: number;
  keywords: Keyword[];
  fields: FieldValue[];
  summary: string;
  figures: ConversationFigures;
}

/** A forbidden-words rule: any of its words said by the agent breaks it. */
export interface WordRule {
  id?: number;
  name: string;
  words: string[];
}

/** A regular-expression rule over the agent's sentences. */
export interface RegexRule {
  id?: number;
  name: string;
  pattern: string;
  flags?: string;
}

/** An organisation's own AI tag: hit when one of its keywords is said (by whom `speaker` says). */
export interface CustomTagRule {
  id: number;
  name: string;
  keywords: string[];
  speaker: Speaker | 'any';
}

/** An organisation's AI field (getOrgAIFieldList). `hints` are words that point at the sentence holding the value. */
export interface AiFieldRule {
  key: string;
  name: string;
  description?: string;
  hints?: string[];
}

export interface AnalysisThresholds {
  /** The agent speaks too fast above this many characters per minute. */
  fastCharsPerMinute: number;
  /** The agent talks too much above this share of the talk time (0..1). */
  talkTooMuchRatio: number;
  /** Churn risk at or above this counts as a risk. */
  churnRiskAlert: number;
}

/** What the organisation's settings give the analyser. */
export interface AnalysisRules {
  wordRules: WordRule[];
  regexRules: RegexRule[];
  /** Detect the agent abusing the customer (violation 辱骂客户 and flag 4). */
  abuse: boolean;
  hotWords: string[];
  customTags: CustomTagRule[];
  /** Extra phrases per intention label, from the organisation's intention rules. */
  intentionPhrases: Partial<Record<IntentionKey, string[]>>;
  fields: AiFieldRule[];
  thresholds: AnalysisThresholds;
}

/** What a checker sees: the transcript, its segments and the rules. */
export interface CheckInput {
  transcript: Transcript;
  segments: TranscriptSegment[];
  rules: AnalysisRules;
}

/**
 * The extension point of the pipeline: forbidden words, regex rules and abuse are the first checkers; quality
 * inspection and SOP rules plug in later by adding a checker, without touching the pipeline.
 */
export interface Checker {
  name: string;
  check(input: CheckInput): Violation[];
}
