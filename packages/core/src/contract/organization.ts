import { z } from 'zod';
import { backend, IdAnswer } from './call';
import { clearableText, idField, intField, nameField, num, operatorTarget, phoneField, switchField } from './fields';

/**
 * /organization (机构信息与机构设置), under /api/backend. setNoticeRead, saveQuickBindSet and saveCallEndingScript
 * are named here.
 */

/** A setting that is only switched on (status 1) or off (2), and its default. */
const onOff = (label: string, status: 1 | 2) => ({
  label,
  schema: z.object({ status: switchField('开关') }),
  defaults: { status },
});

/**
 * Organisation settings, kept in organization.settings (jsonb) under one key each. Every setting is declared once
 * here — its Chinese label, the schema of its value (what the set call takes and the get call answers) and its
 * default; the server reads and writes them all through one generic pair (org/settings.ts).
 */
export const ORG_SETTINGS = {
  /** 防撞单: one phone number may belong to one owner for the protection period. */
  antiCollision: {
    label: '防撞单',
    schema: z.object({
      status: switchField('防撞单开关'),
      /** Days a customer stays protected for its owner; 0 = no limit. */
      protectDays: intField('保护天数', 0, 3650),
      /** 1 the whole organisation, 2 within the department. */
      scope: switchField('防撞范围'),
    }),
    defaults: { status: 2, protectDays: 30, scope: 1 },
  },
  /** How often the web refreshes the call status of a list (seconds). */
  callStatusRefresh: {
    label: '通话状态刷新',
    schema: z.object({
      status: switchField('开关'),
      intervalSeconds: intField('刷新间隔', 5, 600, ' 秒'),
    }),
    defaults: { status: 1, intervalSeconds: 30 },
  },
  /** Daily call-time limit of each seat. */
  seatDuration: {
    label: '坐席时长',
    schema: z.object({
      status: switchField('开关'),
      dailyLimitMinutes: intField('每日时长', 1, 1440, ' 分钟'),
    }),
    defaults: { status: 2, dailyLimitMinutes: 480 },
  },
  /** AI risk warnings (ai_risk messages) and who besides the owner receives them. */
  riskWarning: {
    label: '风险预警',
    schema: z.object({
      status: switchField('开关'),
      notifyUserIds: z.array(idField('通知人'), { error: '通知人列表不正确' }).max(50, '通知人最多 50 个'),
    }),
    defaults: { status: 1, notifyUserIds: [] as number[] },
  },
  /** Before a call: confirm and show a tip. */
  beforeCall: {
    label: '拨打前设置',
    schema: z.object({
      status: switchField('开关'),
      tip: z.string().trim().max(200, '拨打前提示最多 200 个字'),
    }),
    defaults: { status: 2, tip: '' },
  },
  /** Show the customer profile (AI briefing) during a call. */
  customerProfileShow: onOff('客户画像展示', 1),
  /** AI analysis unit price, fen per minute of audio. */
  aiUnitPrice: {
    label: 'AI 单价',
    schema: z.object({
      pricePerMinute: num(
        z.number().int('单价须为整数（分）').min(0, '单价不能小于 0').max(100_000, '单价不能大于 100000 分'),
      ),
    }),
    defaults: { pricePerMinute: 10 },
  },
  /** A new lead must name its channel source. */
  sourceRequired: onOff('渠道来源必填', 2),
  /** After a call ends, jump to the lead's detail. */
  callJumpClue: onOff('通话后跳转线索', 2),
  /** Quick binding of recordings to the lead called last. */
  quickBindSet: onOff('快捷绑定', 2),
  /** The closing words a seat reads at the end of a call. */
  callEndingScript: {
    label: '结束语话术',
    schema: z.object({ content: z.string().trim().max(500, '结束语最多 500 个字') }),
    defaults: { content: '' },
  },
} as const;

export type OrgSettingKey = keyof typeof ORG_SETTINGS;
export type OrgSettingValue<K extends OrgSettingKey> = z.output<(typeof ORG_SETTINGS)[K]['schema']>;

/** Every setting's value, by key (the `settings` of the organisation detail). */
export const OrgSettingValues = z.object(
  Object.fromEntries(Object.entries(ORG_SETTINGS).map(([k, v]) => [k, v.schema])) as {
    [K in OrgSettingKey]: (typeof ORG_SETTINGS)[K]['schema'];
  },
);

export const OrganizationUpdate = z.object({
  name: nameField('机构名称', 100).optional(),
  contactName: clearableText('联系人', 50),
  contactPhone: z.preprocess((v) => (v === '' || v === null ? undefined : v), phoneField.optional()),
  industry: clearableText('行业', 50),
});

/** What every view of an organisation starts with; `organizationId` and `organizationName` repeat `id` and `name`. */
export const OrganizationBase = z.object({
  id: z.number(),
  organizationId: z.number(),
  name: z.string(),
  organizationName: z.string(),
  parentId: z.number().nullable(),
  status: z.number(),
});

/** The caller's organisation (getOrganizationDetail). Money in fen. */
export const Organization = OrganizationBase.extend({
  isMain: z.boolean(),
  versionId: z.number(),
  versionName: z.string(),
  /** Fen. */
  balance: z.number(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  industry: z.string().nullable(),
  /** 1 unread, 2 read. */
  noticeRead: z.number(),
  userCount: z.number(),
  settings: OrgSettingValues,
  createdAt: z.string().nullable(),
});

/** This organisation or one of its secondary organisations (getSubOrganization). */
export const SubOrganization = OrganizationBase.extend({ isMain: z.boolean(), isCurrent: z.boolean() });

export const organization = {
  getAuthOrganizationBaseInfo: backend.get(
    '/organization/getAuthOrganizationBaseInfo',
    '机构基础信息（余额，单位分）',
    {
      /** The spec passes the refresh token as `token`; a session's access token (Authorization) is accepted too. */
      query: z.object({ token: z.string().optional() }),
      answer: Organization.pick({ id: true, name: true, balance: true, versionId: true, versionName: true }),
    },
  ),
  getOrganizationDetail: backend.post('/organization/getOrganizationDetail', '机构详情', { answer: Organization }),
  getSubOrganization: backend.post('/organization/getSubOrganization', '本机构及下级机构', {
    answer: z.array(SubOrganization),
  }),
  updateOrganizationInfo: backend.post('/organization/updateOrganizationInfo', '修改机构信息', {
    body: OrganizationUpdate,
    answer: IdAnswer,
  }),
  setNoticeRead: backend.post('/organization/setNoticeRead', '机构公告已读', {
    answer: z.object({ noticeRead: z.number() }),
  }),
};

const settingSchema = <K extends OrgSettingKey>(key: K) =>
  ORG_SETTINGS[key].schema as (typeof ORG_SETTINGS)[K]['schema'];

/** A setting's get call: POST, or GET where the spec says so. */
const getSetting = <K extends OrgSettingKey, const M extends 'GET' | 'POST' = 'POST'>(
  key: K,
  path: string,
  method?: M,
) => ({
  ...backend.post(`/organization/${path}`, `获取${ORG_SETTINGS[key].label}`, { answer: settingSchema(key) }),
  method: (method ?? 'POST') as M,
});

const setSetting = <K extends OrgSettingKey>(key: K, path: string) =>
  backend.post(`/organization/${path}`, `设置${ORG_SETTINGS[key].label}`, {
    body: settingSchema(key),
    answer: settingSchema(key),
  });

/** Each setting's get and set call: the set call answers the value stored. */
export const orgSettings = {
  getAntiCollision: getSetting('antiCollision', 'getAntiCollision'),
  setAntiCollision: setSetting('antiCollision', 'setAntiCollision'),
  getCallStatusRefresh: getSetting('callStatusRefresh', 'getCallStatusRefresh'),
  setCallStatusRefresh: setSetting('callStatusRefresh', 'setCallStatusRefresh'),
  getSeatDuration: getSetting('seatDuration', 'getSeatDuration'),
  setSeatDuration: setSetting('seatDuration', 'setSeatDuration'),
  getRiskWarning: getSetting('riskWarning', 'getRiskWarning'),
  setRiskWarning: setSetting('riskWarning', 'setRiskWarning'),
  getBeforeCall: getSetting('beforeCall', 'getBeforeCall'),
  setBeforeCall: setSetting('beforeCall', 'setBeforeCall'),
  getCustomerProfileShow: getSetting('customerProfileShow', 'getCustomerProfileShow'),
  setCustomerProfileShow: setSetting('customerProfileShow', 'setCustomerProfileShow'),
  getAiUnitPrice: getSetting('aiUnitPrice', 'getAiUnitPrice'),
  /** The price is the installation operator's (运营人员): the organisation reads it, the operator sets it. */
  setAiUnitPrice: backend.post('/organization/setAiUnitPrice', '设置机构的 AI 单价（运营人员）', {
    body: ORG_SETTINGS.aiUnitPrice.schema.extend(operatorTarget),
    answer: settingSchema('aiUnitPrice'),
    operator: true,
  }),
  getSourceRequired: getSetting('sourceRequired', 'getSourceRequired'),
  setSourceRequired: setSetting('sourceRequired', 'setSourceRequired'),
  getCallJumpClue: getSetting('callJumpClue', 'getCallJumpClue'),
  setCallJumpClue: setSetting('callJumpClue', 'setCallJumpClue'),
  quickBindSet: getSetting('quickBindSet', 'quickBindSet', 'GET'),
  saveQuickBindSet: setSetting('quickBindSet', 'saveQuickBindSet'),
  callEndingScript: getSetting('callEndingScript', 'callEndingScript', 'GET'),
  saveCallEndingScript: setSetting('callEndingScript', 'saveCallEndingScript'),
};

/**
 * The pair of calls of each setting an organisation writes itself, for serving them all alike. The AI unit price is
 * not among them: the organisation reads it (getAiUnitPrice), the installation operator sets it (setAiUnitPrice).
 */
export const ORG_SETTING_CALLS = [
  { key: 'antiCollision', get: orgSettings.getAntiCollision, set: orgSettings.setAntiCollision },
  { key: 'callStatusRefresh', get: orgSettings.getCallStatusRefresh, set: orgSettings.setCallStatusRefresh },
  { key: 'seatDuration', get: orgSettings.getSeatDuration, set: orgSettings.setSeatDuration },
  { key: 'riskWarning', get: orgSettings.getRiskWarning, set: orgSettings.setRiskWarning },
  { key: 'beforeCall', get: orgSettings.getBeforeCall, set: orgSettings.setBeforeCall },
  { key: 'customerProfileShow', get: orgSettings.getCustomerProfileShow, set: orgSettings.setCustomerProfileShow },
  { key: 'sourceRequired', get: orgSettings.getSourceRequired, set: orgSettings.setSourceRequired },
  { key: 'callJumpClue', get: orgSettings.getCallJumpClue, set: orgSettings.setCallJumpClue },
  { key: 'quickBindSet', get: orgSettings.quickBindSet, set: orgSettings.saveQuickBindSet },
  { key: 'callEndingScript', get: orgSettings.callEndingScript, set: orgSettings.saveCallEndingScript },
] as const satisfies readonly { key: OrgSettingKey; get: { answer: z.ZodType }; set: { body: z.ZodType } }[];
