import { OBJECTION } from './parts';
import { canon, canonPattern } from './text';

/** A customer asking: a question word or particle, or a question mark (checked before the punctuation is folded). */
const QUESTION = new RegExp(
  canonPattern(
    '吗$|呢$|么$|(什么|怎么|怎样|如何|为什么|为啥|多少|几[个天年月号点]|哪[里儿个些家]|是不是|能不能|可不可以|有没有|会不会|要不要|行不行|对不对)',
  ),
);

/**
 * What a customer's sentence raises that the agent should answer: an objection or concern (the summary's own
 * pattern, parts.ts), a question, or nothing. Used by live guidance on each finished sentence.
 */
export function customerConcern(text: string): 'objection' | 'question' | null {
  const norm = canon(text);
  if (!norm) return null;
  if (OBJECTION.test(norm)) return 'objection';
  if (/[?？]/.test(text) || QUESTION.test(norm)) return 'question';
  return null;
}
