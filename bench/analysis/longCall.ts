// A 10-minute call made of the sentences of the analysis dev splits (see bench/longCall.ts).
import { join } from 'node:path';
import type { Transcript } from '@crm/core';
import { longCallFrom } from '../longCall';
import { EVAL_DIR } from './quality';

export const longCall = (minutes = 10, segmentCount = 150): Transcript =>
  longCallFrom(
    ['train'].map((s) => join(EVAL_DIR, s)),
    minutes,
    segmentCount,
  );
