import { type FunctionSign, Messages, ResultCode, STANDARD_HTTP_STATUS, SUPPORT_FEATURES_HEADER } from '@crm/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, forbidden, loginExpired } from './errors';
import type { Session } from './session';

/** The service bases of DESIGN.md section 5, each mounted under /api/<base>. */
export type ServiceBase = 'backend' | 'robot' | 'analysis' | 'wecom' | 'wecom3' | 'openapi';

export interface RouteOptions<Q extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  query?: Q;
  body?: B;
  /** 'none': public; 'optional': session when a token is sent; default 'required'. */
  auth?: 'required' | 'optional' | 'none';
  /** Function sign(s) the role must hold (any of them). */
  sign?: FunctionSign | FunctionSign[];
  /** Label of a write for the operation log, e.g. '新增用户'. */
  audit?: string;
  /** The handler writes the reply itself (downloads, streams): no envelope. */
  raw?: boolean;
  summary?: string;
  /** Body limit in bytes for this route (uploads). */
  bodyLimit?: number;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface HandlerContext<Q, B, S> {
  session: S;
  query: Q;
  body: B;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Handler<Q, B, S> = (ctx: HandlerContext<Q, B, S>) => unknown | Promise<unknown>;

type SessionFor<O> = O extends { auth: 'none' } ? null : O extends { auth: 'optional' } ? Session | null : Session;

export interface Router {
  get<
    O extends RouteOptions<Q, B>,
    Q extends z.ZodType | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
  >(path: string, opts: O & RouteOptions<Q, B>, handler: Handler<Infer<Q>, Infer<B>, SessionFor<O>>): void;
  post<
    O extends RouteOptions<Q, B>,
    Q extends z.ZodType | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
  >(path: string, opts: O & RouteOptions<Q, B>, handler: Handler<Infer<Q>, Infer<B>, SessionFor<O>>): void;
  put<
    O extends RouteOptions<Q, B>,
    Q extends z.ZodType | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
  >(path: string, opts: O & RouteOptions<Q, B>, handler: Handler<Infer<Q>, Infer<B>, SessionFor<O>>): void;
  delete<
    O extends RouteOptions<Q, B>,
    Q extends z.ZodType | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
  >(path: string, opts: O & RouteOptions<Q, B>, handler: Handler<Infer<Q>, Infer<B>, SessionFor<O>>): void;
}

const registered: { method: string; url: string; auth: 'required' | 'optional' | 'none'; body: boolean }[] = [];
/** Every route defineRoutes has registered in this process (once each, whatever the number of apps built). */
export const apiRoutes: readonly Readonly<(typeof registered)[number]>[] = registered;

/**
 * Registers a module's routes under /api/<base>. This is the one choke point of every call: session, function
 * sign, validation, envelope and the operation log are applied here and nowhere else.
 */
export function defineRoutes(app: FastifyInstance, base: ServiceBase, define: (r: Router) => void): void {
  const add =
    (method: 'GET' | 'POST' | 'PUT' | 'DELETE') =>
    (path: string, opts: RouteOptions<any, any>, handler: Handler<any, any, any>) => {
      const url = `/api/${base}${path}`;
      const auth = opts.auth ?? 'required';
      const signs = opts.sign ? (Array.isArray(opts.sign) ? opts.sign : [opts.sign]) : [];
      if (!registered.some((r) => r.method === method && r.url === url))
        registered.push({ method, url, auth, body: Boolean(opts.body) });
      app.route({
        method,
        url,
        bodyLimit: opts.bodyLimit,
        schema: {
          summary: opts.summary ?? opts.audit,
          tags: [base],
          ...(opts.query ? { querystring: opts.query } : {}),
          ...(opts.body ? { body: opts.body } : {}),
        },
        config: { audit: opts.audit },
        // Before validation: a call without a valid session answers code 10, whatever its body.
        preValidation: async (req) => {
          if (auth === 'none') return;
          const session = await app.authenticate(req, auth === 'required');
          if (!session) return;
          if (signs.length && !session.isSuperAdmin && !signs.some((s) => session.signs.has(s))) throw forbidden();
        },
        handler: async (req, reply) => {
          const data = await handler({
            session: req.session ?? null,
            query: req.query,
            body: req.body,
            req,
            reply,
          });
          if (opts.raw) return reply;
          if (opts.audit && req.session) await app.audit(req, opts.audit, data);
          return { code: ResultCode.OK, msg: 'success', data: data ?? null };
        },
      });
    };
  define({ get: add('GET'), post: add('POST'), put: add('PUT'), delete: add('DELETE') } as Router);
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

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: any, req, reply) => {
    if (error instanceof AppError) return sendFailure(req, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = fieldName(first.instancePath, first.params);
      // some schemas' messages name their field already: it is named once
      const msg =
        field && !first.message?.startsWith(`${field}：`)
          ? `${field}：${first.message}`
          : (first.message ?? '参数错误');
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
    if (error.statusCode === 429)
      return sendFailure(req, reply, new AppError(ResultCode.RATE_LIMITED, Messages.tooManyRequests));
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
