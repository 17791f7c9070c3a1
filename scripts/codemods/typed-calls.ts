// Codemod (issue 25): API tests call through the contract, so that their answers are typed.
//   t().post(`${B}/problemFeedback/save`, body, { token })  →  t().call(contract.feedback.save, body, { token })
//   t().get(`${A}/asr/V1/getAsrText?recordId=${id}`, { token })  →  t().call(contract.asr.getAsrText, { recordId: id }, { token })
//   op.post('/operator/organizationDetail', body)  →  op.call(contract.operator.organizationDetail, body)
// 1. rewrites every path-string call of the test harness whose method is written out and whose address is known text
//    (literals, `${B}`-like constants) naming exactly one contract entry, adding `import { contract }`;
// 2. type-checks the result: a call whose input does not match its call's input type (a validation test sending what
//    the contract refuses) becomes `callRaw`, whose input is not checked and whose answer stays typed;
//    and a read of what an answer may lack (`list.find(…).id`, a nullable field) gets `!` (it threw there before too);
// 3. formats the files it changed (biome) and prints what it left and why, and the type errors left in the files it
//    changed (tests reading what an answer does not declare: fixed by hand).
// Runnable again on a changed tree: it touches only path-string calls and adds the import once.
// Usage: node --import tsx scripts/codemods/typed-calls.ts [--dry] [--verbose] [files…]  (default server/src/**/*.test.ts)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { contractTable } from './typed-calls/contractTable.ts';
import { nonNullReadEdits } from './typed-calls/nonNullReads.ts';
import { applyEdits, type Left, transformFile } from './typed-calls/transform.ts';
import { uncheckedInputEdits } from './typed-calls/uncheckedInputs.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const dry = args.includes('--dry');
const verbose = args.includes('--verbose');
const only = args.filter((a) => !a.startsWith('--')).map((f) => resolve(f));

const config = ts.getParsedCommandLineOfConfigFile(
  join(root, 'server/tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  },
)!;
const isTarget = (f: string) =>
  only.length ? only.includes(resolve(f)) : f.includes('/server/src/') && f.endsWith('.test.ts');

/** A program over the server's files, with some files' text replaced (the rewritten tests). */
function program(texts: Map<string, string>, old?: ts.Program): ts.Program {
  const host = ts.createCompilerHost(config.options);
  const read = host.readFile;
  host.readFile = (f) => texts.get(resolve(f)) ?? read(f);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (f, lang, onError, fresh) => {
    const text = texts.get(resolve(f));
    if (text !== undefined) return ts.createSourceFile(f, text, lang, true);
    return old?.getSourceFile(f) ?? getSourceFile(f, lang, onError, fresh);
  };
  return ts.createProgram({ rootNames: config.fileNames, options: config.options, host, oldProgram: old });
}

const rel = (f: string) => relative(root, f);
const table = contractTable();
const texts = new Map<string, string>();
const left: (Left & { file: string })[] = [];
let converted = 0;

// 1. the rewrite
const first = program(texts);
const checker = first.getTypeChecker();
const targets = first.getSourceFiles().filter((f) => isTarget(f.fileName));
for (const file of targets) {
  const result = transformFile(file, checker, table);
  converted += result.converted;
  left.push(...result.left.map((l) => ({ ...l, file: rel(file.fileName) })));
  if (result.edits.length) texts.set(resolve(file.fileName), applyEdits(file.text, result.edits));
}

// 2. inputs the contract's type refuses → callRaw, or left out when the call takes none; reads of what an answer may
//    lack → `!` (checked in the files rewritten now and before)
const second = program(texts, first);
let unchecked = 0;
let emptyDropped = 0;
let nonNull = 0;
for (const file of second.getSourceFiles().filter((f) => isTarget(f.fileName))) {
  if (!/\.call\(contract/.test(file.text)) continue;
  const diagnostics = second.getSemanticDiagnostics(file);
  const inputs = uncheckedInputEdits(file, diagnostics, table.withoutInput);
  const reads = nonNullReadEdits(file, diagnostics);
  unchecked += inputs.filter((e) => e.text === 'callRaw').length;
  emptyDropped += inputs.filter((e) => e.text !== 'callRaw').length;
  nonNull += reads.length;
  if (inputs.length || reads.length) texts.set(resolve(file.fileName), applyEdits(file.text, [...inputs, ...reads]));
}

// 3. write, format, report
const changed = [...texts.keys()];
if (!dry && changed.length) {
  for (const [f, text] of texts) writeFileSync(f, text);
  // the address constants' imports (B, R, A) that nothing reads any more go; then the files are formatted
  const biome = (...a: string[]) =>
    execFileSync('npx', ['biome', ...a, ...changed.map(rel)], { cwd: root, stdio: 'ignore' });
  biome('lint', '--only=correctness/noUnusedImports', '--write', '--unsafe');
  biome('check', '--write');
}

const byReason = new Map<string, typeof left>();
for (const l of left) byReason.set(l.reason, [...(byReason.get(l.reason) ?? []), l]);
console.log(
  `converted ${converted} calls in ${changed.length} files (${unchecked} made with callRaw: input refused by its type; ${emptyDropped} '{}' left out: the call takes no input; ${nonNull} '!' on reads of what an answer may lack)`,
);
console.log(`left ${left.length} path-string calls of the harness:`);
for (const [reason, calls] of [...byReason].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`  ${calls.length}\t${reason}`);
  const shown = verbose ? calls : calls.slice(0, 3);
  for (const c of shown) console.log(`\t\t${c.file}:${c.line}  ${c.address}`);
  if (shown.length < calls.length) console.log(`\t\t… (--verbose lists all)`);
}

if (!dry && changed.length) {
  const texts = new Map(changed.map((f) => [f, readFileSync(f, 'utf8')]));
  const final = program(texts);
  const errors = changed.flatMap((f) => final.getSemanticDiagnostics(final.getSourceFile(f)));
  console.log(`type errors left in the files changed (fix by hand, keeping each test's meaning): ${errors.length}`);
  for (const d of errors) {
    const { line } = d.file!.getLineAndCharacterOfPosition(d.start!);
    console.log(
      `  ${rel(d.file!.fileName)}:${line + 1}  ${ts.flattenDiagnosticMessageText(d.messageText, ' ').slice(0, 200)}`,
    );
  }
}
