import { z } from 'zod';
import { CallRate } from './billing';
import { backend, NoAnswer } from './call';
import { dateTimeField, keywordField, operatorTarget, optionalId, pageOf, pageQuery } from './fields';

/**
 * The installation operator (运营人员): an account of the installation, above its organisations, that holds money,
 * prices and grants (人工入账, AI 资源包赠送, AI 单价, 线路费率, 坐席月租). It is created from the command line
 * (`npm run operator -- create <account>`) or by OPERATOR_ACCOUNT / OPERATOR_PASSWORD on first start, signs in on
 * /operator, and its sessions are not an organisation's: an operator token opens only the calls marked
 * `operator: true` (these, and the money calls of billing, costCenter and orgSettings, which keep the spec's paths and
 * take the target organisation as `organizationId`), an organisation's token opens none of them.
 */

export const OperatorLoginInput = z.object({
  account: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(64, '账号最多 64 个字'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码最多 128 个字'),
});

export const OperatorLogin = z.object({
  token: z.string(),
  account: z.string(),
  /** When the token stops working ('YYYY-MM-DD HH:mm:ss'); sign in again then. */
  expiresAt: z.string().nullable(),
});

export const OperatorMe = z.object({ id: z.number(), account: z.string() });

export const OperatorOrgFilter = z.object({ ...pageQuery, keyword: keywordField });

export const OperatorOrg = z.object({
  id: z.number(),
  name: z.string(),
  /** 1 enabled, 2 disabled. */
  status: z.number(),
  parentId: z.number().nullable(),
  balanceFen: z.number(),
  /** AI analysis minutes left in the packs in force. */
  aiMinutesLeft: z.number(),
  aiUnitPriceFen: z.number(),
  seatRateFenPerMonth: z.number(),
  userCount: z.number(),
  createdAt: z.string().nullable(),
});

export const OperatorOrgDetail = OperatorOrg.extend({ callRates: z.array(CallRate) });

export const OperatorAuditFilter = z.object({
  ...pageQuery,
  organizationId: optionalId('机构'),
  startTime: dateTimeField,
  endTime: dateTimeField,
});

export const OperatorAuditRow = z.object({
  id: z.number(),
  operatorId: z.number().nullable(),
  operatorAccount: z.string(),
  organizationId: z.number().nullable(),
  organizationName: z.string().nullable(),
  /** What was done, e.g. 人工入账. */
  action: z.string(),
  path: z.string(),
  /** The request (secrets masked). */
  detail: z.unknown(),
  /** The organisation's money and prices before and after the action. */
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string().nullable(),
});

export const operator = {
  login: backend.post('/operator/login', '运营人员登录', { body: OperatorLoginInput, answer: OperatorLogin }),
  logout: backend.post('/operator/logout', '运营人员退出登录', { answer: NoAnswer, operator: true }),
  me: backend.post('/operator/me', '当前运营人员', { answer: OperatorMe, operator: true }),
  organizationPageList: backend.post('/operator/organizationPageList', '机构列表（余额、AI 分钟、单价）', {
    body: OperatorOrgFilter,
    answer: pageOf(OperatorOrg),
    operator: true,
  }),
  organizationDetail: backend.post('/operator/organizationDetail', '机构的费用设置（余额、单价、费率、月租）', {
    body: z.object(operatorTarget),
    answer: OperatorOrgDetail,
    operator: true,
  }),
  auditPageList: backend.post('/operator/auditPageList', '运营操作日志（操作前后）', {
    body: OperatorAuditFilter,
    answer: pageOf(OperatorAuditRow),
    operator: true,
  }),
};
