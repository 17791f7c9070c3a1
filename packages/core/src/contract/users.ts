import { z } from 'zod';
import { backend, IdAnswer } from './call';
import {
  clearableText,
  codeField,
  idField,
  keywordField,
  nameField,
  optionalCode,
  optionalId,
  optionalText,
  pageOf,
  pageQuery,
  passwordField,
  phoneField,
  usernameField,
} from './fields';

/**
 * /userController (用户管理), under /api/backend. The spec names some calls only in words; those are named here in
 * the style of their siblings: list, save, update, updateStatus, changePassword, verifySuperAdmin, changeSuperAdmin,
 * listWithoutSuperAdmin, setSalesChampion, cancelSalesChampion.
 */

export const USER_STATUSES = [1, 2] as const;
export const WORK_STATUSES = [1, 2, 3, 4] as const;
/** app_user.status. */
export const UserStatusName = { 1: '启用', 2: '禁用' } as const;
/** Work status of a seat (app_user.work_status). */
export const WorkStatusName = { 1: '在线', 2: '忙碌', 3: '小休', 4: '离线' } as const;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalPhone = z.preprocess(blankToUndefined, phoneField.optional());
const email = z.preprocess(
  blankToUndefined,
  z.string().trim().max(100, '邮箱最多 100 个字').email('请输入正确的邮箱').optional(),
);
/** On update '' or null clears the email; absent leaves it. */
const clearableEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().max(100, '邮箱最多 100 个字').email('请输入正确的邮箱').nullable().optional(),
);
const workStatus = codeField('工作状态', WORK_STATUSES);

export const UserFilter = z.object({
  ...pageQuery,
  keyword: keywordField,
  deptId: optionalId('部门'),
  roleId: optionalId('角色'),
  positionId: optionalId('岗位'),
  status: optionalCode('状态', USER_STATUSES),
});

export const UserOptionFilter = z.object({
  keyword: keywordField,
  deptId: optionalId('部门'),
  status: optionalCode('状态', USER_STATUSES),
});

const userFields = {
  username: usernameField,
  realName: nameField('姓名'),
  phone: optionalPhone,
  email,
  roleId: idField('角色'),
  deptId: idField('部门'),
  positionId: optionalId('岗位'),
  seatNo: optionalText('坐席工号', 30),
};

export const UserInput = z.object({ ...userFields, password: passwordField });

/** Fields left out stay as they are; email and seatNo: '' or null clears them. */
export const UserUpdate = z.object({
  id: idField('用户'),
  username: userFields.username.optional(),
  realName: userFields.realName.optional(),
  phone: userFields.phone,
  email: clearableEmail,
  roleId: optionalId('角色'),
  deptId: optionalId('部门'),
  positionId: userFields.positionId,
  seatNo: clearableText('坐席工号', 30),
});

/** One user as the user list shows it (joined with department, role and position). */
export const User = z.object({
  id: z.number(),
  organizationId: z.number(),
  username: z.string(),
  realName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  deptId: z.number().nullable(),
  deptName: z.string().nullable(),
  roleId: z.number().nullable(),
  roleName: z.string().nullable(),
  roleSign: z.string().nullable(),
  positionId: z.number().nullable(),
  positionName: z.string().nullable(),
  status: z.number(),
  statusName: z.string(),
  isSuperAdmin: z.boolean(),
  isSalesChampion: z.boolean(),
  workStatus: z.number(),
  workStatusName: z.string(),
  seatNo: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string().nullable(),
});

/** A user of the select lists (getUserList). */
export const UserOption = User.pick({ id: true, realName: true, username: true, deptId: true, status: true });

/** A seat's work status. `id` and `userId` are both the user's id. */
export const WorkStatus = z.object({
  id: z.number(),
  userId: z.number(),
  workStatus: z.number(),
  workStatusName: z.string(),
});

const userId = z.object({ id: idField('用户') });
const championParts = { body: userId, answer: z.object({ id: z.number(), isSalesChampion: z.boolean() }) };

export const users = {
  list: backend.post('/userController/list', '用户列表', { body: UserFilter, answer: pageOf(User) }),
  save: backend.post('/userController/save', '新增用户', { body: UserInput, answer: IdAnswer }),
  update: backend.post('/userController/update', '编辑用户', { body: UserUpdate, answer: IdAnswer }),
  updateStatus: backend.post('/userController/updateStatus', '启用/禁用用户', {
    body: userId.extend({ status: codeField('状态', USER_STATUSES) }),
    answer: z.object({ id: z.number(), status: z.number() }),
  }),
  changePassword: backend.post('/userController/changePassword', '修改用户密码', {
    body: userId.extend({ password: passwordField }),
    answer: IdAnswer,
  }),
  verifySuperAdmin: backend.post('/userController/verifySuperAdmin', '验证超级管理员密码', {
    body: z.object({
      password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64),
    }) /** verifyToken: a 5-minute ticket for changeSuperAdmin. */,
    answer: z.object({ verified: z.boolean(), verifyToken: z.string() }),
  }),
  changeSuperAdmin: backend.post('/userController/changeSuperAdmin', '转让超级管理员', {
    body: z.object({
      userId: idField('新超级管理员'),
      password: z.string().max(64).optional(),
      verifyToken: z.string().max(2000).optional(),
    }),
    answer: IdAnswer,
  }),
  listWithoutSuperAdmin: backend.post('/userController/listWithoutSuperAdmin', '用户列表（不含超级管理员）', {
    body: UserFilter,
    answer: pageOf(User),
  }),
  setSalesChampion: backend.post('/userController/setSalesChampion', '设置销冠', championParts),
  cancelSalesChampion: backend.post('/userController/cancelSalesChampion', '取消销冠', championParts),
  getUserList: backend.get('/userController/getUserList', '用户下拉列表（按数据权限）', {
    query: UserOptionFilter,
    answer: z.array(UserOption),
  }),
  getWorkStatus: backend.post('/userController/getWorkStatus', '工作状态', {
    body: z.object({ userId: optionalId('用户') }),
    answer: WorkStatus,
  }),
  updateWorkStatus: backend.post('/userController/updateWorkStatus', '修改工作状态', {
    body: z.object({ workStatus }),
    answer: WorkStatus,
  }),
  updateUserWorkStatus: backend.post('/userController/updateUserWorkStatus', '修改员工工作状态', {
    body: z.object({ userId: idField('用户'), workStatus }),
    answer: WorkStatus,
  }),
};
