/**
 * The API contract: every call's path, request and answer, by domain (one file each), shared by the server and the
 * web. `contract.<domain>.<call>` is what a route implements and what the web calls.
 */
import { clueField } from './clueField';
import { feedback } from './feedback';

export * from './call';
export * from './fields';
export * from './shapes';

export const contract = { clueField, feedback };
