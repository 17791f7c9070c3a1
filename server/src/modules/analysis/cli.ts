// `npm run analyse -- <file.json> [more files]`: analyses transcripts with the default rules and prints one JSON
// object per line per file, in file order. A file that cannot be read or parsed prints {"file","error"} and the
// exit code is 1 at the end.
// `npm run analyse -- --learn EXAMPLES.json --model DIR`: learns the corrections in EXAMPLES.json (a JSON list of
// {"transcript": {...}, "labels": {"intention"?, "tags"?, "complaint"?, "violation"?, "abuse"?}}) into the model in
// DIR (DIR/model.json; started from the base model when DIR has none) and prints one JSON line of what it learned.
// `npm run analyse -- --model DIR FILE...`: analyses with that model (each label says which layer decided it).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyse } from '../../lib/analyser/analyse';
import { DEFAULT_RULES } from '../../lib/analyser/defaults';
import { learn } from '../../lib/analyser/learn';
import { baseModel } from '../../lib/analyser/model';
import type { AnalysisResult, LearnExample, TextModel } from '../../lib/analyser/types';
import { parseTranscript } from '../asr';

/** The CLI's line for one analysed file. */
export function cliLine(file: string, r: AnalysisResult) {
  return {
    file,
    intention: r.intention,
    tags: r.tags.map((t) => t.tag),
    violations: r.violations.map((v) => ({
      rule: v.rule,
      text: v.text,
      segment: v.segment,
      startMs: v.startMs,
      layer: v.layer ?? 'rule',
      ...(v.pending ? { pending: true } : {}),
    })),
    flags: r.flags,
    churnRisk: r.churnRisk,
    potentialComplaint: r.potentialComplaint,
    aiLabels: r.aiLabels,
    keywords: r.keywords.map((k) => k.word),
    summary: r.summary,
    figures: r.figures,
    intentionLayer: r.intentionLayer,
    intentionEvidence: r.intentionEvidence.map(brief),
    tagLayers: r.tags.map((t) => ({ tag: t.tag, layer: t.layer, evidence: t.evidence.map(brief) })),
    complaint: decision(r.complaint),
    abuse: decision(r.abuse),
    refusal: decision(r.refusal),
    speakersSwapped: r.speakersSwapped,
  };
}

const brief = (e: AnalysisResult['intentionEvidence'][number]) => ({
  segment: e.segment,
  startMs: e.startMs,
  endMs: e.endMs,
  quote: e.quote ?? e.match ?? e.text,
});

const decision = (d: AnalysisResult['complaint']) => ({
  value: d.value,
  score: d.score,
  pending: d.pending,
  layer: d.layer,
  evidence: d.evidence.map(brief),
});

/** Analyses one file; an unreadable or invalid file gives its error instead. */
export function analyseFile(file: string, model?: TextModel | null): object {
  try {
    const transcript = parseTranscript(readFileSync(file, 'utf8'), 0);
    return cliLine(file, analyse(transcript, DEFAULT_RULES, [], model === undefined ? {} : { model }));
  } catch (e) {
    return { file, error: e instanceof Error ? e.message : String(e) };
  }
}

const modelFile = (dir: string) => join(dir, 'model.json');

/** The model kept in DIR, or null when DIR holds none. */
export function readModel(dir: string): TextModel | null {
  const file = modelFile(dir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as TextModel) : null;
}

/** Learns the corrections of a JSON file into DIR's model (from the base model when DIR has none). */
export function learnFile(examplesFile: string, dir: string): object {
  const list = JSON.parse(readFileSync(examplesFile, 'utf8')) as unknown;
  if (!Array.isArray(list)) throw new Error('examples: a JSON list of {transcript, labels}');
  const examples: LearnExample[] = list.map((e, i) => {
    if (!e || typeof e !== 'object' || !('transcript' in e) || !('labels' in e))
      throw new Error(`examples[${i}]: needs transcript and labels`);
    return { transcript: parseTranscript(JSON.stringify(e.transcript), 0), labels: e.labels ?? {} };
  });
  const { model, learned } = learn(readModel(dir) ?? baseModel(), examples);
  mkdirSync(dir, { recursive: true });
  writeFileSync(modelFile(dir), JSON.stringify(model));
  return { model: modelFile(dir), learned, total: model.learned };
}

function main(args: string[]): number {
  const at = (flag: string) => {
    const i = args.indexOf(flag);
    if (i < 0) return undefined;
    const value = args[i + 1];
    args.splice(i, 2);
    return value;
  };
  const examples = at('--learn');
  const dir = at('--model');
  if (examples !== undefined) {
    if (!examples || !dir) {
      console.error('usage: npm run analyse -- --learn EXAMPLES.json --model DIR');
      return 2;
    }
    try {
      process.stdout.write(`${JSON.stringify(learnFile(examples, dir))}\n`);
      return 0;
    } catch (e) {
      process.stdout.write(`${JSON.stringify({ error: e instanceof Error ? e.message : String(e) })}\n`);
      return 1;
    }
  }
  const files = args;
  if (!files.length) {
    console.error('usage: npm run analyse -- [--model DIR] <file.json> [more files]');
    return 2;
  }
  const model = dir ? (readModel(dir) ?? baseModel()) : undefined;
  let failed = false;
  for (const file of files) {
    const line = analyseFile(file, model);
    if ('error' in line) failed = true;
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
  return failed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
