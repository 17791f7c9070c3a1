import { randomBytes } from 'node:crypto';
import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, count, desc, eq, gt, gte, isNull, lte } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../platform/errors';
import type { OperatorSession } from '../../platform/operatorSession';
import { hashPassword, PASSWORD_RULE, PASSWORD_RULE_MSG, verifyPassword } from '../../platform/password';
import type { RateLimiter } from '../../platform/rateLimit';
import type { OperatorClaims, TokenService } from '../../platform/session';
import { uniqueViolation } from '../../platform/validation';
import { getOrganization, organizationNames, organizationPage, userCountsByOrg } from '../org';
import { operatorAccount, operatorAudit, operatorSession } from './schema';

type Calls = typeof contract.operator;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

/** An organisation's money and prices as the operator sees them and the audit log keeps them (before, after). */
export interface OrgMoney {
  balanceFen: number;
  aiMinutesLeft: number;
  aiUnitPriceFen: number;
  seatRateFenPerMonth: number;
  callRates: { id: number; line: string; rateFenPerMinute: number; updatedAt: string | null }[];
}

/** What the operator module reads of the modules that own money (filled from ctx.services when they exist). */
export interface MoneyReader {
  aiMinutesLeft(orgId: number): Promise<number>;
  aiUnitPriceFen(orgId: number): Promise<number>;
  seatRateFenPerMonth(orgId: number): Promise<number>;
  callRates(orgId: number): Promise<OrgMoney['callRates']>;
}

/** Who wrote an audit row outside a request (the command line, the environment at start). */
export interface AuditActor {
  operatorId: number | null;
  operatorAccount: string;
  ip?: string | null;
}

const FAILURE_WINDOW_S = 15 * 60;
const FAILURES_BEFORE_LOCK = 10;
/** The sign-in failures message (the same for an unknown account, a wrong password or a disabled account). */
const BAD_LOGIN = '账号或密码错误';

export const OPERATOR_ACCOUNT_RULE = /^[A-Za-z0-9_@.-]{3,64}$/;
const OPERATOR_ACCOUNT_MSG = '运营账号为 3-64 位字母、数字或 _@.-';

/**
 * The installation operator (运营人员): accounts (created by the command line or the environment), sign-in with its own
 * sessions, the audit log, and the organisations' money as it reads them.
 */
export class OperatorService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'accessTokenTtlSeconds' | 'loginRateLimit'>,
    private readonly tokens: TokenService,
    private readonly limiter: RateLimiter,
    private readonly reader: () => MoneyReader,
  ) {}

  // ---------- accounts (command line, environment, demo) ----------

  async create(account: string, password: string, by: AuditActor): Promise<{ id: number }> {
    account = account.trim();
    if (!OPERATOR_ACCOUNT_RULE.test(account)) throw badRequest(OPERATOR_ACCOUNT_MSG);
    if (!PASSWORD_RULE.test(password)) throw badRequest(PASSWORD_RULE_MSG);
    const [exists] = await this.db
      .select({ id: operatorAccount.id })
      .from(operatorAccount)
      .where(eq(operatorAccount.account, account));
    if (exists) throw conflict(`运营账号 ${account} 已存在`);
    const passwordHash = await hashPassword(password);
    const [row] = await this.db
      .insert(operatorAccount)
      .values({ account, passwordHash })
      .returning({ id: operatorAccount.id })
      .catch((err) => {
        if (uniqueViolation(err) === 'operator_account_account_uq') throw conflict(`运营账号 ${account} 已存在`);
        throw err;
      });
    await this.audit(by, {
      action: '创建运营账号',
      organizationId: null,
      path: 'operator create',
      detail: { account },
    });
    return row;
  }

  /** Creates the account unless it exists (environment on start, the demo): true when it was created. */
  async ensure(account: string, password: string, by: AuditActor): Promise<boolean> {
    const [exists] = await this.db
      .select({ id: operatorAccount.id })
      .from(operatorAccount)
      .where(eq(operatorAccount.account, account.trim()));
    if (exists) return false;
    try {
      await this.create(account, password, by);
      return true;
    } catch (err) {
      // another process of the installation created it at the same moment
      if (err instanceof AppError && err.status === 409) return false;
      throw err;
    }
  }

  /** A new password; every session of the account ends. */
  async passwd(account: string, password: string, by: AuditActor): Promise<void> {
    if (!PASSWORD_RULE.test(password)) throw badRequest(PASSWORD_RULE_MSG);
    const row = await this.byAccount(account);
    await this.db
      .update(operatorAccount)
      .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
      .where(eq(operatorAccount.id, row.id));
    await this.revokeAll(row.id);
    await this.audit(by, {
      action: '修改运营账号密码',
      organizationId: null,
      path: 'operator passwd',
      detail: { account },
    });
  }

  /** Disables (or enables again) an account; disabling ends its sessions at once. */
  async setStatus(account: string, status: 1 | 2, by: AuditActor): Promise<void> {
    const row = await this.byAccount(account);
    await this.db.update(operatorAccount).set({ status, updatedAt: new Date() }).where(eq(operatorAccount.id, row.id));
    if (status === 2) await this.revokeAll(row.id);
    await this.audit(by, {
      action: status === 2 ? '停用运营账号' : '启用运营账号',
      organizationId: null,
      path: status === 2 ? 'operator disable' : 'operator enable',
      detail: { account },
      before: { status: row.status },
      after: { status },
    });
  }

  async list(): Promise<
    { id: number; account: string; status: number; lastLoginAt: string | null; createdAt: string | null }[]
  > {
    const rows = await this.db.select().from(operatorAccount).orderBy(operatorAccount.id);
    return rows.map((r) => ({
      id: r.id,
      account: r.account,
      status: r.status,
      lastLoginAt: formatDateTime(r.lastLoginAt),
      createdAt: formatDateTime(r.createdAt),
    }));
  }

  private async byAccount(account: string) {
    const [row] = await this.db.select().from(operatorAccount).where(eq(operatorAccount.account, account.trim()));
    if (!row) throw notFound(`运营账号 ${account} 不存在`);
    return row;
  }

  private async revokeAll(operatorId: number): Promise<void> {
    await this.db
      .update(operatorSession)
      .set({ revokedAt: new Date() })
      .where(and(eq(operatorSession.operatorId, operatorId), isNull(operatorSession.revokedAt)));
  }

  // ---------- sessions ----------

  /**
   * Signs an operator in: limited per account and per address like the organisations' sign-in (LOGIN_LIMIT_*), and
   * after 10 failures in 15 minutes an account (or an address) is refused until the window ends.
   */
  async login(input: Body<'login'>, ip: string): Promise<Answer<'login'>> {
    const account = input.account.trim();
    const [a, i] = await Promise.all([
      this.limiter.hit(`oplogin:acct:${account}`, 60),
      this.limiter.hit(`oplogin:ip:${ip}`, 60),
    ]);
    const { perAccount, perIp } = this.config.loginRateLimit;
    if (a > perAccount || i > perIp) throw tooManyRequests('登录尝试过于频繁，请 1 分钟后再试');
    const [fa, fi] = await Promise.all([
      this.limiter.count(`oploginfail:acct:${account}`, FAILURE_WINDOW_S),
      this.limiter.count(`oploginfail:ip:${ip}`, FAILURE_WINDOW_S),
    ]);
    if (fa >= FAILURES_BEFORE_LOCK || fi >= FAILURES_BEFORE_LOCK)
      throw tooManyRequests('登录失败次数过多，请 15 分钟后再试');
    const [row] = await this.db.select().from(operatorAccount).where(eq(operatorAccount.account, account));
    if (!row || !(await verifyPassword(row.passwordHash, input.password)) || row.status !== 1) {
      await this.limiter.hit(`oploginfail:acct:${account}`, FAILURE_WINDOW_S);
      await this.limiter.hit(`oploginfail:ip:${ip}`, FAILURE_WINDOW_S);
      throw badRequest(row && row.status !== 1 ? '运营账号已停用' : BAD_LOGIN);
    }
    await this.limiter.reset(`oploginfail:acct:${account}`);
    const ttl = this.config.accessTokenTtlSeconds;
    const sid = randomBytes(18).toString('base64url');
    const expiresAt = new Date(Date.now() + ttl * 1000);
    await this.db.insert(operatorSession).values({ id: sid, operatorId: row.id, ip, expiresAt });
    await this.db.update(operatorAccount).set({ lastLoginAt: new Date() }).where(eq(operatorAccount.id, row.id));
    await this.audit(
      { operatorId: row.id, operatorAccount: row.account, ip },
      { action: '登录', organizationId: null, path: '/api/backend/operator/login' },
    );
    return {
      token: await this.tokens.issueOperator({ sid, op: row.id }, ttl),
      account: row.account,
      expiresAt: formatDateTime(expiresAt),
    };
  }

  async logout(s: OperatorSession): Promise<null> {
    await this.db.update(operatorSession).set({ revokedAt: new Date() }).where(eq(operatorSession.id, s.sessionId));
    return null;
  }

  /** The live session of a token's claims: not revoked, not expired, the account enabled. */
  async load(claims: OperatorClaims): Promise<OperatorSession | null> {
    const [row] = await this.db
      .select({ account: operatorAccount.account })
      .from(operatorSession)
      .innerJoin(operatorAccount, eq(operatorAccount.id, operatorSession.operatorId))
      .where(
        and(
          eq(operatorSession.id, claims.sid),
          eq(operatorSession.operatorId, claims.op),
          isNull(operatorSession.revokedAt),
          gt(operatorSession.expiresAt, new Date()),
          eq(operatorAccount.status, 1),
        ),
      );
    return row ? { sessionId: claims.sid, operatorId: claims.op, account: row.account } : null;
  }

  // ---------- audit ----------

  async audit(
    by: AuditActor,
    e: {
      action: string;
      organizationId: number | null;
      path: string;
      detail?: unknown;
      before?: unknown;
      after?: unknown;
    },
  ): Promise<void> {
    await this.db.insert(operatorAudit).values({
      operatorId: by.operatorId,
      operatorAccount: by.operatorAccount.slice(0, 64),
      organizationId: e.organizationId,
      action: e.action.slice(0, 100),
      path: e.path.slice(0, 200),
      ip: by.ip ?? null,
      detail: (e.detail ?? null) as object,
      before: (e.before ?? null) as object,
      after: (e.after ?? null) as object,
    });
  }

  async auditPage(f: Body<'auditPageList'>): Promise<Answer<'auditPageList'>> {
    const where = and(
      f.organizationId ? eq(operatorAudit.organizationId, f.organizationId) : undefined,
      f.startTime ? gte(operatorAudit.createdAt, f.startTime) : undefined,
      f.endTime ? lte(operatorAudit.createdAt, f.endTime) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(operatorAudit)
        .where(where)
        .orderBy(desc(operatorAudit.createdAt), desc(operatorAudit.id))
        .limit(f.pageSize)
        .offset((f.pageNum - 1) * f.pageSize),
      this.db.select({ total: count() }).from(operatorAudit).where(where),
    ]);
    const names = await organizationNames(
      this.db,
      rows.flatMap((r) => (r.organizationId ? [r.organizationId] : [])),
    );
    return {
      lists: rows.map((r) => ({
        id: r.id,
        operatorId: r.operatorId,
        operatorAccount: r.operatorAccount,
        organizationId: r.organizationId,
        organizationName: r.organizationId ? (names.get(r.organizationId) ?? null) : null,
        action: r.action,
        path: r.path,
        detail: r.detail ?? null,
        before: r.before ?? null,
        after: r.after ?? null,
        ip: r.ip,
        createdAt: formatDateTime(r.createdAt),
      })),
      total,
      pageNum: f.pageNum,
      pageSize: f.pageSize,
    };
  }

  // ---------- organisations ----------

  /** An organisation's money and prices; 404 (机构不存在) for an unknown id. */
  async money(orgId: number): Promise<OrgMoney> {
    const org = await getOrganization(this.db, orgId);
    if (!org) throw notFound('机构不存在');
    const m = this.reader();
    const [aiMinutesLeft, aiUnitPriceFen, seatRateFenPerMonth, callRates] = await Promise.all([
      m.aiMinutesLeft(orgId),
      m.aiUnitPriceFen(orgId),
      m.seatRateFenPerMonth(orgId),
      m.callRates(orgId),
    ]);
    return { balanceFen: org.balance, aiMinutesLeft, aiUnitPriceFen, seatRateFenPerMonth, callRates };
  }

  async organizationPage(f: Body<'organizationPageList'>): Promise<Answer<'organizationPageList'>> {
    const { rows, total } = await organizationPage(this.db, f);
    const userCount = await userCountsByOrg(
      this.db,
      rows.map((r) => r.id),
    );
    const lists = [];
    for (const r of rows) {
      const m = await this.money(r.id);
      lists.push({
        id: r.id,
        name: r.name,
        status: r.status,
        parentId: r.parentId,
        balanceFen: m.balanceFen,
        aiMinutesLeft: m.aiMinutesLeft,
        aiUnitPriceFen: m.aiUnitPriceFen,
        seatRateFenPerMonth: m.seatRateFenPerMonth,
        userCount: userCount.get(r.id) ?? 0,
        createdAt: formatDateTime(r.createdAt),
      });
    }
    return { lists, total, pageNum: f.pageNum, pageSize: f.pageSize };
  }

  async organizationDetail(orgId: number): Promise<Answer<'organizationDetail'>> {
    const m = await this.money(orgId);
    const r = (await getOrganization(this.db, orgId))!;
    const n = (await userCountsByOrg(this.db, [orgId])).get(orgId) ?? 0;
    return {
      id: r.id,
      name: r.name,
      status: r.status,
      parentId: r.parentId,
      ...m,
      userCount: Number(n),
      createdAt: formatDateTime(r.createdAt),
    };
  }
}
