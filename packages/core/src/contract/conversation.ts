import { z } from 'zod';
import { backend, callsOf, robot } from './call';
import {
  codeField,
  dateTimeField,
  idField,
  keywordField,
  nameField,
  optionalCode,
  optionalId,
  optionalText,
  pageOf,
  pageQuery,
} from './fields';

/**
 * Conversations (plan.md group I, second half; issue 30): one store of chats whatever their channel — personal
 * WeChat exports uploaded by staff (/weixin/uploadWeiXinWord, backend), chats pushed by an assistant client
 * (/assistant/*, robot), and the list, messages, search and AI analysis of every chat (/msg/*, wecom). Personal
 * WeChat accounts and contacts are /wxuser and /wxcustomer (robot); WeCom's own are the WeCom issue's.
 */

const wecom = callsOf('wecom');

/** Where a chat came from: 1 企业微信 (archive), 2 个人微信. */
export const CHAT_CHANNELS = [1, 2] as const;
export const ChatChannelName = { 1: '企业微信', 2: '个人微信' } as const;
/** What a message is. */
export const MESSAGE_TYPES = ['text', 'image', 'voice', 'file', 'recall'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MessageTypeName: Record<MessageType, string> = {
  text: '文本',
  image: '图片',
  voice: '语音',
  file: '文件',
  recall: '撤回',
};
/** How a personal WeChat account or contact was matched: 0 未绑定, 1 手机号匹配, 2 手动绑定. */
export const MatchWayName = { 0: '未绑定', 1: '手机号匹配', 2: '手动绑定' } as const;
/** Key moments of a chat (ai_chat_key messages). */
export const KEY_MOMENTS = ['price', 'competitor', 'refusal', 'appointment'] as const;
export type KeyMoment = (typeof KEY_MOMENTS)[number];
export const KeyMomentName: Record<KeyMoment, string> = {
  price: '客户询价',
  competitor: '提及竞品',
  refusal: '客户拒绝',
  appointment: '约定时间',
};
/** Chat history export formats an upload may have. */
export const CHAT_EXPORT_EXTENSIONS = ['docx', 'txt', 'html', 'htm', 'csv'] as const;

const wxid = z
  .string({ error: '请输入微信号' })
  .trim()
  .min(1, '请输入微信号')
  .max(64, '微信号最多 64 个字符')
  .regex(/^[^\s]+$/, '微信号不能包含空格');
const nullableId = (label: string) => z.union([idField(label), z.null()]);

// ---------- accounts (个微员工) and contacts (个微客户) ----------

export const WxAccount = z.object({
  id: z.number(),
  wxid: z.string(),
  nickname: z.string(),
  phone: z.string().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  matchWay: z.number(),
  matchWayName: z.string(),
  contactCount: z.number(),
  chatCount: z.number(),
  createTime: z.string().nullable(),
});

export const WxContact = z.object({
  id: z.number(),
  wxid: z.string(),
  nickname: z.string(),
  remark: z.string(),
  phone: z.string().nullable(),
  accountId: z.number().nullable(),
  accountName: z.string().nullable(),
  clueId: z.number().nullable(),
  clueName: z.string().nullable(),
  matchWay: z.number(),
  matchWayName: z.string(),
  /** 10 助手导入 or 12 个人微信: where the contact came from (and the import way of a lead made from it). */
  importWay: z.number(),
  lastMsgTime: z.string().nullable(),
  createTime: z.string().nullable(),
});

export const wxuser = {
  pagelist: robot.post('/wxuser/pagelist', '个微员工列表', {
    body: z.object({ ...pageQuery, keyword: keywordField, bound: optionalCode('绑定状态', [1, 2] as const) }),
    answer: pageOf(WxAccount),
  }),
  bindUser: robot.post('/wxuser/bindUser', '个微员工绑定系统用户（null 解除绑定）', {
    body: z.object({ id: idField('个微员工'), userId: nullableId('系统用户') }),
    answer: WxAccount,
  }),
};

export const wxcustomer = {
  pagelist: robot.post('/wxcustomer/pagelist', '个微客户列表', {
    body: z.object({
      ...pageQuery,
      keyword: keywordField,
      accountId: optionalId('个微员工'),
      bound: optionalCode('关联状态', [1, 2] as const),
    }),
    answer: pageOf(WxContact),
  }),
  bindClue: robot.post('/wxcustomer/bindClue', '个微客户关联线索（null 解除关联）', {
    body: z.object({ id: idField('个微客户'), clueId: nullableId('线索') }),
    answer: WxContact,
  }),
  toClue: robot.post('/wxcustomer/toClue', '个微客户转为新线索（导入方式 助手导入 / 个人微信）', {
    body: z.object({
      id: idField('个微客户'),
      phone: z
        .string()
        .trim()
        .regex(/^1\d{10}$/, '请输入正确的 11 位手机号')
        .optional(),
    }),
    answer: WxContact,
  }),
};

// ---------- the assistant client (助手) ----------

export const WechatAssistant = z.object({
  id: z.number(),
  name: z.string(),
  /** The first characters of its token (the whole token is shown once, when it is made). */
  tokenHint: z.string(),
  status: z.number(),
  messageCount: z.number(),
  lastPushTime: z.string().nullable(),
  createTime: z.string().nullable(),
});

export const IngestMessage = z.object({
  /** The message's id on the assistant's side: a message pushed twice is stored once. */
  msgid: z.string().trim().min(1, 'msgid 不能为空').max(128, 'msgid 最多 128 个字符'),
  accountWxid: wxid,
  accountName: optionalText('员工昵称', 64),
  accountPhone: optionalText('员工手机号', 20),
  contactWxid: wxid,
  contactName: optionalText('客户昵称', 64),
  contactPhone: optionalText('客户手机号', 20),
  /** true: the staff account sent it; false: the customer. */
  fromStaff: z.boolean({ error: 'fromStaff 须为 true 或 false' }),
  time: dateTimeField.refine((v) => v !== undefined, '请填写消息时间'),
  type: z.enum(MESSAGE_TYPES, { error: '消息类型只能是 text、image、voice、file、recall' }).default('text'),
  content: z.string().max(20_000, '消息内容最多 20000 个字').default(''),
  /** Base64 of an image, voice or file (up to 5 MB). */
  media: z
    .string()
    .max(7_000_000, '媒体文件不能超过 5 MB')
    .regex(/^[A-Za-z0-9+/=]*$/, '媒体文件须为 base64')
    .optional(),
  mediaName: optionalText('文件名', 200),
  /** A voice message's transcript, when the assistant has one. */
  transcript: optionalText('语音转写', 5000),
});

export const assistantCalls = {
  selectOrgWechatAssistant: robot.get('/assistant/selectOrgWechatAssistant', '机构的个人微信助手', {
    answer: z.array(WechatAssistant),
  }),
  saveOrgWechatAssistant: robot.post('/assistant/saveOrgWechatAssistant', '新增个人微信助手（令牌只显示一次）', {
    body: z.object({ name: nameField('助手名称', 50) }),
    answer: WechatAssistant.extend({ token: z.string() }),
  }),
  deleteOrgWechatAssistant: robot.post('/assistant/deleteOrgWechatAssistant', '停用个人微信助手（令牌作废）', {
    body: z.object({ id: idField('助手') }),
  }),
  /**
   * The assistant's push (no session): headers X-Assistant-Id, X-Timestamp (ms) and X-Signature = hex
   * HMAC-SHA256(token, `${timestamp}.${raw body}`); a timestamp more than 5 minutes off is refused.
   */
  push: robot.post('/assistant/pushMessages', '个人微信助手推送消息（签名）', {
    body: z.object({
      messages: z
        .array(IngestMessage, { error: '请提供消息列表' })
        .min(1, '请提供消息')
        .max(500, '一次最多 500 条消息'),
    }),
    answer: z.object({ received: z.number(), stored: z.number() }),
  }),
};

// ---------- personal WeChat export upload ----------

export const ParsedMessage = z.object({
  sender: z.string(),
  time: z.string(),
  type: z.string(),
  content: z.string(),
});

export const ChatImportPreview = z.object({
  importId: z.number(),
  fileName: z.string(),
  format: z.string(),
  messageCount: z.number(),
  /** The senders found, most messages first: the seat picks which one is the staff account. */
  senders: z.array(z.object({ name: z.string(), count: z.number() })),
  firstTime: z.string().nullable(),
  lastTime: z.string().nullable(),
  /** The first 200 messages. */
  messages: z.array(ParsedMessage),
});

export const weixin = {
  uploadWeiXinWord: backend.post('/weixin/uploadWeiXinWord', '上传个人微信聊天记录（解析预览）', {
    answer: ChatImportPreview,
  }),
  saveWeiXinWord: backend.post('/weixin/saveWeiXinWord', '保存已预览的个人微信聊天记录', {
    body: z.object({
      importId: idField('上传记录'),
      staffSender: nameField('员工昵称', 64),
      contactName: optionalText('客户名称', 64),
      contactPhone: z
        .string()
        .trim()
        .regex(/^(1\d{10})?$/, '请输入正确的 11 位手机号')
        .optional(),
    }),
    answer: z.object({ chatId: z.number(), stored: z.number(), skipped: z.number() }),
  }),
};

// ---------- chats, messages, search and analysis (/msg, wecom) ----------

export const ChatRow = z.object({
  id: z.number(),
  channel: z.number(),
  channelName: z.string(),
  staffName: z.string(),
  ownerUserId: z.number().nullable(),
  ownerName: z.string().nullable(),
  customerName: z.string(),
  clueId: z.number().nullable(),
  lastMsg: z.string(),
  lastMsgTime: z.string().nullable(),
  msgCount: z.number(),
  intention: z.number().nullable(),
  keyMoments: z.array(z.string()),
});

export const MessageRow = z.object({
  id: z.number(),
  chatId: z.number(),
  fromStaff: z.boolean(),
  sender: z.string(),
  time: z.string().nullable(),
  type: z.string(),
  content: z.string(),
  /** Signed address of an image, voice or file (session or /we token). */
  mediaUrl: z.string().nullable(),
  mediaName: z.string().nullable(),
  transcript: z.string().nullable(),
});

const chatId = idField('会话');

export const ChatListBody = z.object({
  ...pageQuery,
  keyword: keywordField,
  channel: optionalCode('渠道', CHAT_CHANNELS),
  ownerUserId: optionalId('员工'),
  clueId: optionalId('线索'),
  startTime: dateTimeField,
  endTime: dateTimeField,
});

export const SearchBody = z.object({
  ...pageQuery,
  keyword: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: '请输入搜索关键词' }).min(1, '请输入搜索关键词').max(50, '搜索关键词最多 50 个字'),
  ),
  channel: optionalCode('渠道', CHAT_CHANNELS),
  chatId: optionalId('会话'),
});

export const SearchHit = MessageRow.extend({
  staffName: z.string(),
  customerName: z.string(),
  /** The words that matched, for highlighting. */
  words: z.array(z.string()),
});

export const QuotedItem = z.object({
  label: z.string(),
  detail: z.string(),
  messageId: z.number().nullable(),
  quote: z.string(),
  sender: z.string().nullable(),
  time: z.string().nullable(),
});

export const ChatAnalysis = z.object({
  chatId: z.number(),
  /** 0 未分析, 1 已分析. */
  status: z.number(),
  analysedAt: z.string().nullable(),
  msgCount: z.number(),
  intention: z.number().nullable(),
  intentionName: z.string().nullable(),
  intentionDegree: z.number().nullable(),
  intentionQuotes: z.array(QuotedItem),
  complaint: z.boolean(),
  complaintQuotes: z.array(QuotedItem),
  violations: z.array(QuotedItem),
  keyMoments: z.array(QuotedItem.extend({ kind: z.string() })),
  summary: z.string(),
});

export const ArchiveStatus = z.object({
  sdkInstalled: z.boolean(),
  /** Without the SDK: what to install and which setting. */
  message: z.string(),
  corpId: z.string(),
  configured: z.boolean(),
  open: z.boolean(),
  lastSeq: z.number(),
  lastPullTime: z.string().nullable(),
  /** Archived messages that could not be read (a wrong private key): kept, not lost. */
  failedCount: z.number(),
});

export const msgCalls = {
  chatList: wecom.post('/msg/chatList', '会话列表', { body: ChatListBody, answer: pageOf(ChatRow) }),
  msgList: wecom.post('/msg/msgList', '会话的消息', {
    body: z.object({
      chatId,
      /** Messages before this one (older pages); absent: the newest. */
      beforeId: optionalId('消息'),
      /** Open at this message: the page around it. */
      aroundId: optionalId('消息'),
      limit: z.preprocess(
        (v) => (v === undefined || v === '' ? undefined : Number(v)),
        z.number().int('条数须为整数').min(1, '条数不能小于 1').max(200, '条数不能大于 200').default(50),
      ),
    }),
    answer: z.object({ chat: ChatRow, messages: z.array(MessageRow), hasMore: z.boolean() }),
  }),
  searchMsg: wecom.post('/msg/searchMsg', '搜索消息', { body: SearchBody, answer: pageOf(SearchHit) }),
  searchChatCount: wecom.post('/msg/searchChatCount', '匹配的会话数与消息数', {
    body: SearchBody.omit({ pageNum: true, pageSize: true }),
    answer: z.object({ chatCount: z.number(), messageCount: z.number() }),
  }),
  chatAnalyzeDetail: wecom.post('/msg/chatAnalyzeDetail', '会话的 AI 分析', {
    body: z.object({ chatId, refresh: codeField('重新分析', [0, 1] as const).optional() }),
    answer: ChatAnalysis,
  }),
  shareChat: wecom.post('/msg/shareChat', '会话的分享链接（/we 页面）', {
    body: z.object({ chatId }),
    answer: z.object({ token: z.string(), path: z.string(), expireTime: z.string() }),
  }),
  /** The public /we page: the token of shareChat is the only credential. */
  publicChat: wecom.get('/msg/publicChat', '分享的会话（凭链接令牌）', {
    query: z.object({ token: z.string({ error: '缺少访问令牌' }).min(1, '缺少访问令牌').max(500, '访问令牌不正确') }),
    answer: z.object({ chat: ChatRow, messages: z.array(MessageRow) }),
  }),
  /** The WeCom chat archive (Finance SDK): whether the library is installed (else what to install), the settings. */
  archiveStatus: wecom.post('/msg/archiveStatus', '会话存档 SDK 与拉取状态', { answer: ArchiveStatus }),
  saveArchiveConfig: wecom.post('/msg/saveArchiveConfig', '保存会话存档配置（Secret 与私钥留空则不变）', {
    body: z.object({
      corpId: nameField('企业 ID', 64),
      archiveSecret: optionalText('会话存档 Secret', 200),
      privateKey: optionalText('会话存档私钥', 8000),
      open: optionalCode('开关', [1, 2] as const),
      /** Switching the archive on: the administrator confirms the staff were told and agreed (WeCom's legal notice). */
      staffConsent: optionalCode('员工知情同意', [1] as const),
    }),
    answer: ArchiveStatus,
  }),
  media: wecom.get('/msg/media', '消息的图片、语音或文件', {
    query: z.object({
      media: z.string({ error: '缺少媒体链接参数' }).min(1, '缺少媒体链接参数').max(1000, '媒体链接不正确'),
    }),
  }),
};
