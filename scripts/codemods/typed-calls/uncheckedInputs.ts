import ts from 'typescript';
import type { Edit } from './transform.ts';

/**
 * Diagnostics that say an input does not match its call's input type (not assignable, unknown or missing property,
 * no properties in common): such a test sends what the contract refuses, on purpose or because its type cannot
 * name it, and makes the call with `callRaw`, whose answer stays typed.
 */
const INPUT_MISMATCH = new Set([2322, 2345, 2353, 2559, 2561, 2739, 2740, 2741]);

/** `x.call(contract…, input)` of the harness whose input argument holds an input-type diagnostic → `x.callRaw(…)`. */
export function uncheckedInputEdits(file: ts.SourceFile, diagnostics: readonly ts.Diagnostic[]): Edit[] {
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
      if (mismatches.some((d) => inside(d) && own(d))) {
        const name = (node.expression as ts.PropertyAccessExpression).name;
        edits.push({ start: name.getStart(file), end: name.end, text: 'callRaw' });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return edits;
}

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
