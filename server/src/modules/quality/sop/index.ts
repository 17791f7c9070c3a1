export { type CompiledSop, compileSop } from './compile';
export { AFTER_WINDOW, EXAMPLE_THRESHOLD, matchSop } from './match';
export { STANDARD_SOP } from './standard';
export type * from './types';
