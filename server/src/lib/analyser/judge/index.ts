/**
 * The LLM judge's pure parts: the prompt, the answer's schema, quote checking and the merge with the rules' decision.
 * The call to the model (through the organisation's LLM client) is the analysis module's (`llmStep.ts`).
 */
export { JudgeAnswer } from './answer';
export { announcementSegments, type Judged, mergeJudge } from './merge';
export { type ChatTurn, JUDGE_VIOLATIONS, judgePrompt, numberedTranscript, retryTurns } from './prompt';
export { locate, type RejectedQuote, squash } from './quotes';
