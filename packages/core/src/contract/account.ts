import { z } from 'zod';
import { PASSWORD_RULE, PASSWORD_RULE_MSG } from '../password';
import { backend, NoAnswer } from './call';

/**
 * Sign-in, sessions and passwords (/loginController, /geetest, /dingLogin), under /api/backend: password, SMS and
 * DingTalk sign-in, refresh and sign-out, SMS and image codes, organisation registration and password reset, and the
 * signed-in user's info.
 */

const phone = z.string().regex(/^1\d{10}$/, '请输入正确的 11 位手机号');
const password = z.string().regex(PASSWORD_RULE, PASSWORD_RULE_MSG);
const smsCodeField = z.string().regex(/^\d{6}$/, '请输入 6 位短信验证码');

/** What an SMS code is sent for: each purpose's codes only work for it. */
export const SMS_PURPOSES = ['login', 'register', 'reset'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** The answer of a captcha the login asks for after 3 failures: a geetest slider or an image code (getCode/v2). */
export const CaptchaAnswer = z.object({
  captchaId: z.string().optional(),
  captchaCode: z.string().optional(),
  geetest_challenge: z.string().max(100).optional(),
  geetest_validate: z.string().max(100).optional(),
  geetest_seccode: z.string().max(200).optional(),
});
export type CaptchaAnswer = z.infer<typeof CaptchaAnswer>;

export const PasswordLogin = z.object({
  account: z.string().trim().min(1, '请输入账号').max(64),
  password: z.string().min(1, '请输入密码').max(64),
  ...CaptchaAnswer.shape,
});
export type PasswordLogin = z.infer<typeof PasswordLogin>;

export const SmsLogin = z.object({ phone, code: smsCodeField });
export type SmsLogin = z.infer<typeof SmsLogin>;

export const RegisterInput = z.object({
  orgName: z.string().trim().min(2, '机构名称至少 2 个字').max(100),
  realName: z.string().trim().min(1, '请输入联系人姓名').max(50),
  phone,
  code: smsCodeField,
  password,
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_@.-]{4,32}$/, '登录账号为 4-32 位字母、数字或 _@.-')
    .optional(),
  industry: z.string().max(50).optional(),
});

export const ChangePasswordInput = z.object({
  oldPassword: z.string().optional(),
  /** The ticket of verificationAccount (password reset without a session). */
  ticket: z.string().optional(),
  newPassword: password,
});

/** An access token, the refresh token that renews it, and the access token's lifetime in seconds. */
export const Tokens = z.object({ token: z.string(), refreshToken: z.string(), expiresIn: z.number() });

/** Who signed in, and into which organisation. */
const SignedInUser = z.object({
  userId: z.number(),
  username: z.string(),
  realName: z.string(),
  organizationId: z.number(),
  organizationName: z.string(),
  versionId: z.number(),
});

/** The answer of every sign-in (password, SMS, DingTalk, registration): the tokens and who signed in. */
export const SignedIn = Tokens.extend(SignedInUser.shape);

export const OrgVersion = z.object({ versionId: z.number(), versionName: z.string() });

/** The signed-in user (spec part 1 section 3): who, which organisation, the role's signs, scope and routes. */
export const UserInfo = SignedInUser.extend({
  phone: z.string().nullable(),
  isMainOrganization: z.boolean(),
  versionName: z.string(),
  roleId: z.number().nullable(),
  roleName: z.string().nullable(),
  roleSign: z.string(),
  /** Comma-separated function signs. */
  functionSigns: z.string(),
  /** Data scope: 1 own, 2 department and below, 3 all. */
  dataSign: z.number(),
  deptId: z.number().nullable(),
  isSuperAdmin: z.boolean(),
  isSalesChampion: z.boolean(),
  workStatus: z.number(),
  /** Permitted routes: ['1'] means unrestricted, otherwise main-route paths without /main. */
  routes: z.array(z.string()),
  pagePermissions: z.array(z.string()),
  visibleRouters: z.array(z.string()),
  customerPermissions: z.array(z.string()),
  lastLoginAt: z.string().nullable(),
  hkbInfoVO: z.object({
    accountCount: z.number(),
    hkBindCount: z.number(),
    hkBindStatus: z.number(),
    hkBindTimeStatus: z.number(),
  }),
});
export type UserInfo = z.infer<typeof UserInfo>;

/** Geetest v3 slider parameters; success 0 tells the client to use the image code (getCode/v2) instead. */
export const GeetestParams = z.object({
  success: z.union([z.literal(0), z.literal(1)]),
  gt: z.string(),
  challenge: z.string(),
  new_captcha: z.literal(true),
  /** 3 on a mobile device, otherwise 0. */
  mobile: z.union([z.literal(0), z.literal(3)]),
  client_type: z.enum(['web', 'h5']),
  /** Why the slider is not available (success 0). */
  reason: z.string().optional(),
});
export type GeetestParams = z.infer<typeof GeetestParams>;

export const ImageCode = z.object({ captchaId: z.string(), image: z.string() });

export const account = {
  login: backend.post('/loginController/webLogin', '登录（账号密码或短信验证码）', {
    body: z.union([PasswordLogin, SmsLogin]),
    answer: SignedIn,
  }),
  refreshToken: backend.post('/loginController/refreshToken', '刷新登录凭证', {
    body: z.object({ refreshToken: z.string().min(1, '缺少刷新凭证') }),
    answer: Tokens,
  }),
  logOut: backend.post('/loginController/logOut', '退出登录', { answer: NoAnswer }),
  sendSmsCode: backend.post('/loginController/msgCode', '发送短信验证码', {
    body: z.object({ phone, type: z.enum(SMS_PURPOSES).default('login') }),
    answer: z.object({ expiresIn: z.number() }),
  }),
  verifyAccount: backend.post('/loginController/verificationAccount', '找回密码：校验手机号', {
    body: z.object({ phone, code: smsCodeField }),
    answer: z.object({ ticket: z.string(), username: z.string() }),
  }),
  changePassword: backend.post('/loginController/changePassword', '修改或重置密码', {
    body: ChangePasswordInput,
    answer: NoAnswer,
  }),
  imageCode: backend.post('/loginController/getCode/v2', '图形验证码', { answer: ImageCode }),
  register: backend.post('/loginController/registerApp', '注册机构', { body: RegisterInput, answer: SignedIn }),
  version: backend.post('/loginController/getVersionId', '机构版本', { answer: OrgVersion }),
  tempToken: backend.get('/loginController/getTempToken', '临时访问凭证（iframe、H5 页面）', {
    answer: z.object({ token: z.string(), expiresIn: z.number() }),
  }),
  userInfo: backend.get('/loginController/getUserInfoByToken', '当前用户信息', { answer: UserInfo }),
  geetestParams: backend.get('/geetest/getParams', '滑块验证码参数（极验）', {
    query: z.object({ mobile: z.string().max(10).optional() }),
    answer: GeetestParams,
  }),
  dingLogin: backend.get('/dingLogin/getXsbTokenByDingCode', '钉钉免登', {
    query: z.object({ code: z.string().trim().min(1, '缺少钉钉免登授权码').max(200) }),
    answer: SignedIn,
  }),
  captchaRequired: backend.get('/loginController/captchaRequired', '登录是否需要图形验证码', {
    query: z.object({ account: z.string().default('') }),
    answer: z.object({ captchaRequired: z.boolean() }),
  }),
};
