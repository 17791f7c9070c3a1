import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { STANDARD_HTTP_STATUS } from '@crm/core';
import type { Call, CallAnswer, CallInput } from '@crm/core/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BuiltApp, buildApp } from '../app';
import type { SmsProvider } from '../modules/account/sms';
import { appUser, department } from '../modules/org/schema';
import { createOrganization } from '../modules/org/service';
import { loadConfig } from '../platform/config';
import type { AppContext, Overrides } from '../platform/context';
import { type Database, openDatabase } from '../platform/db';
import { apiRoutes } from '../platform/http';
import { hashPassword } from '../platform/password';
import { tokenOf } from '../platform/session';

export const TEST_PASSWORD = 'test@1234';
let passwordHash: Promise<string> | undefined;

export interface ApiResponse<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
  raw: string;
}

export interface CallOptions {
  token?: string | null;
  query?: Record<string, unknown>;
  /** Ask for standard HTTP status (default true, as the web client does). */
  httpStatus?: boolean;
  ip?: string;
  headers?: Record<string, string>;
}

export interface TestUser {
  userId: number;
  username: string;
  token: string;
  refreshToken: string;
}

export interface TestOrg {
  orgId: number;
  rootDeptId: number;
  deptId: number;
  otherDeptId: number;
  admin: TestUser;
  manager: TestUser;
  seat: TestUser;
  otherSeat: TestUser;
}

/** Makes one call of the contract, as the web's `api.call` does: its input and its answer typed by the call. */
export type ContractCaller = <C extends Call>(
  c: C,
  input?: CallInput<C>,
  opts?: CallOptions,
) => Promise<ApiResponse<CallAnswer<C>>>;

/**
 * The same call with an input the contract's type does not describe: for tests that send what the call must refuse
 * (a missing field, a wrong type, an unknown value) or a shape the type cannot name. The answer stays typed.
 */
export type UncheckedCaller = <C extends Call>(
  c: C,
  input?: unknown,
  opts?: CallOptions,
) => Promise<ApiResponse<CallAnswer<C>>>;

export interface TestOperator {
  account: string;
  token: string;
  /** POST to a call of /api/backend with this operator's token. */
  post<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>>;
  /** A call of the contract (an operator's: `operator: true`) with this operator's token. */
  call: ContractCaller;
  callRaw: UncheckedCaller;
}

export interface TestApp {
  built: BuiltApp;
  ctx: AppContext;
  database: Database;
  get<T = any>(path: string, opts?: CallOptions): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body?: unknown, opts?: CallOptions): Promise<ApiResponse<T>>;
  request<T = any>(method: string, path: string, body: unknown, opts?: CallOptions): Promise<ApiResponse<T>>;
  /** `t().call(contract.feedback.save, input, { token })`: a GET sends the input as its query, a POST as its body. */
  call: ContractCaller;
  callRaw: UncheckedCaller;
  /** A fresh organisation: admin, a manager of one department, a seat there and a seat in another department. */
  newOrg(): Promise<TestOrg>;
  login(username: string, password?: string): Promise<TestUser>;
  /**
   * A new installation operator (运营人员), signed in: its token serves the money calls (`operator: true`), which
   * take the organisation as `organizationId`.
   */
  newOperator(): Promise<TestOperator>;
  /** The SMS codes "sent" (with the default log provider the harness records them instead). */
  sms: RecordingSms;
  close(): Promise<void>;
}

/** Test SMS provider: keeps the codes so that a test can read them; sends nothing. */
export class RecordingSms implements SmsProvider {
  readonly name = 'recording';
  readonly sent: { phone: string; code: string }[] = [];
  async sendCode(phone: string, code: string): Promise<void> {
    this.sent.push({ phone, code });
  }
  /** The newest code sent to a phone. */
  last(phone: string): string | undefined {
    return this.sent.findLast((s) => s.phone === phone)?.code;
  }
}

const uniq = () => randomBytes(4).toString('hex');
let phoneSeq = Math.floor(Math.random() * 1e7);
const nextPhone = () => `17${String(phoneSeq++ % 1e9).padStart(9, '0')}`;

/** Builds the app on in-memory PGlite (or DATABASE_URL) for one test file. */
export async function createTestApp(env: Record<string, string> = {}, overrides: Overrides = {}): Promise<TestApp> {
  // On a shared PostgreSQL database every test file gets its own job schema, so that one file's jobs are not
  // worked by another file's app (whose engines and fakes differ).
  const jobsSchema = `pgboss_t${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    ...process.env,
    DATA_DIR: ':memory:',
    LOG_LEVEL: 'silent',
    JOBS_SCHEMA: jobsSchema,
    JOB_SCHEDULES: 'off',
    ...env,
  });
  const snapshotFile = inject('pgliteSnapshot');
  const snapshot = !config.databaseUrl && snapshotFile ? new Blob([readFileSync(snapshotFile)]) : undefined;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: ':memory:', poolSize: 5, snapshot });
  if (database.kind === 'pglite' && !snapshot) await database.migrate();
  const sms = new RecordingSms();
  const built = await buildApp(config, database, {
    logger: false,
    startJobs: env.START_JOBS !== 'false',
    overrides: { ...(config.sms.provider === 'log' ? { sms } : {}), ...overrides },
  });
  const coverageDir = process.env.API_COVERAGE_DIR;
  if (coverageDir) recordCalls(built.app, coverageDir);
  await built.app.ready();

  const request = async (method: string, path: string, body: unknown, opts: CallOptions = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.httpStatus !== false) headers['x-support-features'] = STANDARD_HTTP_STATUS;
    if (opts.token) headers.authorization = opts.token;
    const res = await built.app.inject({
      method: method as any,
      url: path,
      query: opts.query as any,
      payload: body === undefined ? undefined : (body as any),
      headers,
      remoteAddress: opts.ip ?? '127.0.0.1',
    });
    let parsed: any = {};
    try {
      parsed = res.json();
    } catch {
      parsed = {};
    }
    return {
      status: res.statusCode,
      code: parsed.code,
      msg: parsed.msg,
      data: parsed.data,
      headers: res.headers,
      raw: res.body,
    };
  };

  const callContract = (c: Call, input: unknown, opts: CallOptions = {}) => {
    const url = `/api/${c.base}${c.path}`;
    const fromInput = c.method === 'GET' ? (input as Record<string, unknown> | undefined) : queryFieldsOf(c, input);
    const query = { ...opts.query, ...fromInput };
    const withQuery = { ...opts, query: Object.keys(query).length ? query : undefined };
    return request(c.method, url, c.method === 'GET' ? undefined : (input ?? {}), withQuery);
  };

  const login = async (username: string, password = TEST_PASSWORD): Promise<TestUser> => {
    const res = await request(
      'POST',
      '/api/backend/loginController/webLogin',
      { account: username, password },
      { ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    );
    if (res.code !== 1) throw new Error(`login ${username} failed: ${res.msg}`);
    return { userId: res.data.userId, username, token: res.data.token, refreshToken: res.data.refreshToken };
  };

  const newOrg = async (): Promise<TestOrg> => {
    passwordHash ??= hashPassword(TEST_PASSWORD);
    const hash = await passwordHash;
    const tag = uniq();
    const ids = await database.db.transaction(async (tx) => {
      const { org, rootDept, roles, admin } = await createOrganization(tx, {
        name: `测试机构${tag}`,
        admin: { username: `admin_${tag}`, realName: '管理员', phone: nextPhone(), passwordHash: hash },
      });
      const [d1, d2] = await tx
        .insert(department)
        .values([
          { organizationId: org.id, parentId: rootDept.id, name: '销售一部' },
          { organizationId: org.id, parentId: rootDept.id, name: '销售二部' },
        ])
        .returning();
      const role = (sign: string) => roles.find((r) => r.roleSign === sign)!.id;
      const users = await tx
        .insert(appUser)
        .values([
          {
            organizationId: org.id,
            username: `mgr_${tag}`,
            realName: '经理',
            phone: nextPhone(),
            passwordHash: hash,
            roleId: role('manager'),
            deptId: d1.id,
          },
          {
            organizationId: org.id,
            username: `seat_${tag}`,
            realName: '坐席甲',
            phone: nextPhone(),
            passwordHash: hash,
            roleId: role('seat'),
            deptId: d1.id,
          },
          {
            organizationId: org.id,
            username: `seat2_${tag}`,
            realName: '坐席乙',
            phone: nextPhone(),
            passwordHash: hash,
            roleId: role('seat'),
            deptId: d2.id,
          },
        ])
        .returning();
      return {
        orgId: org.id,
        rootDeptId: rootDept.id,
        deptId: d1.id,
        otherDeptId: d2.id,
        adminName: admin.username,
        users,
      };
    });
    const [admin, manager, seat, otherSeat] = await Promise.all([
      login(ids.adminName),
      login(ids.users[0].username),
      login(ids.users[1].username),
      login(ids.users[2].username),
    ]);
    return {
      orgId: ids.orgId,
      rootDeptId: ids.rootDeptId,
      deptId: ids.deptId,
      otherDeptId: ids.otherDeptId,
      admin,
      manager,
      seat,
      otherSeat,
    };
  };

  const newOperator = async (): Promise<TestOperator> => {
    const account = `op_${uniq()}`;
    await built.ctx.services.operator.create(account, TEST_PASSWORD, { operatorId: null, operatorAccount: 'test' });
    const res = await request(
      'POST',
      '/api/backend/operator/login',
      { account, password: TEST_PASSWORD },
      { ip: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    );
    if (res.code !== 1) throw new Error(`operator login ${account} failed: ${res.msg}`);
    const token = res.data.token as string;
    return {
      account,
      token,
      post: (path, body) => request('POST', `/api/backend${path}`, body ?? {}, { token }),
      call: (c, input, opts) => callContract(c, input, { token, ...opts }),
      callRaw: (c, input, opts) => callContract(c, input, { token, ...opts }),
    };
  };

  return {
    built,
    ctx: built.ctx,
    database,
    newOperator,
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body ?? {}, opts),
    request,
    call: callContract,
    callRaw: callContract,
    newOrg,
    login,
    sms,
    async close() {
      await built.close();
      await database.close();
    },
  };
}

/** The fields of a POST's input that its call reads from the query (an id "in query", as the spec has some). */
function queryFieldsOf(c: Call, input: unknown): Record<string, unknown> {
  const keys = Object.keys((c.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});
  if (!keys.length || !input || typeof input !== 'object') return {};
  return Object.fromEntries(
    keys.map((k) => [k, (input as Record<string, unknown>)[k]]).filter(([, v]) => v !== undefined),
  );
}

/**
 * API coverage (scripts/api-coverage.mjs): with API_COVERAGE_DIR set, every call to the app appends
 * `{ method, route, code, status, token }` to a file of this worker, and the registered routes are written beside it.
 */
function recordCalls(app: FastifyInstance, dir: string): void {
  const id = `${process.pid}-${threadId}`;
  writeFileSync(join(dir, `routes-${id}.json`), JSON.stringify(apiRoutes));
  const file = join(dir, `calls-${id}.jsonl`);
  app.addHook('onSend', async (req, reply, payload) => {
    let code: number | undefined;
    if (typeof payload === 'string' && payload.startsWith('{')) {
      const head = /^\{"code":(-?\d+)[,}]/.exec(payload);
      if (head) code = Number(head[1]);
      else
        try {
          code = JSON.parse(payload).code;
        } catch {}
    }
    const call = {
      method: req.method,
      route: req.routeOptions.url ?? req.url.split('?')[0],
      code,
      status: reply.statusCode,
      token: tokenOf(req, true) !== null,
    };
    appendFileSync(file, `${JSON.stringify(call)}\n`);
    return payload;
  });
}

/** beforeAll/afterAll wiring: `const t = useTestApp();` then `t().post(...)` inside tests. */
export function useTestApp(env?: Record<string, string>, overrides?: Overrides): () => TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(env, overrides);
  });
  afterAll(async () => {
    await app?.close();
  });
  return () => {
    if (!app) throw new Error('test app not ready');
    return app;
  };
}
