import { formatDateTime } from '@crm/core';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest, conflict, forbidden, tooManyRequests } from '../../platform/errors';
import { offsetOf, type PageRequest, page } from '../../platform/paging';
import { hashPassword, verifyPassword } from '../../platform/password';
import type { RateLimiter } from '../../platform/rateLimit';
import type { Session, TokenService } from '../../platform/session';
import { updateSet } from '../../platform/update';
import { likePattern, uniqueViolation } from '../../platform/validation';
import { appUser, department, position, role } from './schema';
import {
  assignableDept,
  assignableRole,
  guardSuperAdminTarget,
  positionOfOrg,
  userInScope,
  visibleUsersWhere,
} from './scope';
import { deptSubtree, getUser } from './service';

/** Work status of a seat (app_user.work_status). */
export const WorkStatus = { 1: '在线', 2: '忙碌', 3: '小休', 4: '离线' } as const;
export type WorkStatusValue = keyof typeof WorkStatus;

export const UserStatusLabel = { 1: '启用', 2: '禁用' } as const;

export interface UserFilter extends PageRequest {
  keyword?: string;
  deptId?: number;
  roleId?: number;
  status?: 1 | 2;
  positionId?: number;
  /** listWithoutSuperAdmin: leave the super admin out. */
  excludeSuperAdmin?: boolean;
}

export interface UserInput {
  username: string;
  realName: string;
  phone?: string;
  email?: string;
  password: string;
  roleId: number;
  deptId: number;
  positionId?: number;
  seatNo?: string;
}

/** email and seatNo: null (from '' too) clears them. */
export type UserUpdate = Partial<Omit<UserInput, 'password' | 'email' | 'seatNo'>> & {
  id: number;
  email?: string | null;
  seatNo?: string | null;
};

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
  ) {}

  private async where(s: Session, f: Omit<UserFilter, 'pageNum' | 'pageSize'>): Promise<SQL | undefined> {
    const conds: (SQL | undefined)[] = [eq(appUser.organizationId, s.orgId), visibleUsersWhere(s)];
    if (f.keyword) {
      const k = likePattern(f.keyword);
      conds.push(or(ilike(appUser.realName, k), ilike(appUser.username, k), ilike(appUser.phone, k)));
    }
    if (f.deptId) conds.push(inArray(appUser.deptId, await deptSubtree(this.db, s.orgId, f.deptId)));
    if (f.roleId) conds.push(eq(appUser.roleId, f.roleId));
    if (f.positionId) conds.push(eq(appUser.positionId, f.positionId));
    if (f.status) conds.push(eq(appUser.status, f.status));
    if (f.excludeSuperAdmin) conds.push(eq(appUser.isSuperAdmin, false));
    return and(...conds);
  }

  async list(s: Session, f: UserFilter) {
    const where = await this.where(s, f);
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
  async simpleList(s: Session, f: { keyword?: string; deptId?: number; status?: 1 | 2 }) {
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
    // Login accepts a login name or a phone: neither may equal another user's login name or phone.
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

  private async checkRefs(s: Session, input: Partial<Pick<UserInput, 'roleId' | 'deptId' | 'positionId'>>) {
    if (input.roleId) await assignableRole(this.db, s, input.roleId);
    if (input.deptId) await assignableDept(this.db, s, input.deptId);
    if (input.positionId) await positionOfOrg(this.db, s.orgId, input.positionId);
  }

  async create(s: Session, input: UserInput) {
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

  async update(s: Session, input: UserUpdate) {
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
        .where(and(eq(appUser.id, id), eq(appUser.organizationId, s.orgId)));
    } catch (e) {
      throw uniqueError(e) ?? e;
    }
    return { id };
  }

  /** Enable (1) or disable (2); a disabled user is signed out everywhere at once. */
  async updateStatus(s: Session, input: { id: number; status: 1 | 2 }) {
    const target = await userInScope(this.db, s, input.id);
    if (input.status === 2) {
      if (target.id === s.userId) throw badRequest('不能禁用自己的账号');
      if (target.isSuperAdmin) throw badRequest('不能禁用超级管理员，请先转让超级管理员');
    }
    await this.db.update(appUser).set({ status: input.status, updatedAt: new Date() }).where(eq(appUser.id, target.id));
    if (input.status === 2) await this.revokeSessions(target.id);
    return { id: target.id, status: input.status };
  }

  /** An administrator sets another user's password; that user's sessions end. */
  async changePassword(s: Session, input: { id: number; password: string }) {
    const target = await userInScope(this.db, s, input.id);
    guardSuperAdminTarget(s, target);
    await this.db
      .update(appUser)
      .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
      .where(eq(appUser.id, target.id));
    await this.revokeSessions(target.id, target.id === s.userId ? s.sessionId : undefined);
    return { id: target.id };
  }

  private async requireSuperAdmin(s: Session) {
    if (!s.isSuperAdmin) throw forbidden();
    // password checks of a signed-in session: at most 10 per 15 minutes
    if ((await this.limiter.hit(`superadmin:verify:${s.userId}`, 900)) > 10)
      throw tooManyRequests('密码验证过于频繁，请 15 分钟后再试');
    const me = await getUser(this.db, s.orgId, s.userId);
    if (!me) throw forbidden();
    return me;
  }

  /** The super admin confirms their password; the answer is a 5-minute ticket for changeSuperAdmin. */
  async verifySuperAdmin(s: Session, input: { password: string }) {
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
  async changeSuperAdmin(s: Session, input: { userId: number; password?: string; verifyToken?: string }) {
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

  async setSalesChampion(s: Session, input: { id: number }, value: boolean) {
    const target = await userInScope(this.db, s, input.id);
    await this.db
      .update(appUser)
      .set({ isSalesChampion: value, updatedAt: new Date() })
      .where(eq(appUser.id, target.id));
    return { id: target.id, isSalesChampion: value };
  }

  async getWorkStatus(s: Session, userId = s.userId) {
    const user = await userInScope(this.db, s, userId);
    return workStatusView(user.id, user.workStatus);
  }

  async updateWorkStatus(s: Session, userId: number, workStatus: WorkStatusValue) {
    const user = userId === s.userId ? await getUser(this.db, s.orgId, userId) : await userInScope(this.db, s, userId);
    if (!user) throw forbidden();
    await this.db.update(appUser).set({ workStatus, updatedAt: new Date() }).where(eq(appUser.id, user.id));
    return workStatusView(user.id, workStatus);
  }
}

function workStatusView(userId: number, workStatus: number) {
  return { id: userId, userId, workStatus, workStatusName: WorkStatus[workStatus as WorkStatusValue] ?? '' };
}

type UserListRow = { [K in keyof typeof userColumns]: unknown } & {
  status: number;
  workStatus: number;
  lastLoginAt: Date | null;
  createdAt: Date;
};

function userView<T extends UserListRow>(row: T) {
  return {
    ...row,
    statusName: UserStatusLabel[row.status as 1 | 2] ?? '',
    workStatusName: WorkStatus[row.workStatus as WorkStatusValue] ?? '',
    lastLoginAt: formatDateTime(row.lastLoginAt),
    createdAt: formatDateTime(row.createdAt),
  };
}

function uniqueError(e: unknown) {
  const constraint = uniqueViolation(e);
  if (constraint === null) return null;
  return conflict(constraint.includes('phone') ? '手机号已被其他账号使用' : '登录账号已存在');
}
