import { randomInt, randomUUID } from 'node:crypto';
import { DataScope, formatDateTime, Messages, ResultCode } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import type { CaptchaAnswer, PasswordLogin, SmsLogin, SmsPurpose } from '@crm/core/contract/account';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError, badRequest, conflict, loginExpired, tooManyRequests } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/password';
import type { RateLimiter } from '../../platform/rateLimit';
import { scoped } from '../../platform/scope';
import { type AccessClaims, hashToken, newRefreshToken, type Session, type TokenService } from '../../platform/session';
import * as org from '../org';
import { captchaPng, randomCaptchaText } from './captcha';
import { DingTalkClient } from './dingtalk';
import { GeetestClient, mobileFlag } from './geetest';
import { authRefreshRotated, authSession, captchaChallenge, smsCode } from './schema';
import type { SmsProvider } from './sms';

type Body<K extends keyof typeof contract.account> = CallBody<(typeof contract.account)[K]>;
type Answer<K extends keyof typeof contract.account> = CallAnswer<(typeof contract.account)[K]>;

/** Where a sign-in comes from: rate limits and the session's record. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

const FAILURE_WINDOW_S = 15 * 60;
const FAILURES_BEFORE_CAPTCHA = 3;
const SMS_TTL_MS = 5 * 60_000;
const SMS_MAX_ATTEMPTS = 5;

export class AccountService {
  private readonly geetest: GeetestClient;
  private readonly dingtalk: DingTalkClient;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly tokens: TokenService,
    private readonly limiter: RateLimiter,
    private readonly sms: SmsProvider,
  ) {
    this.geetest = new GeetestClient(config.geetest);
    this.dingtalk = new DingTalkClient(config.dingtalk);
  }

  // ---------- sign-in ----------

  async captchaRequired(account: string, ip: string): Promise<boolean> {
    if (this.config.captchaAlways) return true;
    const [a, i] = await Promise.all([
      this.limiter.count(`loginfail:acct:${account}`, FAILURE_WINDOW_S),
      this.limiter.count(`loginfail:ip:${ip}`, FAILURE_WINDOW_S),
    ]);
    return a >= FAILURES_BEFORE_CAPTCHA || i >= FAILURES_BEFORE_CAPTCHA;
  }

  private async recordFailure(account: string, ip: string): Promise<void> {
    await this.limiter.hit(`loginfail:acct:${account}`, FAILURE_WINDOW_S);
    await this.limiter.hit(`loginfail:ip:${ip}`, FAILURE_WINDOW_S);
  }

  private async limitLogin(key: string, ip: string): Promise<void> {
    const [a, i] = await Promise.all([
      this.limiter.hit(`login:acct:${key}`, 60),
      this.limiter.hit(`login:ip:${ip}`, 60),
    ]);
    const { perAccount, perIp } = this.config.loginRateLimit;
    if (a > perAccount || i > perIp) throw tooManyRequests('登录尝试过于频繁，请 1 分钟后再试');
  }

  /** When the captcha is required: a geetest slider answer (when geetest is configured) or an image code. */
  private async requireCaptcha(account: string, meta: RequestMeta, captcha?: CaptchaAnswer): Promise<void> {
    if (!(await this.captchaRequired(account, meta.ip))) return;
    const fail = (msg: string) => new AppError(ResultCode.CAPTCHA_REQUIRED, msg, 428, { captchaRequired: true });
    if (captcha?.geetest_challenge && this.geetest.configured) {
      if (!(await this.geetest.validate(captcha))) throw fail('滑块验证失败，请重试');
      return;
    }
    if (!captcha?.captchaId || !captcha.captchaCode) throw fail(Messages.captchaRequired);
    if (!(await this.checkImageCode(captcha.captchaId, captcha.captchaCode))) throw fail('图形验证码错误');
  }

  async loginByPassword(input: PasswordLogin, meta: RequestMeta): Promise<Answer<'login'>> {
    const account = input.account.trim();
    await this.limitLogin(account, meta.ip);
    await this.requireCaptcha(account, meta, input);
    const user = await org.findUserByAccount(this.db, account);
    if (!user || !(await verifyPassword(user.passwordHash, input.password))) {
      await this.recordFailure(account, meta.ip);
      const required = await this.captchaRequired(account, meta.ip);
      throw new AppError(ResultCode.BAD_REQUEST, '账号或密码错误', 400, { captchaRequired: required });
    }
    return this.signIn(user, meta);
  }

  async loginBySms(input: SmsLogin, meta: RequestMeta): Promise<Answer<'login'>> {
    await this.limitLogin(input.phone, meta.ip);
    await this.consumeSmsCode(input.phone, 'login', input.code);
    const user = await org.findUserByPhone(this.db, input.phone);
    if (!user) throw badRequest('该手机号未注册');
    return this.signIn(user, meta);
  }

  /** DingTalk H5 free login: the code gives the DingTalk user's mobile, which signs in the user with that phone. */
  async loginByDingCode(code: string, meta: RequestMeta): Promise<Answer<'dingLogin'>> {
    // Per IP (300 a minute, offices sign in from one address) and per code, like the other sign-ins.
    await this.limitLogin(`ding:${code.slice(0, 64)}`, meta.ip);
    const phone = await this.dingtalk.mobileByCode(code);
    const user = await org.findUserByPhone(this.db, phone);
    if (!user) throw badRequest(`钉钉账号的手机号 ${phone} 未在系统中注册，请联系管理员添加`);
    return this.signIn(user, meta);
  }

  /** Signs a user in (password, SMS, DingTalk): checks the account and organisation, opens a session. */
  async signIn(user: org.UserRow, meta: RequestMeta): Promise<Answer<'login'>> {
    if (user.status !== 1) throw new AppError(ResultCode.FORBIDDEN, '账号已被禁用，请联系管理员', 403);
    const orgRow = await org.getOrganization(this.db, user.organizationId);
    if (orgRow?.status !== 1) throw new AppError(ResultCode.FORBIDDEN, '所属机构已停用', 403);
    await this.limiter.reset(`loginfail:acct:${user.username}`);
    await org.touchLogin(this.db, user.id);
    const tokens = await this.openSession(user, meta);
    return {
      ...tokens,
      userId: user.id,
      username: user.username,
      realName: user.realName,
      organizationId: user.organizationId,
      organizationName: orgRow.name,
      versionId: orgRow.versionId,
    };
  }

  private async openSession(user: org.UserRow, meta: RequestMeta): Promise<Answer<'refreshToken'>> {
    const sid = randomUUID();
    const refresh = newRefreshToken();
    await this.db.insert(authSession).values({
      id: sid,
      userId: user.id,
      organizationId: user.organizationId,
      refreshHash: refresh.hash,
      expiresAt: new Date(Date.now() + this.config.refreshTokenTtlSeconds * 1000),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500),
    });
    const token = await this.tokens.issueAccess({ sid, uid: user.id, org: user.organizationId });
    return { token, refreshToken: refresh.token, expiresIn: this.tokens.accessTtlSeconds };
  }

  /**
   * Rotates the refresh token: the old one stops working; a revoked or expired session cannot refresh. A refresh token
   * already rotated away that comes again was copied (token theft): the whole session of that sign-in is revoked, the
   * newer refresh token and the access tokens with it. The rotation is one conditional update (on the current hash),
   * committed together with the record of the old hash: of two concurrent refreshes of one token, one rotates, the
   * other finds the token rotated, which counts as reuse.
   */
  async refresh(refreshToken: string): Promise<Answer<'refreshToken'>> {
    const oldHash = hashToken(refreshToken);
    const next = newRefreshToken();
    const row = await this.db.transaction(async (tx) => {
      const [rotated] = await tx
        .update(authSession)
        .set({ refreshHash: next.hash, refreshedAt: new Date() })
        .where(
          and(
            eq(authSession.refreshHash, oldHash),
            isNull(authSession.revokedAt),
            gt(authSession.expiresAt, new Date()),
          ),
        )
        .returning({ id: authSession.id, userId: authSession.userId, organizationId: authSession.organizationId });
      if (rotated) await tx.insert(authRefreshRotated).values({ refreshHash: oldHash, sessionId: rotated.id });
      return rotated;
    });
    if (!row) {
      await this.revokeOnReuse(oldHash);
      throw loginExpired();
    }
    const token = await this.tokens.issueAccess({ sid: row.id, uid: row.userId, org: row.organizationId });
    return { token, refreshToken: next.token, expiresIn: this.tokens.accessTtlSeconds };
  }

  /** A rotated refresh token presented again: revokes the session (the sign-in) it descends from. */
  private async revokeOnReuse(refreshHash: string): Promise<void> {
    const [used] = await this.db
      .select({ sessionId: authRefreshRotated.sessionId })
      .from(authRefreshRotated)
      .where(eq(authRefreshRotated.refreshHash, refreshHash))
      .limit(1);
    if (!used) return;
    await this.db
      .update(authSession)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSession.id, used.sessionId), isNull(authSession.revokedAt)));
  }

  async liveSessionByRefresh(refreshToken: string) {
    const [row] = await this.db
      .select()
      .from(authSession)
      .where(
        and(
          eq(authSession.refreshHash, hashToken(refreshToken)),
          isNull(authSession.revokedAt),
          gt(authSession.expiresAt, new Date()),
        ),
      )
      .limit(1);
    if (!row) throw loginExpired();
    return row;
  }

  async logout(session: Session): Promise<void> {
    await this.db
      .update(authSession)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSession.id, session.sessionId), scoped(session, authSession)));
  }

  /** Revokes every session of a user (password change, disabling). */
  async revokeUserSessions(userId: number, exceptSessionId?: string): Promise<void> {
    await this.db
      .update(authSession)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(authSession.userId, userId),
          isNull(authSession.revokedAt),
          exceptSessionId ? sql`${authSession.id} <> ${exceptSessionId}` : undefined,
        ),
      );
  }

  /** A short-lived access token of the same session, for iframe and H5 pages opened elsewhere. */
  async tempToken(session: Session): Promise<Answer<'tempToken'>> {
    const token = await this.tokens.issueAccess(
      { sid: session.sessionId, uid: session.userId, org: session.orgId },
      600,
    );
    return { token, expiresIn: 600 };
  }

  /**
   * The session check of every request in one round trip: the user and role (org module) with whether this
   * session is still alive (not revoked, not expired), as a prepared statement built once.
   */
  private sessionStmt?: ReturnType<AccountService['buildSessionStmt']>;
  private buildSessionStmt() {
    const alive = sql<boolean>`exists (select 1 from ${authSession} where ${authSession.id} = ${sql.placeholder('sid')} and ${authSession.revokedAt} is null and ${authSession.expiresAt} > now())`;
    return org.prepareSessionUser(this.db, 'account_load_session', { alive });
  }
  /** The user and role loaded with a request's session, so that userInfo does not read them again. */
  private readonly sessionUsers = new WeakMap<Session, org.SessionUser>();

  loadSession = async (claims: AccessClaims): Promise<Session | null> => {
    this.sessionStmt ??= this.buildSessionStmt();
    const [row] = await this.sessionStmt.execute({ sid: claims.sid, userId: claims.uid, orgId: claims.org });
    // Revoked or expired session, disabled user or organisation (signIn refuses them too): login expired.
    if (!row?.alive || row.user.status !== 1 || row.organization.status !== 1) return null;
    const { user, role, organization, deptUserIds } = row;
    const su: org.SessionUser = { user, role, organization, deptUserIds };
    const dataScope = (user.isSuperAdmin ? DataScope.ALL : (role?.dataScope ?? DataScope.OWN)) as 1 | 2 | 3;
    let visibleUserIds: number[] | null = null;
    if (dataScope === DataScope.OWN) visibleUserIds = [user.id];
    // the department subtree's users come with the session row (org.prepareSessionUser)
    else if (dataScope === DataScope.DEPT)
      visibleUserIds = [...new Set([user.id, ...(row.deptUserIds ?? []).map(Number)])];
    const session: Session = {
      sessionId: claims.sid,
      userId: user.id,
      orgId: user.organizationId,
      username: user.username,
      deptId: user.deptId,
      roleId: user.roleId,
      roleSign: user.isSuperAdmin ? 'super_admin' : (role?.roleSign ?? 'custom'),
      dataScope,
      signs: new Set(role?.functionSigns ?? []),
      isSuperAdmin: user.isSuperAdmin,
      visibleUserIds,
    };
    this.sessionUsers.set(session, su);
    return session;
  };

  async userInfo(session: Session): Promise<Answer<'userInfo'>> {
    const su = this.sessionUsers.get(session) ?? (await org.sessionUser(this.db, session.orgId, session.userId));
    if (!su) throw loginExpired();
    const { user, role, organization: orgRow } = su;
    const routes = org.permittedRoutes(user, role);
    const functionSigns = user.isSuperAdmin
      ? [...new Set([...(role?.functionSigns ?? [])])]
      : (role?.functionSigns ?? []);
    return {
      userId: user.id,
      username: user.username,
      realName: user.realName,
      phone: user.phone,
      organizationId: user.organizationId,
      organizationName: orgRow.name,
      isMainOrganization: orgRow.parentId === null,
      versionId: orgRow.versionId,
      versionName: orgRow.versionName,
      roleId: user.roleId,
      roleName: role?.name ?? null,
      roleSign: session.roleSign,
      functionSigns: functionSigns.join(','),
      dataSign: session.dataScope,
      deptId: user.deptId,
      isSuperAdmin: user.isSuperAdmin,
      isSalesChampion: user.isSalesChampion,
      workStatus: user.workStatus,
      routes,
      pagePermissions: routes,
      visibleRouters: routes,
      customerPermissions: functionSigns.filter((s) => s.startsWith('clue:') || s.startsWith('publicsea:')),
      lastLoginAt: formatDateTime(user.lastLoginAt),
      hkbInfoVO: { accountCount: 0, hkBindCount: 0, hkBindStatus: 0, hkBindTimeStatus: 0 },
    };
  }

  async version(session: Session): Promise<Answer<'version'>> {
    const orgRow = await org.getOrganization(this.db, session.orgId);
    return { versionId: orgRow!.versionId, versionName: orgRow!.versionName };
  }

  // ---------- captcha ----------

  /** Slider captcha parameters (geetest v3); success 0 tells the client to use the image code instead. */
  geetestParams(mobile: string | undefined, userAgent: string | undefined): Promise<Answer<'geetestParams'>> {
    return this.geetest.register(mobileFlag(mobile, userAgent));
  }

  /** A new image code; limited per client address (CAPTCHA_LIMIT_PER_IP a minute), drawing one costs CPU. */
  async newImageCode(ip: string): Promise<Answer<'imageCode'>> {
    if ((await this.limiter.hit(`captcha:ip:${ip}`, 60)) > this.config.captchaRateLimit.perIp)
      throw tooManyRequests('请求过于频繁，请稍后再试');
    const text = randomCaptchaText();
    const id = randomUUID();
    await this.db.insert(captchaChallenge).values({
      id,
      answerHash: hashToken(text.toUpperCase()),
      expiresAt: new Date(Date.now() + 5 * 60_000),
    });
    return { captchaId: id, image: `data:image/png;base64,${captchaPng(text).toString('base64')}` };
  }

  /** Checks and consumes an image code: each challenge answers once. */
  async checkImageCode(id: string, answer: string): Promise<boolean> {
    const used = await this.db
      .update(captchaChallenge)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(captchaChallenge.id, id),
          eq(captchaChallenge.answerHash, hashToken(answer.trim().toUpperCase())),
          isNull(captchaChallenge.usedAt),
          gt(captchaChallenge.expiresAt, new Date()),
        ),
      )
      .returning({ id: captchaChallenge.id });
    return used.length === 1;
  }

  // ---------- SMS codes ----------

  async sendSmsCode(phone: string, purpose: SmsPurpose, ip: string): Promise<Answer<'sendSmsCode'>> {
    // In turn, so that a request refused for its IP does not use up the phone's quota.
    if ((await this.limiter.hit(`sms:ip:${ip}`, 3600)) > 20) throw tooManyRequests();
    if ((await this.limiter.hit(`sms:phone:${phone}`, 60)) > 1)
      throw tooManyRequests('验证码发送过于频繁，请 60 秒后再试');
    if ((await this.limiter.hit(`sms:phone-day:${phone}`, 86_400)) > 10)
      throw tooManyRequests('该手机号今日验证码发送次数已达上限');
    const exists = !!(await org.findUserByPhone(this.db, phone));
    if (purpose === 'register' && exists) throw conflict('该手机号已注册，请直接登录');
    if (purpose !== 'register' && !exists) throw badRequest('该手机号未注册');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = randomUUID();
    await this.db.insert(smsCode).values({
      id,
      phone,
      purpose,
      codeHash: hashToken(`${phone}:${code}`),
      expiresAt: new Date(Date.now() + SMS_TTL_MS),
    });
    try {
      await this.sms.sendCode(phone, code);
    } catch (e) {
      // Not sent: the code must not work, and the user may retry at once.
      await this.db.delete(smsCode).where(eq(smsCode.id, id));
      await this.limiter.reset(`sms:phone:${phone}`);
      throw e;
    }
    return { expiresIn: SMS_TTL_MS / 1000 };
  }

  /**
   * Verifies the newest unused code of the phone and purpose, and uses it up. Every guess counts in one statement
   * (attempts + 1 only while below the maximum and unused, and a right code marked used with it), so that
   * concurrent guesses cannot all read the same count.
   */
  async consumeSmsCode(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
    const [row] = await this.db
      .select()
      .from(smsCode)
      .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose), isNull(smsCode.usedAt)))
      .orderBy(desc(smsCode.createdAt))
      .limit(1);
    if (!row || row.expiresAt < new Date()) throw badRequest('验证码已过期，请重新获取');
    if (row.attempts >= SMS_MAX_ATTEMPTS) throw badRequest('验证码错误次数过多，请重新获取');
    const right = row.codeHash === hashToken(`${phone}:${code}`);
    const counted = await this.db
      .update(smsCode)
      .set({ attempts: sql`${smsCode.attempts} + 1`, ...(right ? { usedAt: new Date() } : {}) })
      .where(and(eq(smsCode.id, row.id), lt(smsCode.attempts, SMS_MAX_ATTEMPTS), isNull(smsCode.usedAt)))
      .returning({ id: smsCode.id });
    // used up meanwhile by concurrent guesses, or used by a concurrent right one
    if (!counted.length) throw badRequest('验证码已失效，请重新获取');
    if (!right) throw badRequest('验证码错误');
  }

  // ---------- registration and passwords ----------

  async register(input: Body<'register'>, meta: RequestMeta): Promise<Answer<'register'>> {
    await this.limitLogin(input.phone, meta.ip);
    await this.consumeSmsCode(input.phone, 'register', input.code);
    const username = input.username?.trim() || input.phone;
    if (await org.findUserByAccount(this.db, username)) throw conflict('登录账号已存在');
    const passwordHash = await hashPassword(input.password);
    const created = await this.db.transaction((tx) =>
      org.createOrganization(tx, {
        name: input.orgName,
        contactName: input.realName,
        contactPhone: input.phone,
        industry: input.industry,
        admin: { username, realName: input.realName, phone: input.phone, passwordHash },
      }),
    );
    return this.signIn(created.admin, meta);
  }

  /** Step 1 of a password reset: phone and SMS code give a ticket valid for 10 minutes. */
  async verifyAccount(input: Body<'verifyAccount'>, meta: RequestMeta): Promise<Answer<'verifyAccount'>> {
    await this.limitLogin(input.phone, meta.ip);
    await this.consumeSmsCode(input.phone, 'reset', input.code);
    const user = await org.findUserByPhone(this.db, input.phone);
    if (!user) throw badRequest('该手机号未注册');
    const ticket = await this.tokens.issueTicket('reset', { uid: user.id }, 600);
    return { ticket, username: user.username };
  }

  /** Changes a password: signed in with the old password, or with a reset ticket. Other sessions end. */
  async changePassword(session: Session | null, input: Body<'changePassword'>): Promise<void> {
    if (!session && !input.ticket) throw badRequest('ticket：请先校验手机号');
    let userId: number;
    if (input.ticket) {
      const t = await this.tokens.verifyTicket('reset', input.ticket);
      if (!t) throw badRequest('重置凭证已失效，请重新验证手机号');
      userId = Number(t.uid);
    } else {
      if (!session) throw loginExpired(Messages.notLoggedIn);
      if (!input.oldPassword) throw badRequest('oldPassword：请输入原密码');
      const user = await org.getUser(this.db, session.orgId, session.userId);
      if (!user || !(await verifyPassword(user.passwordHash, input.oldPassword))) throw badRequest('原密码错误');
      userId = user.id;
    }
    await org.setPassword(this.db, userId, await hashPassword(input.newPassword));
    await this.revokeUserSessions(userId, session?.sessionId);
  }
}
