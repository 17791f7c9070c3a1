import { learnWith } from './model';
import { forModel } from './normalise';
import { speakersSwapped, swapSpeakers } from './roles';
import type { LearnExample, LearnOutcome, TextModel } from './types';

/**
 * Learns an organisation's corrections (issue 23, layer 3): returns a copy of `model` (the organisation's, the base
 * model, or null to start empty) with its call-level heads refitted on the corrected calls; pure and deterministic.
 * Speakers are checked and swapped back as analyse() does.
 */
export function learn(model: TextModel | null, examples: LearnExample[]): LearnOutcome {
  return learnWith(
    model,
    examples.map((e) => (speakersSwapped(e.transcript) ? { ...e, transcript: swapSpeakers(e.transcript) } : e)),
    forModel,
  );
}
