// The labelled evaluation corpus (bench/analysis/eval/LABELLING.md): one split's calls with their labels, in file
// order. Read by the quality benchmark and by the base model's training script (train split only).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transcript } from '@crm/core';
import type { IntentionKey } from '../../server/src/lib/analyser/types';
import { parseTranscript } from '../../server/src/modules/asr/transcript';

export const EVAL_DIR = join(import.meta.dirname, 'eval');

export interface CallLabel {
  industry?: string;
  intention: IntentionKey | null;
  tags: number[];
  violations: string[];
  existing?: boolean;
  swapped?: boolean;
  summary?: string;
  /** Segment index → marks (LABELLING.md); absent in the older calls. */
  marks?: Record<string, string[]>;
  note?: string;
}

export interface CorpusCall {
  split: string;
  file: string;
  label: CallLabel;
  transcript: Transcript | null;
  error?: string;
}

/** The calls of one split that have both a file and a label, sorted by file name. */
export function loadSplit(split: string, root = EVAL_DIR): CorpusCall[] {
  const dir = join(root, split);
  const labelsFile = join(dir, 'labels.json');
  if (!existsSync(labelsFile)) return [];
  const labels = JSON.parse(readFileSync(labelsFile, 'utf8')) as Record<string, CallLabel>;
  const files = new Set(readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'labels.json'));
  const out: CorpusCall[] = [];
  for (const file of Object.keys(labels).sort()) {
    if (!files.has(file)) continue;
    const label = { ...labels[file], tags: labels[file].tags ?? [], violations: labels[file].violations ?? [] };
    try {
      out.push({ split, file, label, transcript: parseTranscript(readFileSync(join(dir, file), 'utf8'), 0) });
    } catch (e) {
      out.push({ split, file, label, transcript: null, error: e instanceof Error ? e.message : String(e) });
    }
  }
  return out;
}
