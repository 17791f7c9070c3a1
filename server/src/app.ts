import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configureIssueMessages } from '@crm/core/contract';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { modules } from './modules';
import { installAudit } from './platform/audit';
import type { Config } from './platform/config';
import type { AppContext, Overrides, Services } from './platform/context';
import { type Database, ping } from './platform/db';
import { Events } from './platform/events';
import { installErrorHandling } from './platform/http';
import { Jobs } from './platform/jobs';
import { apiDocsHooks, openApiDocument, openApiTransform, openApiTransformObject } from './platform/openapi';
import { createPush } from './platform/push';
import { RateLimiter } from './platform/rateLimit';
import { useSecretsKey } from './platform/secrets';
import { installSecurityHeaders } from './platform/security';
import { installAuth, TokenService } from './platform/session';
import { createStorage } from './platform/storage';

// zod's own Chinese texts name types (string, undefined): every issue without a message of its schema gets one that
// names its field in Chinese
z.config(z.locales.zhCN());
configureIssueMessages();

export interface BuildOptions {
  /** Start the job workers (default true). */
  startJobs?: boolean;
  logger?: boolean;
  /** Substitute adapters (tests): see Overrides. */
  overrides?: Overrides;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** Builds the Fastify app on an open, migrated database: platform plugins first, then every module. */
export async function buildApp(config: Config, database: Database, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    // X-Forwarded-For only from the proxies configured (TRUST_PROXY): otherwise any client could choose its own address,
    // which the per-IP sign-in limits and the operation log rely on. Fastify 5 ignores a bare hop count (trusts
    // nothing): that many hops are trusted by a function, as Express's `trust proxy` does.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: config.http.bodyLimitBytes,
    // a client that stops sending (slowloris) or sends for ever cannot hold a connection: see Config.http
    connectionTimeout: config.http.connectionTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    maxRequestsPerSocket: config.http.maxRequestsPerSocket || undefined,
    http: {
      // the headers must arrive within 20 s (Node's default 60 s; never more than the request timeout), and the
      // timeouts are checked every second (Node's default: every 30 s, which would let a slow client hold longer)
      headersTimeout: Math.min(config.http.requestTimeoutMs, 20_000),
      connectionsCheckingInterval: 1000,
    },
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are documented by their schemas and checked in tests (platform/http.ts), not filtered by them: a
  // serializer that parsed them would drop what a schema forgot and turn every failure envelope into an error.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  installErrorHandling(app);

  useSecretsKey(config.secretsKey);
  const tokens = new TokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  const push = await createPush({
    tokens,
    secret: config.jwtSecret,
    // the session check of the HTTP requests, once per browser connection
    sessionAlive: async (claims) => (await ctx.services.account.loadSession(claims)) !== null,
    mqtt: config.mqtt,
    log: app.log,
  });
  const storage = createStorage(
    config,
    config.dataDir === ':memory:' ? mkdtempSync(join(tmpdir(), 'crm-files-')) : undefined,
  );
  const jobs = new Jobs(
    database,
    config.workers,
    (err) => app.log.error({ err }, 'job failed'),
    config.jobsSchema,
    config.jobTuning,
    (queue, job, ms) => app.log.debug({ queue, job, ms }, 'job done'),
  );
  const ctx: AppContext = {
    app,
    config,
    database,
    db: database.db,
    jobs,
    events: new Events(jobs, database.db, (err) =>
      app.log.warn({ err }, 'event consumer run at once failed; its job runs it again'),
    ),
    storage,
    push,
    tokens,
    limiter: new RateLimiter(database.db),
    services: {} as Services,
    overrides: opts.overrides ?? {},
  };

  await installSecurityHeaders(app);
  installAuth(app, tokens, () => ctx.services.account.loadSession);
  installAudit(app, database.db);
  await app.register(multipart, { limits: { fileSize: config.uploadLimitMb * 1024 * 1024, files: 50 } });
  await app.register(swagger, {
    openapi: openApiDocument,
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  // under the app's policy (its page loads its scripts from files; the e2e run checks it renders without violations)
  // public only with API_DOCS=public; otherwise for a signed-in session
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiHooks: apiDocsHooks(app, config.apiDocsPublic) });

  for (const m of modules) await m.setup(ctx);

  app.get('/healthz', { schema: { summary: '健康检查（数据库、任务队列、推送）' } }, async (_req, reply) => {
    const database_ = await ping(database.db);
    const queue = jobs.isStarted;
    const pushOk = push.healthy();
    const ok = database_ && queue && pushOk;
    return reply.status(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      ...(database_ ? {} : { message: '数据库不可用' }),
      database: { ok: database_, kind: database.kind },
      queue: { ok: queue },
      push: { ok: pushOk, kind: push.kind },
    });
  });

  serveWeb(app, config.webDist);
  app.addHook('onReady', async () => push.attach(app.server));
  if (opts.startJobs !== false) await jobs.start();

  return {
    app,
    ctx,
    async close() {
      await app.close();
      await jobs.stop();
      await push.close();
    },
  };
}

/** The first `hops` peers counting from this server are proxies: the address the last of them saw is the client's. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** The built web app, with the SPA's index.html for every non-API path. */
function serveWeb(app: FastifyInstance, dist: string): void {
  if (!existsSync(join(dist, 'index.html'))) {
    app.get('/', { schema: { hide: true } }, async () => ({
      message: 'web app not built: run `npm run build`',
      api: '/api/docs',
    }));
    return;
  }
  app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  // the web app's pages are not API calls: left out of the API document
  app.get('/*', { schema: { hide: true } }, (req, reply) => {
    if (req.url.startsWith('/api/')) return reply.callNotFound();
    const path = req.url.split('?')[0];
    if (/\.[a-z0-9]+$/i.test(path) && existsSync(join(dist, path))) return reply.sendFile(path.slice(1));
    return reply.type('text/html').sendFile('index.html', { maxAge: 0 });
  });
}
