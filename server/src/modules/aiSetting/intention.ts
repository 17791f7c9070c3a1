import { IntentionLabel } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { INTENTION_CODE, type IntentionKey } from '../../lib/analyser/types';

/** Intention rules (/intention): the organisation's own phrases per intention label, added to the built-in ones. */

type Calls = typeof contract.aiSetting;

const KEY_OF = new Map(Object.entries(INTENTION_CODE).map(([key, code]) => [code, key as IntentionKey]));

export function intentionRules(
  defaults: Partial<Record<IntentionKey, string[]>>,
  stored: Record<string, string[]>,
): CallAnswer<Calls['getIntentionRules']> {
  return {
    items: Object.entries(IntentionLabel).map(([value, name]) => {
      const key = KEY_OF.get(Number(value))!;
      return { value: Number(value), name, key, phrases: stored[key] ?? [], defaultPhrases: defaults[key] ?? [] };
    }),
  };
}

/** The stored phrases after a save: the labels given are replaced, the rest stay. */
export function mergeIntentionPhrases(
  stored: Record<string, string[]>,
  input: CallBody<Calls['saveIntentionRules']>,
): Record<string, string[]> {
  const next = { ...stored };
  for (const item of input.items) next[KEY_OF.get(item.value)!] = item.phrases;
  return next;
}

/** The built-in phrases with the organisation's added, per label, without repeats. */
export function applyIntentionPhrases(
  defaults: Partial<Record<IntentionKey, string[]>>,
  stored: Record<string, string[]>,
): Partial<Record<IntentionKey, string[]>> {
  const out: Partial<Record<IntentionKey, string[]>> = {};
  for (const key of Object.keys(INTENTION_CODE) as IntentionKey[]) {
    const phrases = [...new Set([...(defaults[key] ?? []), ...(stored[key] ?? [])])];
    if (phrases.length) out[key] = phrases;
  }
  return out;
}
