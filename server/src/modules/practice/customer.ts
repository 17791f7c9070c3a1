import type { PracticeStage } from '@crm/core/contract/practice';
import { canon } from '../../lib/analyser/text';
import { type Pool, pickLine } from './pool';
import type { PersonaSpec } from './schema';
import { agentStage } from './stages';

/**
 * The built-in AI customer, pure: where the conversation is among the script's stages after what the seat said,
 * whether a hidden objection comes up now, and the customer's answer: a sentence customers of the organisation said
 * at that stage of its analysed calls (pool.ts), or, when the organisation has none, the persona's own words.
 */

export interface ConversationState {
  stageIndex: number;
  stageTurns: number;
  /** Indexes of the persona's hidden objections already raised. */
  raised: number[];
}

export interface CustomerLine {
  text: string;
  stage: PracticeStage;
  source: 'builtin' | 'script' | 'llm';
  recordingId: number | null;
}

/** Stages where a hidden objection may come up. */
const OBJECTION_STAGES: PracticeStage[] = ['price', 'objection', 'close'];
/** The seat's turns after which the customer moves on to the next stage by itself. */
const TURNS_PER_STAGE = 2;

/** The state after the seat said `said`: a later stage the seat moved to, or the next one after enough turns. */
export function advance(stages: PracticeStage[], state: ConversationState, said: string): ConversationState {
  const spoken = agentStage(said);
  const at = spoken ? stages.indexOf(spoken) : -1;
  if (at > state.stageIndex) return { ...state, stageIndex: at, stageTurns: 1 };
  const turns = state.stageTurns + 1;
  if (turns > TURNS_PER_STAGE && state.stageIndex < stages.length - 1)
    return { ...state, stageIndex: state.stageIndex + 1, stageTurns: 0 };
  return { ...state, stageTurns: turns };
}

/** The hidden objection to raise at this stage (its index), if one is left. */
export function objectionNow(persona: PersonaSpec, stage: PracticeStage, raised: number[]): number | null {
  if (!OBJECTION_STAGES.includes(stage)) return null;
  const next = persona.objections.findIndex((_, i) => !raised.includes(i));
  return next >= 0 ? next : null;
}

/** The persona's words for a stage, when the organisation has no calls to draw on (never the same line twice). */
function fromPersona(persona: PersonaSpec, stage: PracticeStage, used: Set<string>): string | null {
  const candidates = [
    stage === 'price' ? persona.budget : null,
    stage === 'needs' || stage === 'opening' || stage === 'product' ? persona.needs : null,
    ...persona.objections,
    persona.character,
    persona.needs,
    persona.budget,
  ].filter((t): t is string => Boolean(t?.trim()));
  return candidates.find((t) => !used.has(canon(t))) ?? null;
}

export interface ReplyInput {
  stages: PracticeStage[];
  persona: PersonaSpec;
  state: ConversationState;
  said: string;
  pools: Map<PracticeStage, Pool>;
  /** Customer lines of this session so far (not said again). */
  used: string[];
  seed: number;
}

export function builtinReply(input: ReplyInput): { line: CustomerLine; state: ConversationState } {
  const state = advance(input.stages, input.state, input.said);
  const stage = input.stages[state.stageIndex] ?? 'needs';
  const used = new Set(input.used.map(canon));
  const objection = objectionNow(input.persona, stage, state.raised);
  const raised = objection === null ? state.raised : [...state.raised, objection];
  const hint = objection === null ? (input.persona.needs ?? '') : input.persona.objections[objection];
  const answerStage: PracticeStage = objection === null ? stage : 'objection';
  const pool = input.pools.get(answerStage);
  const picked =
    (pool && pickLine(pool, input.said, hint, used, input.seed)) ??
    (answerStage !== stage ? pickLine(input.pools.get(stage)!, input.said, hint, used, input.seed) : null);
  const next = { ...state, raised };
  if (picked)
    return { line: { text: picked.text, stage, source: 'builtin', recordingId: picked.recordingId }, state: next };
  const own = objection === null ? fromPersona(input.persona, stage, used) : input.persona.objections[objection];
  return {
    line: {
      text: own ?? `我是做${input.persona.industry}的，你再具体说说？`,
      stage,
      source: 'script',
      recordingId: null,
    },
    state: next,
  };
}

/** The customer's first line: what customers of the organisation say when they pick up, else the persona's. */
export function openingLine(persona: PersonaSpec, pools: Map<PracticeStage, Pool>, seed: number): CustomerLine {
  const pool = pools.get('opening');
  const picked = pool ? pickLine(pool, '您好', '', new Set(), seed) : null;
  if (picked) return { text: picked.text, stage: 'opening', source: 'builtin', recordingId: picked.recordingId };
  return {
    text: `喂，你好，我这边是做${persona.industry}的，什么事？`,
    stage: 'opening',
    source: 'script',
    recordingId: null,
  };
}

/** Whether the organisation has analysed calls to draw on. */
export const hasMaterial = (pools: Map<PracticeStage, Pool>) => [...pools.values()].some((p) => p.entries.length > 0);
