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

/**
 * Which layer of the analyser decided a label (DESIGN.md section 6): a rule (carrier announcements, forbidden words,
 * regex rules, the pattern rules), the base learned model, the organisation's learned model, the LLM judge, or
 * nothing at all (`default`: no evidence either way; e.g. 无意向 when nothing was said for or against).
 */
export type Layer = 'rule' | 'model' | 'orgModel' | 'llm' | 'default';

/**
 * A sentence that supports a result: which segment, when, who, the whole segment text, and the words that decided
 * (`quote`, a substring of `text`; the built-in analyser always sets it; `match` is the older name of the same).
 */
export interface Evidence {
  segment: number;
  startMs: number;
  endMs: number;
  speaker: Speaker;
  text: string;
  match?: string;
  quote?: string;
}

/**
 * How a yes/no label (potential complaint, each violation, abuse, refusal) was decided: its score 0..1, whether it
 * is 待确认 (score between `thresholds.confirmLow` and `thresholds.confirmHigh`: shown, but sends no AI message),
 * the deciding layer and the evidence. `value` is the decision (score ≥ confirmLow, or a rule hit).
 */
export interface Decision {
  value: boolean;
  score: number;
  pending: boolean;
  layer: Layer;
  evidence: Evidence[];
}

/** One AI label (AiLabel 1-5 of @crm/core) with why: derived from the decided intention, refusal and complaint. */
export interface AiLabelHit {
  label: number;
  layer: Layer;
  evidence: Evidence[];
}

/**
 * The summary's parts, each from the call's own sentences (or the LLM): the customer's need, their objections, what
 * was agreed, and the next step with its time. Empty strings / null where the call does not say.
 */
export interface SummaryParts {
  need: string;
  objections: string[];
  agreed: string;
  nextStep: string;
  nextStepTime: string | null;
  evidence: Evidence[];
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
  /** Who decided it: 'rule' for checkers' hits, 'model' / 'orgModel' for the learned layer, 'llm' for the judge. */
  layer?: Layer;
  /** 0..1 (1 for a rule hit). */
  score?: number;
  /** 待确认: the score is between the two thresholds; shown, but no AI message. */
  pending?: boolean;
  evidence?: Evidence[];
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
  /** Where it was said (first few places). */
  evidence?: Evidence[];
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
  /** Who decided it (the built-in analyser always sets it). */
  layer?: Layer;
  /** For the yes/no tags 1 明确拒绝 and 2 潜在投诉: the score 0..1 and 待确认. */
  score?: number;
  pending?: boolean;
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
  /** Who decided the intention; 'default' when nothing was said for or against (无意向 by default). */
  intentionLayer: Layer;
  tags: TagHit[];
  /** AI labels 1-5 (AiLabel of @crm/core). */
  aiLabels: number[];
  /** The same AI labels with their evidence and deciding layer. */
  aiLabelHits: AiLabelHit[];
  /** The yes/no labels, each with score, 待确认, layer and evidence (potentialComplaint = complaint.value). */
  complaint: Decision;
  abuse: Decision;
  refusal: Decision;
  /** The speaker labels were swapped (checked from the content) and the analysis read them the right way round. */
  speakersSwapped: boolean;
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
  summaryParts: SummaryParts;
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
  /**
   * 待确认 band of yes/no labels: a score in [confirmLow, confirmHigh) is decided yes but pending (no AI message);
   * at or above confirmHigh it is confirmed. Defaults 0.5 and 0.8 (DEFAULT_THRESHOLDS).
   */
  confirmLow?: number;
  confirmHigh?: number;
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

/**
 * A learned text model (the analyser's layer 3), a plain JSON value: stored per organisation by the product (jsonb),
 * committed as the base model (`baseModel()`). Logistic-regression heads over hashed-free sparse features (character
 * and jieba word n-grams): call-level heads (intention, tags, complaint, each violation, abuse) and turn-level heads
 * (customer stance: interested, hesitant, refusing, dissatisfied, abusive; agent acts: promise, pressure, insult,
 * sensitive, offbook).
 */
export interface TextModel {
  version: 1;
  /** 'base' for the committed model; 'org' once an organisation's corrections were learned. */
  origin: 'base' | 'org';
  /** Calls the base model was trained from. */
  trainedOn: number;
  /** Corrections learned from, per label kind (intention, tags, complaint, violation, abuse) and in total. */
  learned: LearnedCounts;
  /** Head name → weights (feature → weight) and bias. */
  heads: Record<string, ModelHead>;
}

export interface ModelHead {
  bias: number;
  weights: Record<string, number>;
  /** Examples seen (positive, total) – for priors and for reporting. */
  positives: number;
  examples: number;
}

export interface LearnedCounts {
  total: number;
  intention: number;
  tags: number;
  complaint: number;
  violation: number;
  abuse: number;
}

/** One correction: a call and any subset of its labels, as a manager sets them in the call detail. */
export interface LearnExample {
  transcript: Transcript;
  labels: {
    intention?: IntentionKey | null;
    tags?: number[];
    complaint?: boolean;
    /** The violations the call really has (names); rules not named are taken as absent. */
    violation?: string[];
    abuse?: boolean;
  };
}

export interface LearnOutcome {
  model: TextModel;
  /** What this call of learn() learned from (the same counts as model.learned, for this batch only). */
  learned: LearnedCounts;
}

/** Options of analyse(). */
export interface AnalyseOptions {
  /** The learned model: the organisation's (origin 'org', layer 'orgModel'), else the base model; null: none. */
  model?: TextModel | null;
  /** The callee is an existing customer: churn risk applies only then (prospects get churnRisk null). */
  existingCustomer?: boolean;
}
