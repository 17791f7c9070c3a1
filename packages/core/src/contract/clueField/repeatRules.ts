import { z } from 'zod';
import { robot } from '../call';
import { flag } from './common';

/**
 * Duplicate rules (/clue/clueFieldRepeat under /api/robot): a lead is a duplicate when every field of an enabled
 * rule matches; an organisation without rules checks the phone number.
 */

/** 1 the whole organisation (pool and recycle bin included), 2 leads not in the recycle bin. */
const range = z.union([z.literal(1), z.literal(2)]);

export const RepeatRuleInput = z.object({
  fieldNames: z.array(z.string().min(1)).min(1, '查重规则至少包含一个字段'),
  enabled: flag.default(1),
  range: range.optional(),
});
export type RepeatRuleInput = z.infer<typeof RepeatRuleInput>;

export const RepeatRule = z.object({
  id: z.number(),
  fieldNames: z.array(z.string()),
  enabled: z.number(),
  range: z.number(),
});
export type RepeatRule = z.infer<typeof RepeatRule>;

export const repeatRules = {
  get: robot.post('/clue/clueFieldRepeat/get', '查重规则', { answer: z.array(RepeatRule) }),
  save: robot.post('/clue/clueFieldRepeat/save', '保存查重规则（替换全部）', {
    body: z.object({ rules: z.array(RepeatRuleInput).max(20, '查重规则最多20条') }),
    answer: z.array(RepeatRule),
  }),
};
