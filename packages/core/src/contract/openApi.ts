import { z } from 'zod';
import { backend, callsOf, IdAnswer } from './call';
import { ClueInput } from './clue';
import { dateTimeField, idField, nameField } from './fields';

/**
 * The signed open API (spec plan K): organisation keys managed by administrators under /api/backend, and the calls
 * integrators make under /api/openapi. Every open call is signed with the key's secret (HMAC-SHA256, see
 * `openApiStringToSign`) or carries a bearer token from /auth/token.
 */

const openapi = callsOf('openapi');

/** What a key may do. */
export const OPEN_API_SCOPES = ['leads:read', 'leads:write', 'recordings:write', 'analysis:read'] as const;
export type OpenApiScope = (typeof OPEN_API_SCOPES)[number];
export const OpenApiScopeName: Record<OpenApiScope, string> = {
  'leads:read': '读取线索',
  'leads:write': '写入线索',
  'recordings:write': '上传录音',
  'analysis:read': '读取分析结果',
};

/** Signature headers of every open call. */
export const OPEN_API_HEADERS = {
  appKey: 'x-app-key',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
} as const;

/** Requests older or newer than this are refused (milliseconds). */
export const OPEN_API_WINDOW_MS = 5 * 60 * 1000;

/**
 * The text a request signs: method, path (without the query), the query sorted by name then value (each part
 * percent-encoded as encodeURIComponent does), the timestamp in milliseconds, the nonce and the SHA-256 hex of the
 * raw body (of an empty body for GET), joined by newlines. The signature is the HMAC-SHA256 hex of it under the secret.
 */
export function openApiStringToSign(p: {
  method: string;
  path: string;
  query: string;
  timestamp: string;
  nonce: string;
  bodySha256: string;
}): string {
  return [p.method.toUpperCase(), p.path, canonicalQuery(p.query), p.timestamp, p.nonce, p.bodySha256].join('\n');
}

/** `b=2&a=1&a=0` → `a=0&a=1&b=2` (decoded, sorted, encoded again). */
export function canonicalQuery(query: string): string {
  const pairs = [...new URLSearchParams(query.startsWith('?') ? query.slice(1) : query)];
  pairs.sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1));
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

const scopes = z
  .array(
    z.enum(OPEN_API_SCOPES, { error: `权限范围只能是 ${OPEN_API_SCOPES.map((s) => OpenApiScopeName[s]).join('、')}` }),
    {
      error: '请选择权限范围',
    },
  )
  .min(1, '请至少选择一个权限范围')
  .transform((v) => [...new Set(v)]);

export const OpenApiKey = z.object({
  id: z.number(),
  name: z.string(),
  appKey: z.string(),
  scopes: z.array(z.string()),
  /** 1 in use, 2 revoked. */
  status: z.number(),
  createdByName: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
/** A key with its secret: answered once, when it is created or rotated. */
export const OpenApiKeyWithSecret = OpenApiKey.extend({ appSecret: z.string() });

const keyId = { id: idField('密钥') };

/** Administrators' calls on the organisation's keys (function sign org:edit). */
export const openApiKeys = {
  getOrganizationKey: backend.post('/organization/getOrganizationKey', '开放接口密钥列表（不含密钥）', {
    answer: z.array(OpenApiKey),
  }),
  createOrganizationKey: backend.post('/organization/createOrganizationKey', '新建开放接口密钥（密钥只显示一次）', {
    body: z.object({ name: nameField('密钥名称', 50), scopes }),
    answer: OpenApiKeyWithSecret,
  }),
  resetOrganizationKey: backend.post('/organization/resetOrganizationKey', '重置开放接口密钥（更换密钥）', {
    body: z.object(keyId),
    answer: OpenApiKeyWithSecret,
  }),
  revokeOrganizationKey: backend.post('/organization/revokeOrganizationKey', '停用开放接口密钥', {
    body: z.object(keyId),
    answer: IdAnswer,
  }),
};

/** A lead as the open API answers it. */
export const OpenLead = z.object({
  id: z.number(),
  /** 1 lead, 2 customer. */
  type: z.number(),
  name: z.string(),
  company: z.string(),
  phone: z.string(),
  phones: z.array(z.string()),
  ownerId: z.number().nullable(),
  importWay: z.number().nullable(),
  stage: z.number().nullable(),
  remark: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A lead pushed in: the fields of a manually created lead (phone required); no owner, the assignment rules decide. */
export const OpenLeadInput = ClueInput.omit({ ownerId: true, followPhaseId: true, lostReasonId: true }).extend({
  phone: z.string({ error: '请输入手机号' }).trim().min(1, '请输入手机号').max(32, '手机号格式不正确'),
});

export const OPEN_API_BATCH_MAX = 1000;

export const BatchRowResult = z.object({
  index: z.number(),
  /** 1 created, 2 duplicate, 3 invalid. */
  status: z.number(),
  id: z.number().nullable(),
  msg: z.string(),
});

export const openApiCalls = {
  token: openapi.post('/auth/token', '用签名请求换取短期访问令牌', {
    answer: z.object({ accessToken: z.string(), tokenType: z.literal('Bearer'), expiresIn: z.number() }),
  }),
  addLead: openapi.post('/clue/add', '推送一条线索（查重、自动分配，导入方式 API导入）', {
    body: OpenLeadInput,
    answer: OpenLead,
  }),
  batchAddLeads: openapi.post('/clue/batchAdd', '批量推送线索（最多 1000 条，逐条返回结果）', {
    body: z.object({
      leads: z
        .array(z.unknown(), { error: '请提供线索列表' })
        .min(1, '请至少提供一条线索')
        .max(OPEN_API_BATCH_MAX, `一次最多 ${OPEN_API_BATCH_MAX} 条线索`),
    }),
    answer: z.object({
      created: z.number(),
      duplicate: z.number(),
      invalid: z.number(),
      results: z.array(BatchRowResult),
    }),
  }),
  listLeads: openapi.get('/clue/list', '按变更时间读取线索（游标分页）', {
    query: z.object({
      since: dateTimeField,
      cursor: z.string().max(100, '游标不正确').optional(),
      limit: z.coerce
        .number({ error: '条数不正确' })
        .int('条数须为整数')
        .min(1, '条数不能小于 1')
        .max(500, '条数不能大于 500')
        .default(100),
    }),
    answer: z.object({ lists: z.array(OpenLead), nextCursor: z.string().nullable() }),
  }),
  getLead: openapi.get('/clue/detail', '读取一条线索', {
    query: z.object({ id: idField('线索') }),
    answer: OpenLead,
  }),
  /**
   * multipart/form-data: `file` (the audio) and the text fields of the product's upload (phone, callTime, clueId,
   * source, callType, transcript: the JSON transcript of DESIGN.md section 6, or plain text). One file per request.
   */
  uploadRecording: openapi.post('/recording/upload', '上传一个录音（可附带转写文本），转写与分析随后进行', {
    answer: z.object({
      recordId: z.number(),
      duplicate: z.boolean(),
      clueId: z.number().nullable().optional(),
      phone: z.string().nullable().optional(),
    }),
  }),
  recordingAnalysis: openapi.get('/recording/analysis', '读取录音的转写与分析状态，完成后答复分析结果', {
    query: z.object({ id: idField('录音') }),
    answer: z.object({
      recordId: z.number(),
      /** 1 queued, 2 running, 3 done, 4 failed (transcription). */
      asrStatus: z.number(),
      /** 0 not analysed, 1 queued, 2 running, 3 done, 4 failed. */
      analysisStatus: z.number(),
      intention: z.number().nullable(),
      summary: z.string().nullable(),
      /** The decided result (labels, tags, risk, violations, keywords …) once analysed. */
      result: z.record(z.string(), z.unknown()).nullable(),
    }),
  }),
};
