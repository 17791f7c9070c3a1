import { z } from 'zod';
import { durationOutOfRange, MAX_FILTER_DURATION_SECONDS } from '../durationFilter';
import { backend, CountAnswer, IdAnswer, robot } from './call';
import { clearableText, INT4_MAX, idField, num, pageOf, pageQuery } from './fields';

/**
 * Recordings (spec part 2, 7.2 /headset and /aiVoiceUploadLog under /api/backend; 7.4 /recording/v1 and /V1/ai under
 * /api/robot). The spec names some /headset calls only in words; their paths here follow their siblings'. The ASR
 * calls of /recording/v1 are in asr.ts.
 */

/** What an upload attempt came to (aiVoiceUploadLog.result). */
export const UPLOAD_RESULT = { STORED: 1, DUPLICATE: 2, REFUSED: 3, FAILED: 4, RESUMED: 5 } as const;
/** The size of the chunks of a resumable upload (initChunkUpload answers it). */
export const CHUNK_SIZE = 5 * 1024 * 1024;
/** The largest chunk one uploadChunk takes. */
export const CHUNK_LIMIT_BYTES = 16 * 1024 * 1024;

/** The largest value of a PostgreSQL smallint column (source, call type, statuses). */
const SMALLINT_MAX = 32_767;

const id = idField('录音', { missing: '请选择录音', invalid: '必须是正整数' });
const ids = z
  .array(num(z.number().int().positive().max(INT4_MAX, '录音不正确')), { error: '请选择录音' })
  .min(1, '请至少选择一条录音')
  .max(1000, '一次最多 1000 条');
/** A filter's values (one or a list), each within what its column holds: nothing out of range reaches the database. */
const numList = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Array.isArray(v) ? v : [v]),
    z
      .array(
        num(
          z
            .number({ error: `${label}须为数字` })
            .int(`${label}须为整数`)
            .min(0, `${label}取值应在 0-${max} 之间`)
            .max(max, `${label}取值应在 0-${max} 之间`),
        ),
      )
      .max(1000, `${label}一次最多 1000 项`)
      .optional(),
  );
/** Blank is "not given"; a trailing unit ('30秒') is stripped. */
function stripUnit(v: unknown) {
  if (v === '' || v === null || v === undefined) return undefined;
  return typeof v === 'string' ? v.trim().replace(/\D$/, '') : v;
}
/** A custom duration bound, seconds (a trailing unit is stripped): at most 7 days, duration_ms is an int4 column. */
const durationField = (field: string) =>
  z.preprocess(
    stripUnit,
    num(
      z
        .number({ error: `${field}请填写秒数` })
        .min(0, `${field}不能小于 0`)
        .max(MAX_FILTER_DURATION_SECONDS, durationOutOfRange(field))
        .optional(),
    ),
  );
const userId = num(z.number({ error: '请选择员工' }).int().positive('请选择员工').max(INT4_MAX, '员工不正确'));
const clueId = () => z.number().int().positive().max(INT4_MAX, '线索不正确');
const md5 = z
  .string({ error: '请传入文件哈希' })
  .regex(/^[0-9a-f]{32}$/i, '文件哈希应为 32 位十六进制')
  .transform((v) => v.toLowerCase());
const uploadId = z.string({ error: '请传入上传任务' }).min(1, '请传入上传任务');

/** What an upload may say about the recording: the multipart fields of uploadRecording, or initChunkUpload's body. */
export const UploadMeta = z.object({
  source: num(z.number().int().min(1, '录音来源为 1-6').max(6, '录音来源为 1-6').optional()),
  callType: num(z.number().int().min(1, '通话类型为 1-6').max(6, '通话类型为 1-6').optional()),
  ownerUserId: num(z.number().int().positive().max(INT4_MAX, '员工不正确').optional()),
  clueId: num(clueId().optional()),
  phone: z.string().max(20, '号码过长').optional(),
  callTime: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '通话时间格式应为 YYYY-MM-DD HH:mm:ss')
    .optional(),
  callInfoId: z.string().max(64).optional(),
  /** A transcript that came with the recording: the JSON form of DESIGN.md section 6, or plain text. */
  transcript: z.string().max(2_000_000, 'transcript：转写文本过长').optional(),
  channel: z.string().max(30).optional(),
});
export type UploadMeta = z.infer<typeof UploadMeta>;

/** The text fields of one uploadChunk (multipart, with the chunk as its file). */
export const ChunkFields = z.object({
  uploadId,
  offset: num(z.number({ error: 'offset：请传入分片位置' }).int().min(0)),
});

export const RecordingFilter = z.object({
  ...pageQuery,
  source: numList('录音来源', SMALLINT_MAX),
  callType: numList('通话类型', SMALLINT_MAX),
  ownerUserIds: numList('负责人', INT4_MAX),
  clueId: num(clueId().optional()),
  phone: z.string().max(20).optional(),
  fileName: z.string().max(100).optional(),
  /** 'YYYY-MM-DD 至 YYYY-MM-DD' (the date picker's text), or startTime / endTime. */
  dateRange: z.string().optional(),
  startTime: z.string().optional(),
  endTime: z.string().optional(),
  durationLevel: num(z.number().int().min(0, '时长档位为 0-7').max(7, '时长档位为 0-7').optional()),
  /** Custom range (option 2), seconds. */
  durationMin: durationField('最短时长'),
  durationMax: durationField('最长时长'),
  asrStatus: numList('识别状态', SMALLINT_MAX),
  analysisStatus: numList('分析状态', SMALLINT_MAX),
});
export type RecordingFilter = z.infer<typeof RecordingFilter>;

/** A recording as the list, the export and the call detail show it: the row with labels and formatted times. */
export const Recording = z.object({
  id: z.number(),
  recordId: z.number(),
  fileName: z.string(),
  ext: z.string(),
  size: z.number(),
  hash: z.string(),
  durationMs: z.number(),
  /** Seconds, rounded. */
  duration: z.number(),
  /** HH:mm:ss */
  durationText: z.string(),
  channels: z.number(),
  sampleRate: z.number(),
  source: z.number(),
  sourceName: z.string(),
  callType: z.number(),
  callTypeName: z.string(),
  ownerUserId: z.number().nullable(),
  ownerName: z.string().nullable(),
  clueId: z.number().nullable(),
  /** The bound lead's name (the lists show it, not the id). */
  clueName: z.string().nullable().default(null),
  /** The number of the call: the recording's own, else its lead's (masked as the role's lead pages are). */
  phone: z.string().nullable(),
  callInfoId: z.string().nullable(),
  callTime: z.string().nullable(),
  createdAt: z.string().nullable(),
  asrStatus: z.number(),
  asrStatusName: z.string(),
  asrError: z.string().nullable(),
  metricsStatus: z.number(),
  metricsStatusName: z.string(),
  metricsError: z.string().nullable(),
  analysisStatus: z.number(),
  analysisStatusName: z.string(),
  /** The salesperson's share of the talk, 0..1 (stereo recordings with metrics). */
  talkRatio: z.number().nullable(),
  qualityScore: z.number().nullable(),
  qualityRemark: z.string().nullable(),
});
export type Recording = z.infer<typeof Recording>;

/** A file stored (or found already stored) by an upload. */
export const StoredRecording = z.object({
  fileName: z.string(),
  recordId: z.number(),
  duplicate: z.boolean(),
  /** A duplicate uploaded with its transcript: the transcript was given to the recording already stored. */
  transcriptAdded: z.boolean().optional(),
  clueId: z.number().nullable(),
  phone: z.string().nullable(),
});

/** One file of uploadRecording: stored, or (in a batch) refused with the reason in `msg`. */
export const UploadedFile = z.object({
  ok: z.boolean(),
  msg: z.string(),
  fileName: z.string(),
  recordId: z.number().nullable(),
  duplicate: z.boolean(),
  transcriptAdded: z.boolean().optional(),
  /** Absent for a refused file of a batch. */
  clueId: z.number().nullable().optional(),
  phone: z.string().nullable().optional(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

/** One line of the upload log. */
export const UploadLog = z.object({
  id: z.number(),
  organizationId: z.number(),
  userId: z.number().nullable(),
  recordingId: z.number().nullable(),
  fileName: z.string().nullable(),
  hash: z.string().nullable(),
  size: z.number().nullable(),
  /** UPLOAD_RESULT */
  result: z.number(),
  message: z.string().nullable(),
  channel: z.string().nullable(),
  createdAt: z.string().nullable(),
});

export const recording = {
  checkMd5: backend.post('/headset/checkMd5', 'md5 校验：机构是否已有该文件', {
    body: z.object({ md5, size: num(z.number().int().positive().optional()) }),
    answer: z.object({
      exists: z.boolean(),
      recordId: z.number().nullable(),
      fileName: z.string().nullable(),
      /** An upload of this file under way (resume from `offset`). */
      uploadId: z.string().nullable(),
      offset: z.number(),
    }),
  }),
  /** multipart/form-data: the file(s) (field `file`) and the fields of UploadMeta. One file answers its result. */
  upload: backend.post('/headset/uploadRecording', '上传录音（可多个文件）', {
    answer: z.union([UploadedFile, z.object({ results: z.array(UploadedFile) })]),
  }),
  initChunkUpload: backend.post('/headset/initChunkUpload', '分片上传：开始或续传', {
    body: UploadMeta.extend({
      fileName: z.string({ error: '请传入文件名' }).min(1, '请传入文件名').max(255),
      size: num(z.number({ error: '请传入文件大小' }).int().positive('文件大小必须大于 0')),
      md5,
    }),
    answer: z.object({
      duplicate: z.boolean(),
      /** A duplicate sent with its transcript: the transcript was given to the recording already stored. */
      transcriptAdded: z.boolean().optional(),
      recordId: z.number().nullable(),
      uploadId: z.string().nullable(),
      offset: z.number(),
      chunkSize: z.number(),
    }),
  }),
  /** multipart/form-data: ChunkFields and the chunk (the last file part). */
  uploadChunk: backend.post('/headset/uploadChunk', '分片上传：上传一个分片（写入存储后才应答）', {
    answer: z.object({ uploadId: z.string(), offset: z.number() }),
  }),
  completeChunkUpload: backend.post('/headset/completeChunkUpload', '分片上传：完成', {
    body: z.object({ uploadId }),
    answer: StoredRecording,
  }),
  bindClue: backend.post('/headset/bindClue', '录音绑定线索（clueId 为 null 解绑）', {
    body: z.object({ ids, clueId: num(clueId().nullable()) }),
    answer: CountAnswer,
  }),
  bindUser: backend.post('/headset/bindUser', '录音绑定员工', { body: z.object({ ids, userId }), answer: CountAnswer }),
  editBindUser: backend.post('/headset/editBindUserIdByIds', '批量修改录音归属员工', {
    body: z.object({ ids, userId }),
    answer: CountAnswer,
  }),
  remove: backend.post('/headset/deleteRecordingUpload', '删除录音', { body: z.object({ id }), answer: CountAnswer }),
  batchRemove: backend.post('/headset/batchDeleteRecordingUpload', '批量删除录音', {
    body: z.object({ ids }),
    answer: CountAnswer,
  }),
  /** A client-side upload event (skipped duplicate, failure). */
  saveUploadLog: backend.put('/aiVoiceUploadLog', '记录一次录音上传（客户端：跳过重复、失败等）', {
    body: z.object({
      fileName: z.string().max(255).optional(),
      md5: z.string().max(32).optional(),
      size: num(z.number().int().min(0).optional()),
      result: num(z.number({ error: '请传入结果' }).int().min(1, '结果为 1-5').max(5, '结果为 1-5')),
      message: z.string().max(500).optional(),
      recordId: num(z.number().int().positive().max(INT4_MAX, '录音不正确').optional()),
      channel: z.string().max(30).optional(),
    }),
    answer: IdAnswer,
  }),
  uploadLogs: backend.post('/aiVoiceUploadLog/pagelist', '录音上传记录', {
    body: z.object({
      ...pageQuery,
      result: num(z.number().int().min(1, '上传结果为 1-5').max(5, '上传结果为 1-5').optional()),
    }),
    answer: pageOf(UploadLog),
  }),
  list: robot.post('/recording/v1/pagelist', '录音列表', { body: RecordingFilter, answer: pageOf(Recording) }),
  saveQuality: robot.post('/recording/v1/saveQuality', '保存质检（分数、备注）', {
    body: z.object({
      id,
      qualityScore: num(z.number().int().min(0, '质检分为 0-100').max(100, '质检分为 0-100').nullable().optional()),
      qualityRemark: clearableText('质检备注', 500),
    }),
    answer: z.object({ id: z.number(), qualityScore: z.number().nullable(), qualityRemark: z.string().nullable() }),
  }),
  /** The filtered list (or the selected `ids`) as 录音列表.xlsx. */
  export: robot.post('/recording/v1/export', '导出录音列表（xlsx）', {
    body: RecordingFilter.extend({ ids: numList('录音', INT4_MAX) }),
  }),
  getMaskId: robot.get('/recording/v1/getMaskId', '通话详情分享凭证（免登录查看该条录音）', {
    query: z.object({ recordId: id }),
    answer: z.object({ recordId: z.number(), maskId: z.string() }),
  }),
  recordIdByInfoId: robot.get('/V1/ai/getRecordIdByInfoId', '由通话记录 id 查录音 id', {
    query: z.object({
      infoId: z.string({ error: '请选择通话记录' }).min(1, '请选择通话记录').max(64),
    }),
    answer: z.object({ recordId: z.number().nullable() }),
  }),
  /**
   * The browser-playable file (HTTP Range; .wav .pcm .m4a .amr .wma .aac become mp3, .mov mp4, transcoded once):
   * `?id=` with the session (`&token=` for media elements, which send no header), or `?maskId=` without login.
   */
  play: robot.get('/recording/v1/play', '播放录音（支持 Range；.wav .pcm .m4a .amr .wma .aac 转 mp3，.mov 转 mp4）', {
    query: z.object({
      id: id.optional(),
      maskId: z.string().optional(),
      /** A signed, short-lived media link (the call detail's playUrl); a session's token never travels in the URL. */
      media: z.string().max(2000).optional(),
    }),
  }),
};
