import { z } from 'zod';

/**
 * The LLM judge's one structured answer (sent as its JSON schema, validated with zod): every label of the call, each
 * with the segment number and the words quoted from it. A label the call does not have is null or an empty list.
 */

const INTENTIONS = ['strong', 'general', 'none', 'mismatch', 'complaint', 'invalid'] as const;

/** Where a label was read: the segment's number ([#n] in the prompt) and the customer's or agent's words, verbatim. */
const cite = {
  segment: z.number().int().min(0).max(100_000),
  quote: z.string().max(300),
};
const score = z.number().min(0).max(1);

export const JudgeAnswer = z.object({
  intention: z.object({ value: z.enum(INTENTIONS), degree: z.number().int().min(0).max(100), ...cite }).nullable(),
  /** Call tags 1 明确拒绝, 3 信息不符 (2 潜在投诉 is `complaint`; 4-10 are the rules' carrier tags). */
  tags: z.array(z.object({ tag: z.number().int().min(1).max(3), ...cite })).max(3),
  complaint: z.object({ value: z.boolean(), score, ...cite }),
  violations: z.array(z.object({ rule: z.string().min(1).max(50), score, ...cite })).max(20),
  churnReason: z.object({ value: z.string().max(200), ...cite }).nullable(),
  /** AI labels 1 高意向, 2 有兴趣, 3 明确拒绝, 4 潜在投诉风险, 5 其他. */
  aiLabels: z.array(z.object({ label: z.number().int().min(1).max(5), ...cite })).max(5),
  nextStep: z.object({ value: z.string().max(200), time: z.string().max(50).nullable(), ...cite }).nullable(),
  summary: z.string().max(2000),
  fields: z.array(z.object({ key: z.string().max(64), value: z.string().max(500), ...cite })).max(50),
});
export type JudgeAnswer = z.infer<typeof JudgeAnswer>;
