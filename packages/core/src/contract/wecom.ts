import { z } from 'zod';
import { PasswordLogin, SignedIn, SmsLogin } from './account';
import { callsOf, robot } from './call';
import { codeField, idField, keywordField, optionalCode, pageOf, pageQuery, phoneField } from './fields';

/**
 * Enterprise WeCom (企业微信), under /api/wecom (plan.md group I): the organisation's configuration, the connection
 * test and the syncs. The callback (GET/POST /wecom/callback) speaks WeCom's XML and is not a contract call.
 */

const wecom = callsOf('wecom');

/** What a secret reads as once saved (sending it back keeps the stored one). */
export const WECOM_SECRET_MASK = '******';
/** WeCom's default API base and OAuth2 authorize host. */
export const WECOM_API_BASE = 'https://qyapi.weixin.qq.com/cgi-bin/';
export const WECOM_OAUTH_BASE = 'https://open.weixin.qq.com/';

const baseUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(300, `${label}最多 300 个字符`)
    .regex(/^(https?:\/\/\S+)?$/, `${label}须为 http:// 或 https:// 开头的完整地址`)
    .optional();

const secretField = (label: string) => z.string().trim().max(200, `${label}最多 200 个字符`).optional();

export const WeComConfigInput = z.object({
  corpId: z
    .string({ error: '请输入企业 ID' })
    .trim()
    .min(1, '请输入企业 ID')
    .regex(/^[A-Za-z0-9_-]{1,64}$/, '企业 ID 格式不正确'),
  agentId: z
    .string({ error: '请输入应用 AgentId' })
    .trim()
    .regex(/^\d{1,12}$/, '应用 AgentId 应为数字'),
  /** The self-built app's Secret; empty or ****** keeps the stored one. */
  agentSecret: secretField('应用 Secret'),
  /** The contacts (通讯录同步) Secret; optional: staff are then read with the app's Secret. */
  contactSecret: secretField('通讯录 Secret'),
  /** The callback Token (letters and digits, up to 32). */
  token: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9]{1,32}|\*{6})?$/, 'Token 应为 1 到 32 位英文或数字')
    .optional(),
  /** The callback EncodingAESKey (43 letters and digits). */
  encodingAesKey: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9]{43}|\*{6})?$/, 'EncodingAESKey 应为 43 位英文或数字')
    .optional(),
  apiBaseUrl: baseUrl('接口地址'),
  oauthBaseUrl: baseUrl('授权地址'),
});

export const WeComConfig = z.object({
  configured: z.boolean(),
  /** 1 on, 2 off. */
  open: z.number(),
  corpId: z.string(),
  agentId: z.string(),
  agentSecret: z.string(),
  contactSecret: z.string(),
  token: z.string(),
  encodingAesKey: z.string(),
  apiBaseUrl: z.string(),
  oauthBaseUrl: z.string(),
  /** What to enter as the app's callback URL in the WeCom admin console. */
  callbackUrl: z.string(),
  /** The trusted domain for the OAuth2 and JS-SDK pages. */
  trustedDomain: z.string(),
  updatedAt: z.string().nullable(),
});

export const WeComTestStep = z.object({ name: z.string(), ok: z.boolean(), message: z.string() });

export const SyncStarted = z.object({ started: z.boolean(), message: z.string() });

export const WeComSyncState = z.object({
  kind: z.string(),
  /** 0 never, 1 running, 2 done, 3 failed. */
  status: z.number(),
  message: z.string(),
  done: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

export const wecomCalls = {
  getQwServerIp: wecom.post('/wecom/getQwServerIp', '本服务器出口 IP（填入企业微信可信 IP）', {
    answer: z.object({ ips: z.array(z.string()), message: z.string() }),
  }),
  getWeComConfig: wecom.post('/wecom/getWeComConfig', '企业微信配置（密钥脱敏）', { answer: WeComConfig }),
  getWeComConfigOpen: wecom.post('/wecom/getWeComConfigOpen', '企业微信是否已配置、已开启', {
    answer: z.object({ configured: z.boolean(), open: z.number() }),
  }),
  getWeComKey: wecom.post('/wecom/getWeComKey', '回调 Token 与 EncodingAESKey（未保存时随机生成）', {
    answer: z.object({ token: z.string(), encodingAesKey: z.string(), generated: z.boolean() }),
  }),
  openWeComConfig: wecom.post('/wecom/openWeComConfig', '开启或关闭企业微信', {
    body: z.object({ open: codeField('开关', [1, 2] as const) }),
    answer: z.object({ open: z.number() }),
  }),
  saveWeComConfig: wecom.post('/wecom/saveWeComConfig', '保存企业微信配置', {
    body: WeComConfigInput,
    answer: WeComConfig,
  }),
  testWeComConfig: wecom.post('/wecom/testWeComConfig', '测试企业微信连接', {
    answer: z.object({ ok: z.boolean(), steps: z.array(WeComTestStep) }),
  }),
  updateWeComUser: wecom.post('/wecom/updateWeComUser', '从企业微信同步员工', { answer: SyncStarted }),
  updateWeComCustom: wecom.post('/wecom/updateWeComCustom', '从企业微信同步客户', { answer: SyncStarted }),
  syncStatus: wecom.post('/wecom/syncStatus', '企业微信同步进度', {
    answer: z.object({ user: WeComSyncState, customer: WeComSyncState }),
  }),
};

// ---------- staff (企微员工) and customers (企微客户), under /api/robot ----------

export const BIND_WAY_NAMES = { 0: '未绑定', 1: '手机号匹配', 2: '手动绑定' } as const;
export const CONTACT_BIND_WAY_NAMES = {
  0: '未关联',
  1: '备注手机号匹配',
  2: 'UnionID 匹配',
  3: '手动关联',
  4: '转为新线索',
} as const;
/** WeCom's add_way of a follow-up. */
export const ADD_WAY_NAMES: Record<number, string> = {
  0: '未知来源',
  1: '扫描二维码',
  2: '搜索手机号',
  3: '名片分享',
  4: '群聊',
  5: '手机通讯录',
  6: '微信联系人',
  8: '安装第三方应用时自动添加',
  9: '搜索邮箱',
  10: '视频号添加',
  11: '日程参与人',
  12: '会议参与人',
  13: '添加微信好友对应的企业微信',
  14: '智慧硬件专属客服添加',
  15: '上门服务客服添加',
  16: '获客链接添加',
  17: '定制开发',
  18: '需求回复',
  201: '内部成员共享',
  202: '管理员/负责人分配',
};

const wecomUserid = z.string({ error: '请选择企微员工' }).trim().min(1, '请选择企微员工').max(64, '企微员工 ID 不正确');
const externalUserid = z
  .string({ error: '请选择企微客户' })
  .trim()
  .min(1, '请选择企微客户')
  .max(64, '企微客户 ID 不正确');
const nullableId = (label: string) => z.union([idField(label), z.null()]);

export const WeComMember = z.object({
  userid: z.string(),
  name: z.string(),
  departments: z.array(z.number()),
  position: z.string(),
  /** WeCom's member status: 1 已激活, 2 已禁用, 4 未激活, 5 退出企业. */
  status: z.number(),
  crmUserId: z.number().nullable(),
  crmUserName: z.string().nullable(),
  bindWay: z.number(),
  bindWayName: z.string(),
  suggestedUserId: z.number().nullable(),
  suggestedUserName: z.string().nullable(),
  customerCount: z.number(),
  removed: z.boolean(),
  syncedAt: z.string().nullable(),
});

export const WeComFollower = z.object({
  userid: z.string(),
  name: z.string(),
  remark: z.string(),
  description: z.string(),
  remarkMobiles: z.array(z.string()),
  tagIds: z.array(z.string()),
  addedAt: z.string().nullable(),
  addWay: z.number(),
  addWayName: z.string(),
  removed: z.boolean(),
});

export const WeComCustomer = z.object({
  externalUserid: z.string(),
  name: z.string(),
  /** 1 微信用户, 2 企业微信用户. */
  type: z.number(),
  corpName: z.string(),
  avatar: z.string(),
  hasUnionid: z.boolean(),
  clueId: z.number().nullable(),
  clueName: z.string().nullable(),
  bindWay: z.number(),
  bindWayName: z.string(),
  followers: z.array(WeComFollower),
  removed: z.boolean(),
  syncedAt: z.string().nullable(),
});

export const wechatUser = {
  pagelist: robot.post('/wechatUser/pagelist', '企微员工列表', {
    body: z.object({ ...pageQuery, keyword: keywordField, bound: optionalCode('绑定状态', [1, 2] as const) }),
    answer: pageOf(WeComMember),
  }),
  bindUser: robot.post('/wechatUser/bindUser', '企微员工绑定系统用户（null 解除绑定）', {
    body: z.object({ userid: wecomUserid, crmUserId: nullableId('系统用户') }),
    answer: WeComMember,
  }),
};

export const wechatCustomer = {
  pagelist: robot.post('/wechatCustomer/pagelist', '企微客户列表', {
    body: z.object({
      ...pageQuery,
      keyword: keywordField,
      userid: wecomUserid.optional(),
      bound: optionalCode('关联状态', [1, 2] as const),
    }),
    answer: pageOf(WeComCustomer),
  }),
  detail: robot.post('/wechatCustomer/detail', '企微客户详情', {
    body: z.object({ externalUserid }),
    answer: WeComCustomer,
  }),
  bindClue: robot.post('/wechatCustomer/bindClue', '企微客户关联线索（null 解除关联）', {
    body: z.object({ externalUserid, clueId: nullableId('线索') }),
    answer: WeComCustomer,
  }),
  toClue: robot.post('/wechatCustomer/toClue', '企微客户转为新线索（导入方式 企业微信）', {
    body: z.object({ externalUserid, phone: phoneField.optional() }),
    answer: WeComCustomer,
  }),
};

// ---------- sign-in inside WeCom and the JS-SDK, under /api/wecom3 ----------

const wecom3 = callsOf('wecom3');
const orgParam = idField('机构', { missing: '缺少机构参数' });

export const JsSignature = z.object({ timestamp: z.number(), nonceStr: z.string(), signature: z.string() });

export const wecomAuth = {
  oauthUrl: wecom3.get('/oauth2/url', '企业微信 OAuth2 授权地址', {
    query: z.object({
      org: orgParam,
      /** The page to return to after sign-in (a path of this site). */
      redirect: z
        .string()
        .trim()
        .max(300)
        .regex(/^\/(?!\/)[^\s]*$/, '返回地址不正确')
        .optional(),
    }),
    answer: z.object({ url: z.string() }),
  }),
  oauthLogin: wecom3.post('/oauth2/login', '企业微信授权码登录（未绑定时返回绑定凭证）', {
    body: z.object({ org: orgParam, code: z.string({ error: '缺少授权码' }).trim().min(1, '缺少授权码').max(200) }),
    answer: z.object({
      bound: z.boolean(),
      signedIn: SignedIn.nullable(),
      /** For /userBindOrg/userBindOrg when not bound (10 minutes). */
      bindTicket: z.string(),
      memberName: z.string(),
    }),
  }),
  oauthBind: wecom3.post('/oauth2/bind', '企业微信成员绑定系统账号（账号密码或手机验证码）并登录', {
    body: z.union([
      PasswordLogin.extend({ bindTicket: z.string({ error: '绑定凭证已失效' }).min(1, '绑定凭证已失效').max(500) }),
      SmsLogin.extend({ bindTicket: z.string({ error: '绑定凭证已失效' }).min(1, '绑定凭证已失效').max(500) }),
    ]),
    answer: SignedIn,
  }),
  jsapiSignature: wecom3.get('/jsapi/signature', 'JS-SDK 签名（config 与 agentConfig）', {
    query: z.object({
      url: z
        .string({ error: '缺少页面地址' })
        .trim()
        .regex(/^https?:\/\/\S+$/, '页面地址不正确')
        .max(1000),
    }),
    answer: z.object({ corpId: z.string(), agentId: z.string(), config: JsSignature, agentConfig: JsSignature }),
  }),
};
