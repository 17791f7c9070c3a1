import type ts from 'typescript';
import type { Edit } from './transform.ts';

/** "Object is possibly 'undefined'", "'x' is possibly 'null'" and their kin. */
const POSSIBLY_ABSENT = new Set([2531, 2532, 2533, 18047, 18048, 18049]);

/**
 * A test that reads what a typed answer may lack (`.find()` on a list, a nullable field) gets `!` there: it threw at
 * that read before when the value was absent and still does, so the test means the same.
 */
export function nonNullReadEdits(file: ts.SourceFile, diagnostics: readonly ts.Diagnostic[]): Edit[] {
  const ends = new Set(
    diagnostics
      .filter((d) => d.file === file && d.start !== undefined && d.length && POSSIBLY_ABSENT.has(d.code))
      .map((d) => d.start! + d.length!),
  );
  return [...ends].map((end) => ({ start: end, end, text: '!' }));
}
