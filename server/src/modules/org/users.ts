import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, CallQuery, contract } from '@crm/core/contract';
import { UserStatusName, type WORK_STATUSES, WorkStatusName } from '@crm/core/contract/users';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest, conflict, forbidden, tooManyRequests } from '../../platform/errors';
import { offsetOf, page } from '../../platform/paging';
import { hashPassword, verifyPassword } from '../../platform/password';
import type { RateLimiter } from '../../platform/rateLimit';
import { scoped } from '../../platform/scope';
import type { Session, TokenService } from '../../platform/session';
import { updateSet } from '../../platform/update';
import { likePattern, uniqueViolation } from '../../platform/validation';
import { deptSubtree } from './hierarchy';
import { appUser, department, position, role } from './schema';
import { assignableDept, assignableRole, findPosition, guardSuperAdminTarget, userInScope } from './scope';
import type { UserRow } from './service';

type Calls = typeof contract.users;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type WorkStatusValue = (typeof WORK_STATUSES)[number];

/** The filters of the user list and of the select list (getUserList). */
type UserFilter = Omit<Body<'list'>, 'pageNum' | 'pageSize'> | CallQuery<Calls['getUserList']>;

/** Tells a seat's open pages that their work status was changed by someone else (push). */
export type WorkStatusNotifier = (s: Session, userId: number, status: Answer<'getWorkStatus'>) => Promise<void>;

const SUPER_ADMIN_TICKET = 'superAdmin';

const userColumns = {
  id: appUser.id,
  organizationId: appUser.organizationId,
  username: appUser.username,
  realName: appUser.realName,
  phone: appUser.phone,
  email: appUser.email,
  deptId: appUser.deptId,
  deptName: department.name,
  roleId: appUser.roleId,
  roleName: role.name,
  roleSign: role.roleSign,
  positionId: appUser.positionId,
  positionName: position.name,
  status: appUser.status,
  isSuperAdmin: appUser.isSuperAdmin,
  isSalesChampion: appUser.isSalesChampion,
  workStatus: appUser.workStatus,
  seatNo: appUser.seatNo,
  lastLoginAt: appUser.lastLoginAt,
  createdAt: appUser.createdAt,
};

/** User administration of one organisation (/userController). Everything is scoped by the caller's session. */
export class UserService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    /** Ends a user's sessions (account module): disabling a user or setting their password signs them out. */
    private readonly revokeSessions: (userId: number, exceptSessionId?: string) => Promise<void>,
    private readonly limiter: RateLimiter,
    private readonly notifyWorkStatus: WorkStatusNotifier,
    /** Closes a user's push connections in every API process (platform/push.ts disconnectUser). */
    private readonly disconnectPush: (orgId: number, userId: number) => Promise<void>,
  ) {}

  /** The users of the organisation within the caller's data scope, filtered. */
  private async where(s: Session, f: UserFilter, excludeSuperAdmin = false): Promise<SQL | undefined> {
    const conds: (SQL | undefined)[] = [scoped(s, appUser, { owner: appUser.id })];
    if (f.keyword) {
      const k = likePattern(f.keyword);
      conds.push(or(ilike(appUser.realName, k), ilike(appUser.username, k), ilike(appUser.phone, k)));
    }
    if (f.deptId) conds.push(inArray(appUser.deptId, await deptSubtree(this.db, s.orgId, f.deptId)));
    if ('roleId' in f && f.roleId) conds.push(eq(appUser.roleId, f.roleId));
    if ('positionId' in f && f.positionId) conds.push(eq(appUser.positionId, f.positionId));
    if (f.status) conds.push(eq(appUser.status, f.status));
    if (excludeSuperAdmin) conds.push(eq(appUser.isSuperAdmin, false));
    return and(...conds);
  }

  /** The user list; listWithoutSuperAdmin leaves the super admin out. */
  async list(s: Session, f: Body<'list'>, opts: { excludeSuperAdmin?: boolean } = {}): Promise<Answer<'list'>> {
    const where = await this.where(s, f, opts.excludeSuperAdmin);
    const rows = await this.db
      .select(userColumns)
      .from(appUser)
      .leftJoin(department, eq(department.id, appUser.deptId))
      .leftJoin(role, eq(role.id, appUser.roleId))
      .leftJoin(position, eq(position.id, appUser.positionId))
      .where(where)
      .orderBy(desc(appUser.isSuperAdmin), desc(appUser.id))
      .limit(f.pageSize)
      .offset(offsetOf(f));
    const [{ total }] = await this.db.select({ total: count() }).from(appUser).where(where);
    return page(rows.map(userView), total, f);
  }

  /** Simple list for selects (getUserList): the users the caller's data scope covers. */
  async simpleList(s: Session, f: CallQuery<Calls['getUserList']>): Promise<Answer<'getUserList'>> {
    return this.db
      .select({
        id: appUser.id,
        realName: appUser.realName,
        username: appUser.username,
        deptId: appUser.deptId,
        status: appUser.status,
      })
      .from(appUser)
      .where(await this.where(s, f))
      .orderBy(asc(appUser.id));
  }

  private async assertUnique(username: string | undefined, phone: string | null | undefined, exceptId?: number) {
    // Login accepts a login name or a phone: neither may equal another user's login name or phone, in any
    // organisation (login names are unique across organisations).
    const check = async (value: string, msg: string) => {
      const [hit] = await this.db
        .select({ id: appUser.id })
        .from(appUser)
        .where(
          and(
            or(eq(appUser.username, value), eq(appUser.phone, value)),
            exceptId ? ne(appUser.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      if (hit) throw conflict(msg);
    };
    if (username) await check(username, '登录账号已存在');
    if (phone) await check(phone, '手机号已被其他账号使用');
  }

  private async checkRefs(s: Session, input: { roleId?: number; deptId?: number; positionId?: number }) {
    if (input.roleId) await assignableRole(this.db, s, input.roleId);
    if (input.deptId) await assignableDept(this.db, s, input.deptId);
    if (input.positionId) await findPosition(this.db, s, input.positionId);
  }

  async create(s: Session, input: Body<'save'>): Promise<Answer<'save'>> {
    await this.checkRefs(s, input);
    await this.assertUnique(input.username, input.phone);
    const passwordHash = await hashPassword(input.password);
    try {
      const [row] = await this.db
        .insert(appUser)
        .values({
          organizationId: s.orgId,
          username: input.username,
          realName: input.realName,
          phone: input.phone ?? null,
          email: input.email ?? null,
          passwordHash,
          roleId: input.roleId,
          deptId: input.deptId,
          positionId: input.positionId ?? null,
          seatNo: input.seatNo ?? null,
        })
        .returning({ id: appUser.id });
      return { id: row.id };
    } catch (e) {
      throw uniqueError(e) ?? e;
    }
  }

  async update(s: Session, input: Body<'update'>): Promise<Answer<'update'>> {
    const target = await userInScope(this.db, s, input.id);
    guardSuperAdminTarget(s, target);
    if (input.roleId && input.id === s.userId && input.roleId !== target.roleId && !s.isSuperAdmin)
      throw forbidden('不能修改自己的角色');
    await this.checkRefs(s, input);
    await this.assertUnique(
      input.username !== target.username ? input.username : undefined,
      input.phone !== target.phone ? input.phone : undefined,
      target.id,
    );
    const { id, ...fields } = input;
    const set = updateSet(fields);
    if (!set) return { id };
    try {
      await this.db
        .update(appUser)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(appUser.id, id), scoped(s, appUser)));
    } catch (e) {
      throw uniqueError(e) ?? e;
    }
    return { id };
  }

  /** Enable (1) or disable (2); a disabled user is signed out everywhere at once, their open pages stop receiving. */
  async updateStatus(s: Session, input: Body<'updateStatus'>): Promise<Answer<'updateStatus'>> {
    const target = await userInScope(this.db, s, input.id);
    if (input.status === 2) {
      if (target.id === s.userId) throw badRequest('不能禁用自己的账号');
      if (target.isSuperAdmin) throw badRequest('不能禁用超级管理员，请先转让超级管理员');
    }
    await this.db.update(appUser).set({ status: input.status, updatedAt: new Date() }).where(eq(appUser.id, target.id));
    if (input.status === 2) {
      await this.revokeSessions(target.id);
      await this.disconnectPush(s.orgId, target.id);
    }
    return { id: target.id, status: input.status };
  }

  /** An administrator sets another user's password; that user's sessions end. */
  async changePassword(s: Session, input: Body<'changePassword'>): Promise<Answer<'changePassword'>> {
    const target = await userInScope(this.db, s, input.id);
    guardSuperAdminTarget(s, target);
    await this.db
      .update(appUser)
      .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
      .where(eq(appUser.id, target.id));
    await this.revokeSessions(target.id, target.id === s.userId ? s.sessionId : undefined);
    return { id: target.id };
  }

  /** The caller's own account (undefined only if it vanished under a live session). */
  private async me(s: Session): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(appUser)
      .where(and(eq(appUser.id, s.userId), scoped(s, appUser)))
      .limit(1);
    return row;
  }

  private async requireSuperAdmin(s: Session) {
    if (!s.isSuperAdmin) throw forbidden();
    // password checks of a signed-in session: at most 10 per 15 minutes
    if ((await this.limiter.hit(`superadmin:verify:${s.userId}`, 900)) > 10)
      throw tooManyRequests('密码验证过于频繁，请 15 分钟后再试');
    const me = await this.me(s);
    if (!me) throw forbidden();
    return me;
  }

  /** The super admin confirms their password; the answer is a 5-minute ticket for changeSuperAdmin. */
  async verifySuperAdmin(s: Session, input: Body<'verifySuperAdmin'>): Promise<Answer<'verifySuperAdmin'>> {
    const me = await this.requireSuperAdmin(s);
    if (!(await verifyPassword(me.passwordHash, input.password))) throw badRequest('password：密码错误');
    const verifyToken = await this.tokens.issueTicket(SUPER_ADMIN_TICKET, { uid: me.id, org: s.orgId }, 300);
    return { verified: true, verifyToken };
  }

  /**
   * Transfers the super admin to another enabled user of the organisation. The caller proves it with the password
   * or the ticket of verifySuperAdmin. The two users swap roles: the new super admin takes the super-admin role,
   * the old one takes the new one's previous role.
   */
  async changeSuperAdmin(s: Session, input: Body<'changeSuperAdmin'>): Promise<Answer<'changeSuperAdmin'>> {
    const me = await this.requireSuperAdmin(s);
    if (input.verifyToken) {
      const t = await this.tokens.verifyTicket(SUPER_ADMIN_TICKET, input.verifyToken);
      if (!t || Number(t.uid) !== me.id) throw badRequest('verifyToken：身份验证已失效，请重新输入密码');
    } else if (!input.password || !(await verifyPassword(me.passwordHash, input.password))) {
      throw badRequest(input.password ? 'password：密码错误' : 'password：请输入密码');
    }
    if (input.userId === me.id) throw badRequest('userId：不能转让给自己');
    const target = await userInScope(this.db, s, input.userId);
    if (target.status !== 1) throw badRequest('userId：该用户已禁用，不能设为超级管理员');
    await this.db.transaction(async (tx) => {
      await tx
        .update(appUser)
        .set({ isSuperAdmin: false, roleId: target.roleId, updatedAt: new Date() })
        .where(eq(appUser.id, me.id));
      await tx
        .update(appUser)
        .set({ isSuperAdmin: true, roleId: me.roleId, status: 1, updatedAt: new Date() })
        .where(eq(appUser.id, target.id));
    });
    return { id: target.id };
  }

  async setSalesChampion(
    s: Session,
    input: Body<'setSalesChampion'>,
    value: boolean,
  ): Promise<Answer<'setSalesChampion'>> {
    const target = await userInScope(this.db, s, input.id);
    await this.db
      .update(appUser)
      .set({ isSalesChampion: value, updatedAt: new Date() })
      .where(eq(appUser.id, target.id));
    return { id: target.id, isSalesChampion: value };
  }

  /** The caller's work status, or that of a user within their data scope. */
  async getWorkStatus(s: Session, input: Body<'getWorkStatus'>): Promise<Answer<'getWorkStatus'>> {
    const user = await userInScope(this.db, s, input.userId ?? s.userId);
    return workStatusView(user.id, user.workStatus);
  }

  /** The caller sets their own work status. */
  async updateWorkStatus(s: Session, input: Body<'updateWorkStatus'>): Promise<Answer<'updateWorkStatus'>> {
    return this.setWorkStatus(s, s.userId, input.workStatus);
  }

  /** An administrator sets a seat's work status; the seat's open pages learn of it at once. */
  async updateUserWorkStatus(s: Session, input: Body<'updateUserWorkStatus'>): Promise<Answer<'updateUserWorkStatus'>> {
    const result = await this.setWorkStatus(s, input.userId, input.workStatus);
    await this.notifyWorkStatus(s, input.userId, result).catch(() => {});
    return result;
  }

  private async setWorkStatus(s: Session, userId: number, workStatus: WorkStatusValue) {
    const user = userId === s.userId ? await this.me(s) : await userInScope(this.db, s, userId);
    if (!user) throw forbidden();
    await this.db.update(appUser).set({ workStatus, updatedAt: new Date() }).where(eq(appUser.id, user.id));
    return workStatusView(user.id, workStatus);
  }
}

function workStatusView(userId: number, workStatus: number) {
  return { id: userId, userId, workStatus, workStatusName: WorkStatusName[workStatus as WorkStatusValue] ?? '' };
}

function userView<T extends { status: number; workStatus: number; lastLoginAt: Date | null; createdAt: Date }>(row: T) {
  return {
    ...row,
    statusName: UserStatusName[row.status as 1 | 2] ?? '',
    workStatusName: WorkStatusName[row.workStatus as WorkStatusValue] ?? '',
    lastLoginAt: formatDateTime(row.lastLoginAt),
    createdAt: formatDateTime(row.createdAt),
  };
}

function uniqueError(e: unknown) {
  const constraint = uniqueViolation(e);
  if (constraint === null) return null;
  return conflict(constraint.includes('phone') ? '手机号已被其他账号使用' : '登录账号已存在');
}
