// `npm run analyse -- <file.json> [more files]`: analyses transcripts with the default rules and prints one JSON
// object per line per file, in file order. A file that cannot be read or parsed prints {"file","error"} and the
// exit code is 1 at the end.
import { readFileSync } from 'node:fs';
import { analyse } from '../../lib/analyser/analyse';
import { DEFAULT_RULES } from '../../lib/analyser/defaults';
import type { AnalysisResult } from '../../lib/analyser/types';
import { parseTranscript } from '../asr';

/** The CLI's line for one analysed file. */
export function cliLine(file: string, r: AnalysisResult) {
  return {
    file,
    intention: r.intention,
    tags: r.tags.map((t) => t.tag),
    violations: r.violations.map((v) => ({ rule: v.rule, text: v.text, segment: v.segment, startMs: v.startMs })),
    flags: r.flags,
    churnRisk: r.churnRisk,
    potentialComplaint: r.potentialComplaint,
    aiLabels: r.aiLabels,
    keywords: r.keywords.map((k) => k.word),
    summary: r.summary,
    figures: r.figures,
  };
}

/** Analyses one file; an unreadable or invalid file gives its error instead. */
export function analyseFile(file: string): object {
  try {
    const transcript = parseTranscript(readFileSync(file, 'utf8'), 0);
    return cliLine(file, analyse(transcript, DEFAULT_RULES));
  } catch (e) {
    return { file, error: e instanceof Error ? e.message : String(e) };
  }
}

function main(files: string[]): number {
  if (!files.length) {
    console.error('usage: npm run analyse -- <file.json> [more files]');
    return 2;
  }
  let failed = false;
  for (const file of files) {
    const line = analyseFile(file);
    if ('error' in line) failed = true;
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
  return failed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
