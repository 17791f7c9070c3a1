import { z } from 'zod';
import { analysis as analysisBase, backend, IdAnswer, robot } from './call';
import { ClueFilter, clueId } from './clue';
import {
  codeField,
  dateTimeField,
  idField,
  idList,
  intField,
  keywordField,
  nameField,
  optionalCode,
  optionalId,
  optionalText,
  pageOf,
  pageQuery,
  switchField,
} from './fields';
import { seaTypesField } from './publicSea';

/**
 * Telephony (spec group E): seats, lines and the provider configuration, call settings, number protection (电销卫士)
 * and risk numbers, call tasks and their leads, placing a call, provider webhooks (/pscccall) and telecom filing.
 * Phone numbers in every answer are masked according to the role's phone masking; the real number of a lead is
 * read on the server when it dials and never sent.
 */

/** Call status of a call record and of a task's lead (CallStatus): 1 未拨打, 2 已接通, 3 未接通, 102 更新中. */
export const CALL_STATUSES = [1, 2, 3, 102] as const;
/** Call task status (CallTaskStatus): 2 未开始, 1 进行中, 3 已结束. */
export const CALL_TASK_STATUSES = [1, 2, 3] as const;
/** Why a call ended (after it reached its final status). */
export const CallEndReason = {
  answered: '已接通',
  busy: '忙线',
  no_answer: '无人接听',
  rejected: '拒接',
  unreachable: '无法接通',
  seat_no_answer: '坐席未接起',
  failed: '呼叫失败',
  timeout: '超时未回传',
  cancelled: '已取消',
} as const;
export type CallEndReasonKey = keyof typeof CallEndReason;
/** Providers: none configured, FreeSWITCH event socket, a cloud call centre over HTTP. */
export const CALL_PROVIDERS = ['none', 'freeswitch', 'cloud'] as const;
export const CallProviderName = { none: '未配置', freeswitch: 'FreeSWITCH', cloud: '云呼叫中心' } as const;
/** What a number list holds: 1 risk number (warning before a call), 2 blocked by 电销卫士 (refused). */
export const NUMBER_KINDS = [1, 2] as const;
export const NumberKindName = { 1: '风险号码', 2: '禁呼号码' } as const;
export const RISK_TYPES = [1, 2, 3, 4] as const;
export const RiskTypeName = { 1: '投诉用户', 2: '黑名单', 3: '工信部投诉', 4: '其他' } as const;
/** Telecom filing status: 1 待审核, 2 已通过, 3 已驳回. */
export const FILING_STATUSES = [1, 2, 3] as const;
export const FilingStatusName = { 1: '审核中', 2: '已通过', 3: '已驳回' } as const;

/** A Chinese phone number as dialled: mobile, or a fixed line with its area code (digits only, 5 to 20). */
const dialNumber = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .regex(/^\+?\d{5,20}$/, `${label}须为 5-20 位数字`);
const optionalNumber = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), dialNumber(label).optional());

// ---------- seats ----------

export const Seat = z.object({
  id: z.number(),
  seatNo: z.string(),
  userId: z.number().nullable(),
  realName: z.string().nullable(),
  username: z.string().nullable(),
  deptName: z.string().nullable(),
  lineId: z.number().nullable(),
  lineName: z.string().nullable(),
  displayNumber: z.string().nullable(),
  /** 1 bound to a user, 2 free in the pool. */
  bindStatus: z.number(),
  boundAt: z.string().nullable(),
  expireAt: z.string().nullable(),
  createdAt: z.string().nullable(),
});
const SeatFilter = z.object({
  ...pageQuery,
  keyword: keywordField,
  bindStatus: optionalCode('绑定状态', [1, 2] as const),
});
const seatId = idField('坐席');

export const SeatTransfer = z.object({
  id: z.number(),
  seatId: z.number(),
  seatNo: z.string(),
  fromUserName: z.string().nullable(),
  toUserName: z.string().nullable(),
  operatorName: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string().nullable(),
});

// ---------- lines and provider ----------

export const CallLine = z.object({
  id: z.number(),
  name: z.string(),
  /** The numbers this line may show to the called party. */
  numbers: z.array(z.string()),
  /** FreeSWITCH: the sofia gateway; cloud: the provider's line or trunk id. */
  gateway: z.string(),
  status: z.number(),
});
const LineInput = z.object({
  id: optionalId('线路'),
  name: nameField('线路名称', 50),
  numbers: z.array(dialNumber('外显号码')).min(1, '请至少填写一个外显号码').max(50, '外显号码最多 50 个'),
  gateway: z.string().trim().max(100, '网关最多 100 个字').default(''),
  status: switchField('线路状态').default(1),
});

export const ProviderSettings = z.object({
  provider: z.enum(CALL_PROVIDERS, { error: '外呼方式只能是不接入、FreeSWITCH 或云呼叫中心' }),
  /** FreeSWITCH event socket. */
  eslHost: z.string().trim().max(200).default(''),
  eslPort: intField('ESL 端口', 1, 65535).default(8021),
  /** Write-only: answered as '******' when set. */
  eslPassword: z.string().max(100).default(''),
  /** Dial string of a seat leg, {seat} replaced by the seat number (e.g. user/{seat}). */
  seatEndpoint: z.string().trim().max(200).default('user/{seat}'),
  /** Where the recordings FreeSWITCH writes can be fetched over HTTP (a static file server on its record folder). */
  recordingBaseUrl: z.string().trim().max(300).default(''),
  /** Cloud call centre: API base URL, account and signing secret (write-only). */
  apiBaseUrl: z.string().trim().max(300).default(''),
  appId: z.string().trim().max(100).default(''),
  appSecret: z.string().max(200).default(''),
  /** SIP over WebSocket for /sipPhone: the PBX's wss:// address and SIP domain. */
  sipWsUrl: z.string().trim().max(300).default(''),
  sipDomain: z.string().trim().max(200).default(''),
});
export const CallDataConfig = ProviderSettings.extend({
  /** Where the configuration comes from: this organisation's, the installation's (environment) or none. */
  source: z.enum(['organization', 'environment', 'none']),
  configured: z.boolean(),
  lines: z.array(CallLine),
  /** The address providers send events to (/pscccall/callback) and recordings to (/pscccall/recordCallback). */
  webhookUrl: z.string(),
});

// ---------- per-user call settings ----------

export const CallSet = z.object({
  lineId: z.number().nullable(),
  displayNumber: z.string().nullable(),
  /** Seconds after a call ends before the next lead is shown; 0 = off. */
  autoNextSeconds: z.number(),
});
const CallSetInput = z.object({
  lineId: z.preprocess((v) => (v === '' ? null : v), idField('线路').nullable().default(null)),
  displayNumber: z.preprocess((v) => (v === '' ? null : v), dialNumber('外显号码').nullable().default(null)),
  autoNextSeconds: intField('自动下一个', 0, 600, ' 秒').default(0),
});

// ---------- number protection and risk numbers ----------

export const GuardConfig = z.object({
  status: z.number(),
  /** Calls to one number per day / per 7 days across the organisation; 0 = no limit. */
  dailyLimit: z.number(),
  weeklyLimit: z.number(),
});
const GuardInput = z.object({
  status: switchField('电销卫士开关'),
  dailyLimit: intField('每日呼叫上限', 0, 100),
  weeklyLimit: intField('每周呼叫上限', 0, 500),
});
export const NumberEntry = z.object({
  id: z.number(),
  kind: z.number(),
  kindName: z.string(),
  phone: z.string(),
  riskType: z.number(),
  riskTypeName: z.string(),
  reason: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string().nullable(),
});
const NumberFilter = z.object({
  ...pageQuery,
  kind: optionalCode('号码类型', NUMBER_KINDS),
  keyword: keywordField,
});
const NumberInput = z.object({
  kind: codeField('号码类型', NUMBER_KINDS).default(1),
  phones: z.array(dialNumber('号码')).min(1, '请输入号码').max(500, '一次最多 500 个号码'),
  riskType: codeField('风险类型', RISK_TYPES).default(1),
  reason: optionalText('原因', 200),
});
/** The checks before a call, and what they found. */
export const NumberCheck = z.object({
  /** Refused before dialling (blocked, frequency limit, anti-collision), with the reason. */
  allowed: z.boolean(),
  reason: z.string().nullable(),
  /** A warning that lets the call go ahead (a risk number). */
  warning: z.string().nullable(),
  callsToday: z.number(),
  callsThisWeek: z.number(),
  /** The organisation's 拨打前提示, when it is on. */
  beforeCallTip: z.string().nullable(),
});
const NumberCheckInput = z.object({ clueId: optionalId('客户'), phone: optionalNumber('号码') });

// ---------- calls ----------

export const CallRecord = z.object({
  id: z.number(),
  callId: z.string(),
  clueId: z.number().nullable(),
  clueName: z.string().nullable(),
  taskId: z.number().nullable(),
  userId: z.number(),
  userName: z.string().nullable(),
  seatNo: z.string().nullable(),
  lineId: z.number().nullable(),
  /** Masked according to the role's phone masking. */
  phone: z.string(),
  displayNumber: z.string().nullable(),
  provider: z.string(),
  /** CallStatus 1, 2, 3, 102. */
  status: z.number(),
  statusName: z.string(),
  ended: z.boolean(),
  endReason: z.string().nullable(),
  endReasonName: z.string().nullable(),
  createdAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Seconds from dialling to hang-up. */
  durationSeconds: z.number(),
  /** Talk seconds (answered to hang-up): what is billed. */
  billableSeconds: z.number(),
  recordingId: z.number().nullable(),
  followId: z.number().nullable(),
  error: z.string().nullable(),
});
const CallOutInput = z
  .object({
    clueId: optionalId('客户'),
    /** A number typed on the dial pad (拨号盘): its lead, or a new 拨号盘线索 when no lead has it. */
    phone: optionalNumber('号码'),
    taskId: optionalId('外呼任务'),
    /** The seat confirmed the risk warning. */
    confirmRisk: z.boolean().default(false),
  })
  .refine((b) => b.clueId || b.phone, { message: '请选择客户或输入号码' });
const CallFilter = z.object({
  ...pageQuery,
  clueId: optionalId('客户'),
  taskId: optionalId('外呼任务'),
  userId: optionalId('坐席'),
  status: optionalCode('通话状态', CALL_STATUSES),
  startTime: dateTimeField,
  endTime: dateTimeField,
});
const FollowInput = z.object({
  callId: z.string().trim().min(1, '请选择通话').max(64, '通话不正确'),
  content: z.string({ error: '请输入跟进内容' }).trim().min(1, '请输入跟进内容').max(2000, '跟进内容最多 2000 个字'),
  followStatusId: optionalId('跟进状态'),
  nextFollowTime: optionalText('下次跟进时间', 19),
});

// ---------- call tasks ----------

export const CallTask = z.object({
  id: z.number(),
  name: z.string(),
  status: z.number(),
  statusName: z.string(),
  seatUserIds: z.array(z.number()),
  seatNames: z.array(z.string()),
  creatorName: z.string().nullable(),
  total: z.number(),
  dialed: z.number(),
  answered: z.number(),
  missed: z.number(),
  /** Seconds, over the answered calls. */
  avgTalkSeconds: z.number(),
  remark: z.string().nullable(),
  createdAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
const TaskInput = z.object({
  name: nameField('任务名称', 50),
  seatUserIds: idList('坐席'),
  /** Leads chosen one by one, or by the lead list's filter (up to 5,000 leads). */
  clueIds: z.array(clueId).max(5000, '一次最多 5000 个客户').optional(),
  filter: ClueFilter.optional(),
  /** A pool package: the pool's leads (narrowed by seaTypes and the filter) instead of the lead list's. */
  poolId: optionalId('公海'),
  seaTypes: seaTypesField,
  remark: optionalText('备注', 200),
});
const taskId = idField('外呼任务');
const TaskFilter = z.object({
  ...pageQuery,
  keyword: keywordField,
  status: optionalCode('任务状态', CALL_TASK_STATUSES),
});

/** A lead of a task (cluetask). */
export const TaskLead = z.object({
  id: z.number(),
  taskId: z.number(),
  clueId: z.number(),
  name: z.string(),
  company: z.string().nullable(),
  phone: z.string(),
  assignedUserId: z.number().nullable(),
  assignedUserName: z.string().nullable(),
  callStatus: z.number(),
  callStatusName: z.string(),
  attempts: z.number(),
  lastCallId: z.string().nullable(),
  lastCallAt: z.string().nullable(),
  skipped: z.boolean(),
});
/** The next lead to call, with its history. */
export const NextLead = z.object({
  lead: TaskLead.nullable(),
  remaining: z.number(),
  history: z.array(CallRecord),
  /** Lead fields shown during the call (the profile setting). */
  profile: z
    .object({
      stageName: z.string(),
      followStatusName: z.string(),
      tagNames: z.array(z.string()),
      remark: z.string().nullable(),
      lastFollowTime: z.string().nullable(),
    })
    .nullable(),
});

// ---------- telecom filing ----------

export const Filing = z.object({
  id: z.number(),
  companyName: z.string(),
  numbers: z.array(z.string()),
  script: z.string(),
  materials: z.array(z.string()),
  status: z.number(),
  statusName: z.string(),
  auditRemark: z.string().nullable(),
  submittedByName: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
const FilingInput = z.object({
  companyName: nameField('企业名称', 100),
  numbers: z.array(dialNumber('报备号码')).min(1, '请填写报备号码').max(100, '报备号码最多 100 个'),
  script: z.string({ error: '请输入话术' }).trim().min(1, '请输入话术').max(5000, '话术最多 5000 个字'),
  materials: z
    .array(
      z
        .string()
        .trim()
        .max(500)
        .regex(/^(https?:\/\/|\/)\S+$/, '材料地址不正确'),
    )
    .min(1, '请上传报备材料')
    .max(20, '材料最多 20 个'),
});

// ---------- SIP ----------

export const SipAccount = z.object({
  configured: z.boolean(),
  wsUrl: z.string(),
  domain: z.string(),
  username: z.string(),
  password: z.string(),
  displayName: z.string(),
  message: z.string().nullable(),
});

/** Provider webhooks answer in the shape cloud call centres expect. */
const WebhookAnswer = z.object({ accepted: z.boolean(), duplicate: z.boolean() });

export const telephony = {
  // seats (/callGroupUser, /callGroupUserV2, /aAgentsPool, /callSeatTransfer)
  seatList: backend.post('/callGroupUserV2/list', '坐席列表', { body: SeatFilter, answer: pageOf(Seat) }),
  seatExport: backend.post('/callGroupUserV2/export', '导出坐席（.xlsx）', {
    body: SeatFilter.omit({ pageNum: true, pageSize: true }),
  }),
  seatBind: backend.post('/callGroupUser/bind', '坐席绑定员工', {
    body: z.object({ seatId, userId: idField('员工') }),
    answer: Seat,
  }),
  seatUnbind: backend.post('/callGroupUser/unbind', '坐席解绑', { body: z.object({ seatId }), answer: Seat }),
  seatDelete: backend.post('/callGroupUser/delete', '删除坐席', { body: z.object({ seatId }), answer: IdAnswer }),
  seatShowNumber: backend.post('/callGroupUser/updateGroupUserShowNumberNew', '修改坐席外显号码', {
    body: z.object({
      seatId,
      displayNumber: z.preprocess((v) => (v === '' ? null : v), dialNumber('外显号码').nullable()),
    }),
    answer: Seat,
  }),
  poolList: backend.post('/aAgentsPool/list', '坐席池（已购坐席）', { body: SeatFilter, answer: pageOf(Seat) }),
  poolAdd: backend.post('/aAgentsPool/add', '购入坐席（按坐席号）', {
    body: z.object({
      seatNos: z
        .array(
          z
            .string()
            .trim()
            .regex(/^\d{3,10}$/, '坐席号须为 3-10 位数字'),
        )
        .min(1, '请填写坐席号')
        .max(200, '一次最多 200 个坐席'),
      lineId: optionalId('线路'),
    }),
    answer: z.object({ count: z.number() }),
  }),
  poolAssign: backend.post('/aAgentsPool/assign', '从坐席池分配坐席给员工', {
    body: z.object({ userId: idField('员工') }),
    answer: Seat,
  }),
  seatTransfer: backend.post('/callSeatTransfer/transfer', '坐席转移给另一员工', {
    body: z.object({ seatId, toUserId: idField('接收员工'), reason: optionalText('转移原因', 200) }),
    answer: Seat,
  }),
  seatTransferList: backend.post('/callSeatTransfer/pagelist', '坐席转移记录', {
    body: z.object({ ...pageQuery, seatId: optionalId('坐席') }),
    answer: pageOf(SeatTransfer),
  }),
  // provider and lines, per-user settings
  dataConfig: robot.post('/callDataConfig/get', '外呼线路与服务商配置', { answer: CallDataConfig }),
  saveDataConfig: robot.post('/callDataConfig/save', '保存外呼服务商配置', {
    body: ProviderSettings,
    answer: CallDataConfig,
  }),
  saveLine: robot.post('/callDataConfig/saveLine', '新增或修改线路', { body: LineInput, answer: CallLine }),
  deleteLine: robot.post('/callDataConfig/deleteLine', '删除线路', {
    body: z.object({ id: idField('线路') }),
    answer: IdAnswer,
  }),
  callSet: robot.post('/callset/get', '本人的外呼设置', { answer: CallSet.extend({ lines: z.array(CallLine) }) }),
  saveCallSet: robot.post('/callset/save', '保存本人的外呼设置', { body: CallSetInput, answer: CallSet }),
  sipAccount: robot.post('/callset/getSipAccount', 'SIP 话机账号', { answer: SipAccount }),
  // 电销卫士 and risk numbers
  guard: robot.post('/electricSalesGuard/get', '电销卫士设置', { answer: GuardConfig }),
  saveGuard: robot.post('/electricSalesGuard/save', '保存电销卫士设置', { body: GuardInput, answer: GuardConfig }),
  checkNumber: robot.post('/electricSalesGuard/checkNumber', '拨打前检查号码', {
    body: NumberCheckInput,
    answer: NumberCheck,
  }),
  riskList: robot.post('/risk/pagelist', '风险号码与禁呼号码', { body: NumberFilter, answer: pageOf(NumberEntry) }),
  riskAdd: robot.post('/risk/add', '添加风险号码或禁呼号码', {
    body: NumberInput,
    answer: z.object({ count: z.number() }),
  }),
  riskDelete: robot.post('/risk/delete', '删除风险号码', {
    body: z.object({ ids: idList('号码') }),
    answer: z.object({ count: z.number() }),
  }),
  riskCheck: robot.post('/risk/check', '号码是否风险号码', {
    body: NumberCheckInput,
    answer: z.object({ risk: z.boolean(), reason: z.string().nullable() }),
  }),
  // calls
  numberByClue: robot.post(
    '/calltask/getNumberByClueIdNew',
    '拨打前取号（号码仅在服务端使用，返回脱敏号码与检查结果）',
    {
      body: z.object({ clueId, taskId: optionalId('外呼任务') }),
      answer: NumberCheck.extend({ clueId: z.number(), phone: z.string() }),
    },
  ),
  callOut: robot.post('/call/v1/callOut', '外呼', { body: CallOutInput, answer: CallRecord }),
  callDetail: robot.post('/call/v1/detail', '通话记录详情', {
    body: z.object({ callId: z.string().trim().min(1).max(64) }),
    answer: CallRecord,
  }),
  callList: robot.post('/call/v1/pagelist', '通话记录', { body: CallFilter, answer: pageOf(CallRecord) }),
  callExport: robot.post('/call/v1/export', '导出通话记录（.xlsx，号码按脱敏设置）', {
    body: CallFilter.omit({ pageNum: true, pageSize: true }),
  }),
  callHangup: robot.post('/call/v1/hangup', '挂断', {
    body: z.object({ callId: z.string().trim().min(1).max(64) }),
    answer: CallRecord,
  }),
  callFollow: robot.post('/call/v1/follow', '通话后写跟进（附通话）', { body: FollowInput, answer: CallRecord }),
  callEvent: robot.post('/pscccall/callback', '服务商通话事件回调（签名校验，重放忽略）', {
    body: z.record(z.string(), z.unknown()),
    answer: WebhookAnswer,
  }),
  recordCallback: robot.post('/pscccall/recordCallback', '服务商录音就绪回调（签名校验，重放忽略）', {
    body: z.record(z.string(), z.unknown()),
    answer: WebhookAnswer,
  }),
  // call tasks and their leads
  taskList: robot.post('/calltask/pagelist', '外呼任务列表', { body: TaskFilter, answer: pageOf(CallTask) }),
  taskAdd: robot.post('/calltask/add', '新建外呼任务', { body: TaskInput, answer: CallTask }),
  taskUpdate: robot.post('/calltask/update', '修改外呼任务', {
    body: z.object({
      id: taskId,
      name: nameField('任务名称', 50).optional(),
      seatUserIds: idList('坐席').optional(),
      remark: optionalText('备注', 200),
    }),
    answer: CallTask,
  }),
  taskDelete: robot.post('/calltask/delete', '删除外呼任务', { body: z.object({ id: taskId }), answer: IdAnswer }),
  taskStatus: robot.post('/calltask/updateStatus', '开始、暂停或结束外呼任务', {
    body: z.object({ id: taskId, status: codeField('任务状态', CALL_TASK_STATUSES) }),
    answer: CallTask,
  }),
  taskDetail: robot.post('/calltask/detail', '外呼任务详情与进度', {
    body: z.object({ id: taskId }),
    answer: CallTask,
  }),
  orgTaskList: analysisBase.post('/api/clue/getOrgClueTaskList', '机构的外呼任务', {
    body: TaskFilter,
    answer: pageOf(CallTask),
  }),
  taskLeads: robot.post('/cluetask/pagelist', '任务中的客户', {
    body: z.object({ ...pageQuery, taskId, callStatus: optionalCode('通话状态', CALL_STATUSES) }),
    answer: pageOf(TaskLead),
  }),
  nextLead: robot.post('/cluetask/next', '下一个要拨打的客户', { body: z.object({ taskId }), answer: NextLead }),
  skipLead: robot.post('/cluetask/skip', '跳过客户', {
    body: z.object({ id: idField('任务客户') }),
    answer: z.object({ id: z.number() }),
  }),
  // telecom filing
  filingList: backend.post('/putOnFile/pagelist', '电信报备记录', {
    body: z.object({ ...pageQuery, status: optionalCode('报备状态', FILING_STATUSES) }),
    answer: pageOf(Filing),
  }),
  filingSubmit: backend.post('/putOnFile/submit', '提交电信报备', { body: FilingInput, answer: Filing }),
  filingDetail: backend.post('/putOnFile/detail', '电信报备详情', {
    body: z.object({ id: idField('报备') }),
    answer: Filing,
  }),
  filingAudit: backend.post('/putOnFile/audit', '登记运营商审核结果', {
    body: z.object({
      id: idField('报备'),
      status: codeField('审核结果', [2, 3] as const),
      auditRemark: optionalText('审核意见', 500),
    }),
    answer: Filing,
  }),
};

export type CallRecordView = z.infer<typeof CallRecord>;
