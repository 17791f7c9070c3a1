import { type FunctionSign, Messages, ResultCode, STANDARD_HTTP_STATUS, SUPPORT_FEATURES_HEADER } from '@crm/core';
import {
  type Call,
  type CallAnswer,
  type CallBody,
  type CallQuery,
  envelope,
  type ServiceBase,
} from '@crm/core/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './db';
import { AppError, forbidden, loginExpired } from './errors';
import type { OperatorSession } from './operatorSession';
import type { Session } from './session';

export type { ServiceBase };

/** What a route adds to its call: who may make it, how it is logged and how its reply is written. */
export interface RouteOptions {
  /** 'none': public; 'optional': session when a token is sent; default 'required'. */
  auth?: 'required' | 'optional' | 'none';
  /** Function sign(s) the role must hold (any of them). */
  sign?: FunctionSign | FunctionSign[];
  /** Label of a write for the operation log, e.g. '新增用户'. */
  audit?: string;
  /** The access token may come as `?token=` (playback and links: media elements cannot send headers). */
  tokenInQuery?: boolean;
  /** The handler writes the reply itself (downloads, streams): no envelope. */
  raw?: boolean;
  /** Body limit in bytes for this route (uploads). */
  bodyLimit?: number;
  /**
   * Operator calls (`operator: true` in the contract) with an `audit` label: what the operator audit log keeps as
   * "before" and "after", read before the handler and again after it (the organisation named by the body). It may
   * throw (404 for an unknown organisation): nothing is done then.
   */
  snapshot?: (body: any) => Promise<unknown>;
}

export interface HandlerContext<Q, B, S> {
  session: S;
  query: Q;
  body: B;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Handler<Q, B, S> = (ctx: HandlerContext<Q, B, S>) => unknown | Promise<unknown>;

type SessionFor<C, O> = C extends { operator: true }
  ? OperatorSession
  : O extends { auth: 'none' }
    ? null
    : O extends { auth: 'optional' }
      ? Session | null
      : Session;

type Auth = 'required' | 'optional' | 'none' | 'operator';
const registered: { method: string; url: string; auth: Auth; body: boolean }[] = [];
/** Every route registered in this process (once each, whatever the number of apps built). */
export const apiRoutes: readonly Readonly<(typeof registered)[number]>[] = registered;

/**
 * Answers are checked against their call's schema where `VALIDATE_ANSWERS=true` (the API tests and the e2e server
 * set it): a handler whose answer strays from the contract fails loudly there instead of surprising the web.
 */
const checkAnswers = process.env.VALIDATE_ANSWERS === 'true' || Boolean(process.env.VITEST);

interface Registration extends RouteOptions, Call {}

/**
 * The one choke point of every call: session, function sign, validation, envelope, answer check and the operation
 * log are applied here and nowhere else.
 */
function register(app: FastifyInstance, route: Registration, handler: Handler<any, any, any>): void {
  const { method, base, answer } = route;
  const url = `/api/${base}${route.path}`;
  // the contract says who a call is for: an operator call takes an operator session and nothing else
  const auth: Auth = route.operator ? 'operator' : (route.auth ?? 'required');
  const signs = route.sign ? (Array.isArray(route.sign) ? route.sign : [route.sign]) : [];
  if (!registered.some((r) => r.method === method && r.url === url))
    registered.push({ method, url, auth, body: Boolean(route.body) });
  app.route({
    method,
    url,
    bodyLimit: route.bodyLimit,
    schema: {
      summary: route.summary,
      tags: [base],
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(answer && !route.raw ? { response: { 200: envelope(answer) } } : {}),
    },
    config: { audit: route.audit },
    // Before validation: a call without a valid session answers code 10, whatever its body.
    preValidation: async (req) => {
      if (auth === 'operator') await app.authenticateOperator(req);
      else if (auth !== 'none') {
        const session = await app.authenticate(req, auth === 'required', route.tokenInQuery);
        if (session && signs.length && !session.isSuperAdmin && !signs.some((s) => session.signs.has(s)))
          throw forbidden();
      }
      refuseNul(req.query, 'query');
      refuseNul(req.body, 'body');
    },
    handler: async (req, reply) => {
      const operatorAudit = auth === 'operator' && route.audit ? route.audit : null;
      const before = operatorAudit && route.snapshot ? await route.snapshot(req.body) : null;
      const session = auth === 'operator' ? req.operator : (req.session ?? null);
      const data = await handler({ session, query: req.query, body: req.body, req, reply });
      if (route.raw) return reply;
      if (checkAnswers && answer) {
        const checked = answer.safeParse(data ?? null);
        if (!checked.success)
          throw new Error(`${method} ${url} answered outside its contract: ${JSON.stringify(checked.error.issues)}`);
      }
      if (operatorAudit)
        await app.operatorAudit(req, {
          action: operatorAudit,
          organizationId: (req.body as { organizationId?: number } | undefined)?.organizationId ?? null,
          before,
          after: route.snapshot ? await route.snapshot(req.body) : data,
        });
      else if (route.audit && req.session) await app.audit(req, route.audit, data);
      return { code: ResultCode.OK, msg: 'success', data: data ?? null };
    },
  });
}

// A call that answers nothing (`data: null`) is served by a handler that returns nothing.
// biome-ignore lint/suspicious/noConfusingVoidType: void is what such a handler returns
type AnswerOf<C extends Call> = CallAnswer<C> extends null ? null | undefined | void : CallAnswer<C>;

/**
 * Serves one call of the contract (`@crm/core/contract`): its path, request and answer schemas come from there, the
 * handler is typed by them.
 */
export function implement<C extends Call, const O extends RouteOptions>(
  app: FastifyInstance,
  call: C,
  opts: O,
  handler: (
    ctx: HandlerContext<CallQuery<C>, CallBody<C>, SessionFor<C, O>>,
  ) => O extends { raw: true } ? unknown : AnswerOf<C> | Promise<AnswerOf<C>>,
): void {
  register(app, { ...opts, ...call }, handler as Handler<any, any, any>);
}

export function wantsHttpStatus(req: FastifyRequest): boolean {
  const v = req.headers[SUPPORT_FEATURES_HEADER.toLowerCase()];
  return typeof v === 'string' && v.split(',').some((f) => f.trim() === STANDARD_HTTP_STATUS);
}

/** Sends an envelope failure: HTTP 200 unless the client asked for standard HTTP status. */
export function sendFailure(req: FastifyRequest, reply: FastifyReply, err: AppError) {
  return reply
    .status(wantsHttpStatus(req) ? err.status : 200)
    .send({ code: err.code, msg: err.message, data: err.data });
}

/** What a request gets while PostgreSQL is down or restarting: nothing was written, it can be sent again. */
export const DATABASE_UNAVAILABLE = '数据库暂时不可用，请稍后重试';

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: any, req, reply) => {
    if (error instanceof AppError) return sendFailure(req, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // the message names its field in Chinese (the schema's own, or issueMessages.ts); the keys are in data.errors
      const msg = error.validation[0].message ?? '参数错误';
      return sendFailure(
        req,
        reply,
        new AppError(ResultCode.BAD_REQUEST, msg, 400, { errors: error.validation.map(issue) }),
      );
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413)
      return sendFailure(req, reply, new AppError(ResultCode.TOO_LARGE, '上传内容过大'));
    if (
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError ||
      error.statusCode === 400
    )
      return sendFailure(req, reply, new AppError(ResultCode.BAD_REQUEST, `请求格式错误：${error.message}`));
    const dbInput = databaseInputError(error);
    if (dbInput) {
      req.log.warn({ err: error }, 'input refused by the database');
      return sendFailure(req, reply, new AppError(ResultCode.BAD_REQUEST, dbInput));
    }
    if (error.statusCode === 429)
      return sendFailure(req, reply, new AppError(ResultCode.RATE_LIMITED, Messages.tooManyRequests));
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: error }, 'database unavailable');
      return sendFailure(req, reply, new AppError(ResultCode.UNAVAILABLE, DATABASE_UNAVAILABLE, 503));
    }
    const disk = fileSystemError(error);
    if (disk) {
      req.log.error({ err: error }, 'file system refused a write');
      return sendFailure(req, reply, new AppError(ResultCode.UNAVAILABLE, disk, 507));
    }
    if (error.code === 'FST_ERR_REQUEST_TIMEOUT' || error.code === 'FST_ERR_CTP_BODY_TOO_SLOW')
      return sendFailure(
        req,
        reply,
        new AppError(ResultCode.BAD_REQUEST, '请求超时：请求内容未在限定时间内发送完', 408),
      );
    req.log.error({ err: error }, 'unhandled error');
    return sendFailure(req, reply, new AppError(ResultCode.SERVER_ERROR, '服务器错误，请稍后重试', 500));
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/'))
      return sendFailure(
        req,
        reply,
        new AppError(ResultCode.NOT_FOUND, `接口不存在：${req.method} ${req.url.split('?')[0]}`),
      );
    return reply.status(404).send('Not Found');
  });
}

/**
 * PostgreSQL refuses U+0000 in text, so a NUL anywhere in a request is refused here, once for every route, naming
 * the field (multipart file names are cleaned where multipart is read: platform/multipart).
 */
function refuseNul(value: unknown, path: string): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new AppError(ResultCode.BAD_REQUEST, `${path}：不能包含空字符（U+0000）`);
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) refuseNul(v, `${path}.${i}`);
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) throw new AppError(ResultCode.BAD_REQUEST, `${path}：字段名不能包含空字符（U+0000）`);
      refuseNul(v, path === 'body' || path === 'query' ? k : `${path}.${k}`);
    }
}

/**
 * Input the validation let through but a column cannot hold (a number out of range, text too long): a clear 400, not
 * a 500. Validation at the edge is the rule; this is the backstop that keeps one missed bound from being a crash.
 */
function databaseInputError(error: unknown): string | null {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : '';
  if (code === '22003') return '数值超出范围';
  if (code === '22001') return '内容超出长度限制';
  if (code === '22021' || code === '22P05') return '内容包含无法保存的字符';
  if (code === '22P02' || code === '22007' || code === '22008') return '参数格式不正确';
  return null;
}

/**
 * A write the server's disk refused (the file store or its temporary folder full, read-only or not writable): the
 * file was not kept (DiskStorage removes its partial copy), and the user is told why rather than "server error".
 */
function fileSystemError(error: unknown): string | null {
  const code = (error as { code?: unknown })?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return '服务器存储空间不足，文件未保存，请联系管理员';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return '服务器存储目录不可写，文件未保存，请联系管理员';
  return null;
}

function fieldName(instancePath: string | undefined, params: unknown): string {
  const path = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  if (path) return path;
  const p = params as { issue?: { path?: unknown[] } } | undefined;
  return p?.issue?.path?.join('.') ?? '';
}

function issue(v: { instancePath?: string; message?: string; params?: unknown }) {
  return { field: fieldName(v.instancePath, v.params), message: v.message };
}

export { loginExpired };
