// A 10-minute call made of the sentences of the SOP dev split (see bench/longCall.ts).
import { join } from 'node:path';
import type { Transcript } from '@crm/core';
import { longCallFrom } from '../longCall';
import { EVAL_DIR } from './sopEval';

export const longCall = (minutes = 10, segmentCount = 150): Transcript =>
  longCallFrom([join(EVAL_DIR, 'dev')], minutes, segmentCount);
