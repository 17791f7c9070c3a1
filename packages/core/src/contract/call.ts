import { z } from 'zod';

/**
 * One call of the API, written once: where it lives, what it takes and what it answers. The server registers its
 * handler against it (platform/http.ts `implement`), which validates the request, documents both sides in OpenAPI
 * and types the handler's answer; the web calls it through `api.call(call, input)`, whose result type is the same
 * schema's. Nothing about a call's shape is written anywhere else.
 */

/** Service bases (DESIGN.md section 5), each mounted under /api/<base>. */
export type ServiceBase = 'backend' | 'robot' | 'analysis' | 'wecom' | 'wecom3' | 'openapi';

export interface Call {
  base: ServiceBase;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api/<base>, e.g. '/problemFeedback/list'. */
  path: string;
  /** What the call does, in Chinese (OpenAPI summary). */
  summary: string;
  /** The JSON body (POST, PUT). */
  body?: z.ZodType;
  /** The query string (GET, downloads). */
  query?: z.ZodType;
  /** The `data` of a successful envelope. Absent for calls that answer a file or a stream. */
  answer?: z.ZodType;
  /**
   * A call of the installation's operator (运营人员), not of an organisation: served to an operator session only (an
   * organisation's session, a super admin's included, is answered 无权限访问), and it names the organisation it acts on
   * (`organizationId`, see `operatorTarget`). Money, prices and grants are such calls.
   */
  operator?: true;
}

type CallParts = Pick<Call, 'body' | 'query' | 'answer' | 'operator'>;

/** `backend.post('/problemFeedback/save', '提交意见反馈', { body, answer })`: a call in one line where it fits. */
export function callsOf<const B extends ServiceBase>(base: B) {
  const make =
    <const M extends Call['method']>(method: M) =>
    <const P extends string, const R extends CallParts = Record<never, never>>(path: P, summary: string, parts?: R) =>
      ({ base, method, path, summary, ...parts }) as { base: B; method: M; path: P; summary: string } & R;
  return { get: make('GET'), post: make('POST'), put: make('PUT') };
}

export const backend = callsOf('backend');
export const robot = callsOf('robot');
export const analysis = callsOf('analysis');

type Schema<C, K extends keyof Call> = C extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

/** What a caller sends: the body of a POST, the query of a GET (input types: numbers may arrive as text). */
export type CallInput<C extends Call> =
  Schema<C, 'body'> extends z.ZodType
    ? z.input<Schema<C, 'body'>>
    : Schema<C, 'query'> extends z.ZodType
      ? z.input<Schema<C, 'query'>>
      : undefined;

/** What the handler receives after validation. */
export type CallBody<C extends Call> = Schema<C, 'body'> extends z.ZodType ? z.output<Schema<C, 'body'>> : undefined;
export type CallQuery<C extends Call> = Schema<C, 'query'> extends z.ZodType ? z.output<Schema<C, 'query'>> : undefined;

/** The `data` of the answer. */
export type CallAnswer<C extends Call> =
  Schema<C, 'answer'> extends z.ZodType ? z.output<Schema<C, 'answer'>> : unknown;

/** The envelope every JSON answer comes in (DESIGN.md section 5). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number(), msg: z.string(), data });

/** Answers that say only which row was written. */
export const IdAnswer = z.object({ id: z.number() });
/** Answers of calls that change several rows: how many. */
export const CountAnswer = z.object({ count: z.number() });
/** Calls that answer nothing (`data: null`). */
export const NoAnswer = z.null();
