import ts from 'typescript';
import type { Edit } from './transform.ts';

/**
 * Diagnostics that say an input does not match its call's input type (not assignable, unknown or missing property,
 * no properties in common): such a test sends what the contract refuses, on purpose or because its type cannot
 * name it, and makes the call with `callRaw`, whose answer stays typed.
 */
const INPUT_MISMATCH = new Set([2322, 2345, 2353, 2559, 2561, 2739, 2740, 2741]);

/**
 * `x.call(contract…, input)` of the harness whose input argument holds an input-type diagnostic → `x.callRaw(…)`; but
 * a `{}` sent to a call that takes no input is left out instead (the harness sends `{}` for a POST without input).
 */
export function uncheckedInputEdits(
  file: ts.SourceFile,
  diagnostics: readonly ts.Diagnostic[],
  withoutInput: ReadonlySet<string>,
): Edit[] {
  const mismatches = diagnostics.filter((d) => d.file === file && d.start !== undefined && INPUT_MISMATCH.has(d.code));
  if (!mismatches.length) return [];
  const edits: Edit[] = [];
  const visit = (node: ts.Node) => {
    if (isContractCall(node)) {
      const input = node.arguments[1];
      const inside = (d: ts.Diagnostic) => d.start! >= input.getStart(file) && d.start! < input.end;
      // a diagnostic inside a nested call belongs to that call, not to this input
      const nestedCalls: ts.CallExpression[] = [];
      const collect = (n: ts.Node) => {
        if (isContractCall(n)) nestedCalls.push(n);
        ts.forEachChild(n, collect);
      };
      collect(input);
      const own = (d: ts.Diagnostic) => !nestedCalls.some((c) => d.start! >= c.getStart(file) && d.start! < c.end);
      if (mismatches.some((d) => inside(d) && own(d))) edits.push(inputFix(node, file, withoutInput));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return edits;
}

function inputFix(call: ts.CallExpression, file: ts.SourceFile, withoutInput: ReadonlySet<string>): Edit {
  const [entry, input] = call.arguments;
  if (isEmptyObject(input) && withoutInput.has(entry.getText(file)))
    return call.arguments.length === 2
      ? { start: entry.end, end: input.end, text: '' }
      : { start: input.getStart(file), end: input.end, text: 'undefined' };
  const name = (call.expression as ts.PropertyAccessExpression).name;
  return { start: name.getStart(file), end: name.end, text: 'callRaw' };
}

const isEmptyObject = (e: ts.Expression) => ts.isObjectLiteralExpression(e) && e.properties.length === 0;

/** `….call(contract.x.y, input…)` as the codemod writes it. */
export function isContractCall(node: ts.Node): node is ts.CallExpression {
  return (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === 'call' &&
    node.arguments.length >= 2 &&
    /^contract[.[]/.test(node.arguments[0].getText())
  );
}
