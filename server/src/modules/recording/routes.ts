/**
 * Recording calls (spec part 2, 7.2 /headset and /aiVoiceUploadLog; 7.4 /recording/v1 and /V1/ai).
 *
 * The spec names some /headset calls only in words; their paths here, in the style of their siblings:
 *   recording upload        POST /api/backend/headset/uploadRecording        (multipart: file(s) + metadata fields)
 *     resumable (large)     POST /api/backend/headset/initChunkUpload         {fileName, size, md5, ...metadata}
 *                           POST /api/backend/headset/uploadChunk             (multipart: uploadId, offset, chunk)
 *                           POST /api/backend/headset/completeChunkUpload     {uploadId}
 *   md5 check               POST /api/backend/headset/checkMd5                {md5, size?}
 *   bind to clue or user    POST /api/backend/headset/bindClue                {ids, clueId|null}
 *                           POST /api/backend/headset/bindUser                {ids, userId}
 *   delete                  POST /api/backend/headset/deleteRecordingUpload   {id}
 *   batch delete            POST /api/backend/headset/batchDeleteRecordingUpload {ids}
 *   batch bind user         POST /api/backend/headset/editBindUserIdByIds     {ids, userId}
 *   upload log              PUT  /api/backend/aiVoiceUploadLog  (client-side entries); POST /aiVoiceUploadLog/pagelist
 *   7.4 save quality        POST /api/robot/recording/v1/saveQuality          {id, qualityScore, qualityRemark}
 *   playback                GET  /api/robot/recording/v1/play?id=&token=  or ?maskId=   (HTTP Range, transcoded once)
 * The ASR calls of /recording/v1 (asrCreate, asrGet, asrText, asrRole, asrRerun) are in modules/asr/routes.ts.
 */
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { durationOutOfRange, MAX_FILTER_DURATION_SECONDS } from '@crm/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/http';
import { readMultipart } from '../../platform/multipart';
import { pageQuery } from '../../platform/paging';
import type { Session } from '../../platform/session';
import { clearableText, INT4_MAX, num } from '../../platform/validation';
import { sendXlsx, type XlsxExport } from '../../platform/xlsxExport';
import { MIME, playableExt, transcode, withLocalFile, withTempDir } from './audio';
import {
  extOf,
  type ListFilter,
  type RecordingRow,
  type RecordingService,
  UPLOAD_RESULT,
  type UploadMeta,
} from './service';

/** The largest value of a PostgreSQL smallint column (source, call type, statuses). */
const SMALLINT_MAX = 32_767;
const id = num(z.number({ error: '请传入录音 id' }).int().positive('必须是正整数').max(INT4_MAX, '录音 id 无效'));
const ids = z
  .array(num(z.number().int().positive().max(INT4_MAX, '录音 id 无效')), { error: 'ids：请传入录音 id 列表' })
  .min(1, 'ids：请至少选择一条录音')
  .max(1000, 'ids：一次最多 1000 条');
/** A filter's values (one or a list), each within what its column holds: nothing out of range reaches the database. */
const numList = (max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Array.isArray(v) ? v : [v]),
    z
      .array(
        num(
          z
            .number({ error: '须为数字' })
            .int('须为整数')
            .min(0, `取值应在 0-${max} 之间`)
            .max(max, `取值应在 0-${max} 之间`),
        ),
      )
      .max(1000, '一次最多 1000 项')
      .optional(),
  );
/** A custom duration bound, seconds (a trailing unit is stripped): at most 7 days, duration_ms is an int4 column. */
const durationField = (field: string) =>
  z.preprocess(
    stripUnit,
    num(
      z
        .number({ error: `${field}：请输入秒数` })
        .min(0, `${field}：不能小于 0`)
        .max(MAX_FILTER_DURATION_SECONDS, durationOutOfRange(field))
        .optional(),
    ),
  );
const userId = num(
  z.number({ error: 'userId：请选择员工' }).int().positive('userId：请选择员工').max(INT4_MAX, 'userId：员工 id 无效'),
);
const md5 = z
  .string({ error: 'md5：请传入文件哈希' })
  .regex(/^[0-9a-f]{32}$/i, 'md5：应为 32 位十六进制')
  .transform((v) => v.toLowerCase());

export const UploadMetaSchema = z.object({
  source: num(z.number().int().min(1, 'source：录音来源为 1-6').max(6, 'source：录音来源为 1-6').optional()),
  callType: num(z.number().int().min(1, 'callType：通话类型为 1-6').max(6, 'callType：通话类型为 1-6').optional()),
  ownerUserId: num(z.number().int().positive().max(INT4_MAX, 'ownerUserId：员工 id 无效').optional()),
  clueId: num(z.number().int().positive().max(INT4_MAX, 'clueId：线索 id 无效').optional()),
  phone: z.string().max(20, 'phone：号码过长').optional(),
  callTime: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, 'callTime：格式应为 YYYY-MM-DD HH:mm:ss')
    .optional(),
  callInfoId: z.string().max(64).optional(),
  transcript: z.string().max(2_000_000, 'transcript：转写文本过长').optional(),
  channel: z.string().max(30).optional(),
});

export const ListSchema = z.object({
  ...pageQuery,
  source: numList(SMALLINT_MAX),
  callType: numList(SMALLINT_MAX),
  ownerUserIds: numList(INT4_MAX),
  clueId: num(z.number().int().positive().max(INT4_MAX, 'clueId：线索 id 无效').optional()),
  phone: z.string().max(20).optional(),
  fileName: z.string().max(100).optional(),
  /** 'YYYY-MM-DD 至 YYYY-MM-DD' (the date picker's text), or startTime / endTime. */
  dateRange: z.string().optional(),
  startTime: z.string().optional(),
  endTime: z.string().optional(),
  durationLevel: num(
    z.number().int().min(0, 'durationLevel：时长档位为 0-7').max(7, 'durationLevel：时长档位为 0-7').optional(),
  ),
  /** Custom range (option 2), seconds. */
  durationMin: durationField('durationMin'),
  durationMax: durationField('durationMax'),
  asrStatus: numList(SMALLINT_MAX),
  analysisStatus: numList(SMALLINT_MAX),
});

function stripUnit(v: unknown) {
  if (v === '' || v === null || v === undefined) return undefined;
  return typeof v === 'string' ? v.trim().replace(/\D$/, '') : v;
}

export function toFilter(q: z.infer<typeof ListSchema>): ListFilter {
  const { dateRange, ...rest } = q;
  const f: ListFilter = { ...rest };
  if (dateRange?.includes('至')) {
    const [a, b] = dateRange.split('至').map((x) => x.trim());
    if (a) f.startTime = a.length === 10 ? `${a} 00:00:00` : a;
    if (b) f.endTime = b.length === 10 ? `${b} 23:59:59` : b;
  } else {
    if (f.startTime?.length === 10) f.startTime += ' 00:00:00';
    if (f.endTime?.length === 10) f.endTime += ' 23:59:59';
  }
  if (f.durationMin != null && f.durationMax != null && f.durationMin > f.durationMax)
    throw badRequest('durationMin：最小时长不能大于最大时长');
  return f;
}

function parseMeta(fields: Record<string, string>): UploadMeta {
  const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ''));
  const parsed = UploadMetaSchema.safeParse(clean);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  return parsed.data;
}

export function recordingRoutes(ctx: AppContext, svc: RecordingService): void {
  defineRoutes(ctx.app, 'backend', (r) => {
    r.post(
      '/headset/checkMd5',
      {
        sign: 'recording:upload',
        body: z.object({ md5, size: num(z.number().int().positive().optional()) }),
        summary: 'md5 校验：机构是否已有该文件',
      },
      ({ session, body }) => svc.checkMd5(session, body.md5, body.size),
    );

    r.post(
      '/headset/uploadRecording',
      {
        sign: 'recording:upload',
        raw: true,
        bodyLimit: svc.limitBytes * 1.1 + 1024 * 1024,
        summary: '上传录音（可多个文件）',
      },
      async ({ session, req, reply }) => {
        const results = await withTempDir(async (dir) => {
          let n = 0;
          const { files, fields } = await readMultipart(
            req,
            { maxBytes: svc.limitBytes, notMultipart: '请以 multipart/form-data 上传文件（字段 file）' },
            async (part, name) => {
              const fileName = part.filename ? name : 'audio';
              const path = join(dir, `${n++}.${extOf(fileName) || 'bin'}`);
              await pipeline(part.file, createWriteStream(path));
              return { path, fileName };
            },
          );
          if (!files.length) throw badRequest('file：请选择要上传的录音文件');
          const meta = parseMeta(fields);
          if (meta.transcript && files.length > 1) throw badRequest('transcript：附带转写文本时一次只能上传一个文件');
          const out = [];
          for (const f of files) {
            try {
              out.push({ ok: true, msg: '', ...(await svc.store(session, f.path, f.fileName, meta)) });
            } catch (e) {
              if (files.length === 1) throw e;
              out.push({
                ok: false,
                fileName: f.fileName,
                msg: (e as Error).message,
                recordId: null,
                duplicate: false,
              });
            }
          }
          return out;
        });
        await ctx.app.audit(req, '上传录音', results);
        return reply.send({ code: 1, msg: 'success', data: results.length === 1 ? results[0] : { results } });
      },
    );

    r.post(
      '/headset/initChunkUpload',
      {
        sign: 'recording:upload',
        body: UploadMetaSchema.extend({
          fileName: z.string({ error: 'fileName：请传入文件名' }).min(1, 'fileName：请传入文件名').max(255),
          size: num(z.number({ error: 'size：请传入文件大小' }).int().positive('size：文件大小必须大于 0')),
          md5,
        }),
        summary: '分片上传：开始或续传',
      },
      ({ session, body }) => svc.initChunked(session, body),
    );

    r.post(
      '/headset/uploadChunk',
      {
        sign: 'recording:upload',
        raw: true,
        bodyLimit: 17 * 1024 * 1024,
        summary: '分片上传：上传一个分片（写入存储后才应答）',
      },
      async ({ session, req, reply }) => {
        const { files, fields } = await readMultipart(
          req,
          {
            maxBytes: 16 * 1024 * 1024,
            notMultipart: '请以 multipart/form-data 上传分片（字段 uploadId、offset、chunk）',
            tooLarge: '分片超过 16 MB',
          },
          (part) => part.toBuffer(),
        );
        const data = files.at(-1) ?? null;
        const p = z
          .object({
            uploadId: z.string({ error: 'uploadId：请传入上传任务 id' }).min(1, 'uploadId：请传入上传任务 id'),
            offset: num(z.number({ error: 'offset：请传入分片位置' }).int().min(0)),
          })
          .safeParse(fields);
        if (!p.success) throw badRequest(p.error.issues[0].message);
        if (!data) throw badRequest('chunk：请传入分片内容');
        return reply.send({
          code: 1,
          msg: 'success',
          data: await svc.putChunk(session, p.data.uploadId, p.data.offset, data),
        });
      },
    );

    r.post(
      '/headset/completeChunkUpload',
      {
        sign: 'recording:upload',
        audit: '上传录音',
        body: z.object({
          uploadId: z.string({ error: 'uploadId：请传入上传任务 id' }).min(1, 'uploadId：请传入上传任务 id'),
        }),
        summary: '分片上传：完成',
      },
      ({ session, body }) => svc.completeChunked(session, body.uploadId),
    );

    r.post(
      '/headset/bindClue',
      {
        sign: 'recording:upload',
        audit: '录音绑定线索',
        body: z.object({
          ids,
          clueId: num(z.number().int().positive().max(INT4_MAX, 'clueId：线索 id 无效').nullable()),
        }),
        summary: '录音绑定线索（clueId 为 null 解绑）',
      },
      ({ session, body }) => svc.bindClue(session, body.ids, body.clueId),
    );
    r.post(
      '/headset/bindUser',
      {
        // giving recordings to someone else takes recording:assign (service: a seat may only claim its own)
        sign: ['recording:assign', 'recording:upload'],
        audit: '录音绑定员工',
        body: z.object({ ids, userId }),
        summary: '录音绑定员工',
      },
      ({ session, body }) => svc.bindUser(session, body.ids, body.userId),
    );
    r.post(
      '/headset/editBindUserIdByIds',
      {
        sign: ['recording:assign', 'recording:upload'],
        audit: '批量修改录音归属',
        body: z.object({ ids, userId }),
        summary: '批量修改录音归属员工',
      },
      ({ session, body }) => svc.bindUser(session, body.ids, body.userId),
    );
    r.post(
      '/headset/deleteRecordingUpload',
      { sign: 'recording:delete', audit: '删除录音', body: z.object({ id }), summary: '删除录音' },
      ({ session, body }) => svc.remove(session, [body.id]),
    );
    r.post(
      '/headset/batchDeleteRecordingUpload',
      { sign: 'recording:delete', audit: '批量删除录音', body: z.object({ ids }), summary: '批量删除录音' },
      ({ session, body }) => svc.remove(session, body.ids),
    );

    r.put(
      '/aiVoiceUploadLog',
      {
        sign: 'recording:upload',
        body: z.object({
          fileName: z.string().max(255).optional(),
          md5: z.string().max(32).optional(),
          size: num(z.number().int().min(0).optional()),
          result: num(z.number({ error: 'result：请传入结果' }).int().min(1, 'result：1-5').max(5, 'result：1-5')),
          message: z.string().max(500).optional(),
          recordId: num(z.number().int().positive().max(INT4_MAX, 'recordId：录音 id 无效').optional()),
          channel: z.string().max(30).optional(),
        }),
        summary: '记录一次录音上传（客户端：跳过重复、失败等）',
      },
      async ({ session, body }) => {
        if (body.recordId) await svc.get(session, body.recordId);
        const row = await svc.log(session.orgId, session.userId, {
          ...body,
          hash: body.md5,
          recordingId: body.recordId,
          channel: body.channel ?? 'web',
        });
        return { id: row.id };
      },
    );
    r.post(
      '/aiVoiceUploadLog/pagelist',
      {
        sign: 'recording:view',
        body: z.object({
          ...pageQuery,
          result: num(z.number().int().min(1, 'result：上传结果为 1-5').max(5, 'result：上传结果为 1-5').optional()),
        }),
        summary: '录音上传记录',
      },
      ({ session, body }) => svc.logPage(session, body),
    );
  });

  defineRoutes(ctx.app, 'robot', (r) => {
    r.post(
      '/recording/v1/pagelist',
      { sign: 'recording:view', body: ListSchema, summary: '录音列表' },
      ({ session, body }) => svc.list(session, toFilter(body)),
    );

    r.post(
      '/recording/v1/saveQuality',
      {
        // scoring calls is the quality inspectors' and managers' job, not the seat's own
        sign: 'quality:edit',
        audit: '保存录音质检',
        body: z.object({
          id,
          qualityScore: num(
            z.number().int().min(0, 'qualityScore：0-100').max(100, 'qualityScore：0-100').nullable().optional(),
          ),
          qualityRemark: clearableText('质检备注', 500),
        }),
        summary: '保存质检（分数、备注）',
      },
      ({ session, body }) => svc.saveQuality(session, body.id, body),
    );

    r.post(
      '/recording/v1/export',
      {
        sign: 'recording:view',
        raw: true,
        body: ListSchema.extend({ ids: numList(INT4_MAX) }),
        summary: '导出录音列表（xlsx）',
      },
      async ({ session, body, reply, req }) => {
        const rows = await svc.listAll(session, toFilter(body));
        await ctx.app.audit(req, '导出录音列表', { count: rows.length });
        const columns: [keyof (typeof rows)[number] | 'talkRatioText', string, number][] = [
          ['id', '录音ID', 10],
          ['fileName', '文件名', 36],
          ['sourceName', '录音来源', 12],
          ['callTypeName', '通话类型', 10],
          ['ownerName', '归属员工', 12],
          ['phone', '号码', 14],
          ['clueId', '线索ID', 10],
          ['callTime', '通话时间', 20],
          ['durationText', '时长', 10],
          ['asrStatusName', '转写状态', 14],
          ['analysisStatusName', '分析状态', 10],
          ['talkRatioText', '销售说话占比', 12],
          ['qualityScore', '质检分', 8],
          ['qualityRemark', '质检备注', 24],
          ['createdAt', '上传时间', 20],
        ];
        const write = async (x: XlsxExport) => {
          const sheet = x.sheet(
            '录音列表',
            columns.map(([, header, width]) => ({ header, width })),
          );
          for (const row of rows) {
            const talkRatioText = row.talkRatio == null ? '--' : `${Math.round(row.talkRatio * 100)}%`;
            sheet.add(columns.map(([k]) => (k === 'talkRatioText' ? talkRatioText : row[k])));
          }
        };
        return sendXlsx(reply, '录音列表.xlsx', write, 'recordings.xlsx');
      },
    );

    r.get(
      '/recording/v1/getMaskId',
      { sign: 'recording:view', query: z.object({ recordId: id }), summary: '通话详情分享凭证（免登录查看该条录音）' },
      async ({ session, query }) => {
        const row = await svc.get(session, query.recordId);
        const maskId = await ctx.tokens.issueTicket(
          'callDetail',
          { org: row.organizationId, rid: row.id },
          30 * 24 * 3600,
        );
        return { recordId: row.id, maskId };
      },
    );

    r.get(
      '/V1/ai/getRecordIdByInfoId',
      {
        sign: 'recording:view',
        query: z.object({
          infoId: z.string({ error: 'infoId：请传入通话记录 id' }).min(1, 'infoId：请传入通话记录 id').max(64),
        }),
        summary: '由通话记录 id 查录音 id',
      },
      ({ session, query }) => svc.recordIdByInfoId(session, query.infoId),
    );

    r.get(
      '/recording/v1/play',
      {
        auth: 'optional',
        tokenInQuery: true,
        raw: true,
        query: z.object({ id: id.optional(), maskId: z.string().optional(), token: z.string().optional() }),
        summary: '播放录音（支持 Range；.wav .pcm .m4a .amr .wma .aac 转 mp3，.mov 转 mp4）',
      },
      async ({ session, query, req, reply }) => {
        const row = await resolveRecording(ctx, svc, session, query);
        return play(ctx, svc, row, req, reply);
      },
    );
  });
}

/** A recording by id for a session, or by a share ticket (maskId) for the public call detail page. */
export async function resolveRecording(
  ctx: AppContext,
  svc: RecordingService,
  session: Session | null,
  q: { id?: number; recordId?: number; maskId?: string },
): Promise<RecordingRow> {
  if (q.maskId) {
    const t = await ctx.tokens.verifyTicket('callDetail', q.maskId);
    if (!t) throw new AppError(10, '访问凭证过期', 401);
    const row = await svc.getInOrg(Number(t.org), Number(t.rid));
    if (!row) throw notFound('录音不存在');
    return row;
  }
  if (!session) throw new AppError(10, '请登录！', 401);
  if (!session.isSuperAdmin && !session.signs.has('recording:view')) throw new AppError(403, '无权限访问', 403);
  const rid = q.id ?? q.recordId;
  if (!rid) throw badRequest('id：请传入录音 id');
  return svc.get(session, rid);
}

/** Streams the browser-playable form, transcoding once (cached in storage), honouring Range (206). */
async function play(
  ctx: AppContext,
  svc: RecordingService,
  row: RecordingRow,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  let key = row.fileKey;
  let ext = row.ext;
  const to = playableExt(row.ext);
  if (to) {
    let playKey = row.playKey;
    if (!playKey || (await ctx.storage.size(playKey)) === null) {
      playKey = `play/${row.organizationId}/${row.id}.${to}`;
      const target = playKey;
      await withLocalFile(ctx.storage, row.fileKey, (src) =>
        withTempDir(async (dir) => {
          const out = join(dir, `out.${to}`);
          await transcode(src, row.ext, to, out);
          const { createReadStream } = await import('node:fs');
          await ctx.storage.put(target, createReadStream(out), MIME[to]);
        }),
      );
      await svc.update(row.organizationId, row.id, { playKey });
    }
    key = playKey;
    ext = to;
  }
  const size = await ctx.storage.size(key);
  if (size === null) throw notFound('录音文件不存在');
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', MIME[ext] ?? 'application/octet-stream')
    .header('cache-control', 'private, max-age=3600');
  const range = req.headers.range?.match(/^bytes=(\d*)-(\d*)$/);
  if (range && (range[1] || range[2])) {
    let start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    let end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (!range[1]) end = size - 1;
    if (start >= size || start > end) return reply.status(416).header('content-range', `bytes */${size}`).send();
    start = Math.max(0, start);
    end = Math.max(start, end);
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .header('content-length', end - start + 1)
      .send(await ctx.storage.get(key, { start, end }));
  }
  return reply.header('content-length', size).send(await ctx.storage.get(key));
}

export { UPLOAD_RESULT };
