import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AsrStatus, AUDIO_EXTENSIONS, fileHash, formatDateTime, parseDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { UPLOAD_RESULT, type UploadedFile, UploadMeta } from '@crm/core/contract/recording';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest, tooLarge } from '../../platform/errors';
import { readMultipart } from '../../platform/multipart';
import { page, pageRows } from '../../platform/paging';
import { scoped, seesUser } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { findPhone, probe, withTempDir } from './audio';
import { assignableUser, checkClue, clueLookup, mayAssignRecordings } from './binding';
import { extOf, findRecording } from './rows';
import { aiVoiceUploadLog, recording, recordingUpload } from './schema';

/** Storing uploaded recordings: checks, deduplication by md5, the upload log. Chunked uploads end here too. */

type Body<K extends keyof typeof contract.recording> = CallBody<(typeof contract.recording)[K]>;
type Answer<K extends keyof typeof contract.recording> = CallAnswer<(typeof contract.recording)[K]>;

/** The largest recording an upload takes (UPLOAD_LIMIT_MB). */
export const uploadLimitBytes = (ctx: AppContext): number => ctx.config.uploadLimitMb * 1024 * 1024;

/** md5 check: does the organisation already hold this file; is an upload of it under way (resume offset)? */
export async function checkMd5(ctx: AppContext, s: Session, md5: string, size?: number): Promise<Answer<'checkMd5'>> {
  const [existing] = await ctx.db
    .select({ id: recording.id, fileName: recording.fileName })
    .from(recording)
    .where(and(scoped(s, recording), eq(recording.hash, md5), size ? eq(recording.size, size) : undefined))
    .limit(1);
  const [upload] = existing
    ? []
    : await ctx.db
        .select()
        .from(recordingUpload)
        .where(
          and(
            scoped(s, recordingUpload),
            eq(recordingUpload.userId, s.userId),
            eq(recordingUpload.hash, md5),
            size ? eq(recordingUpload.size, size) : undefined,
          ),
        )
        .limit(1);
  return {
    exists: !!existing,
    recordId: existing?.id ?? null,
    fileName: existing?.fileName ?? null,
    uploadId: upload?.id ?? null,
    offset: upload?.offset ?? 0,
  };
}

/** The extension of an upload is one of the audio ones, and its size within the limit. */
export function checkFile(ctx: AppContext, fileName: string, size: number): string {
  const ext = extOf(fileName);
  if (!(AUDIO_EXTENSIONS as readonly string[]).includes(ext))
    throw badRequest(
      `文件「${fileName}」类型不支持，请上传音频文件（${AUDIO_EXTENSIONS.map((e) => `.${e}`).join(' ')}）`,
    );
  if (size > uploadLimitBytes(ctx)) throw tooLarge(`文件「${fileName}」超过大小上限 ${ctx.config.uploadLimitMb} MB`);
  return ext;
}

/** Checks the extension and size, then sniffs the content with ffprobe: a file with no audio is refused. */
async function inspect(ctx: AppContext, path: string, fileName: string, size: number) {
  const ext = checkFile(ctx, fileName, size);
  if (size === 0) throw badRequest(`文件「${fileName}」是空文件`);
  const info = await probe(path, ext);
  if (!info) throw badRequest(`文件「${fileName}」不是有效的音频文件，无法识别其中的声音内容`);
  return { ext, info };
}

/**
 * A recording uploaded again with its transcript: the transcript is given to the recording already stored (the
 * upload's one way to add a transcript to it). False when none came with it; a malformed one is refused.
 */
export async function attachTranscript(
  ctx: AppContext,
  s: Session,
  row: { id: number; durationMs: number | null },
  text: string | undefined,
): Promise<boolean> {
  const t = text?.trim() ? ctx.services.asr.parseUploaded(text, row.durationMs ?? 0) : null;
  if (!t) return false;
  await ctx.services.asr.attachUploaded(s.orgId, row.id, t);
  return true;
}

/**
 * Stores an uploaded file (already written to a local temporary path): checks, hashes, deduplicates, writes to
 * storage, records the metadata, binds by phone, and queues transcription and metrics. Logged either way.
 */
export async function storeRecording(
  ctx: AppContext,
  s: Session,
  path: string,
  fileName: string,
  meta: UploadMeta,
): Promise<Answer<'completeChunkUpload'>> {
  const { db } = ctx;
  const size = (await stat(path)).size;
  const hash = await hashFile(path, size);
  const log = (result: number, message: string | null, recordingId: number | null = null) =>
    logUpload(db, s, { fileName, hash, size, result, message, recordingId, channel: meta.channel ?? 'web' });
  // who and what the recording is given to is checked before any work on the file
  const owner = meta.ownerUserId ? await assignableUser(ctx, s, meta.ownerUserId) : null;
  let clueId = meta.clueId ? await checkClue(ctx, s, meta.clueId) : null;
  let inspected: Awaited<ReturnType<typeof inspect>>;
  try {
    inspected = await inspect(ctx, path, fileName, size);
  } catch (e) {
    await log(UPLOAD_RESULT.REFUSED, (e as Error).message);
    throw e;
  }
  const { ext, info } = inspected;
  const [dup] = await db
    .select()
    .from(recording)
    .where(and(scoped(s, recording), eq(recording.hash, hash), eq(recording.size, size)))
    .limit(1);
  if (dup) {
    const transcriptAdded = await attachTranscript(ctx, s, dup, meta.transcript);
    await log(
      UPLOAD_RESULT.DUPLICATE,
      transcriptAdded ? '文件已存在，已补充转写文本' : '文件已存在，未重复上传',
      dup.id,
    );
    return { fileName, recordId: dup.id, duplicate: true, transcriptAdded, clueId: dup.clueId, phone: dup.phone };
  }
  let transcript = null;
  try {
    transcript = meta.transcript ? ctx.services.asr.parseUploaded(meta.transcript, info.durationMs) : null;
  } catch (e) {
    await log(UPLOAD_RESULT.REFUSED, (e as Error).message);
    throw e;
  }
  const phone =
    meta.phone?.trim() ||
    findPhone(fileName, info.tags.title, info.tags.comment, info.tags.description, info.tags.artist);
  let clueOwner: number | null = null;
  if (!clueId && phone) {
    const found = await clueLookup(ctx)?.findByPhone(s.orgId, phone);
    clueId = found ? (found.id ?? found.clueId ?? null) : null;
    // the lead's owner gets the call only when the uploader may give recordings to them (else it stays the uploader's)
    const leadOwner = found?.ownerUserId ?? null;
    clueOwner = leadOwner !== null && mayAssignRecordings(s) && seesUser(s, leadOwner) ? leadOwner : null;
  }
  const key = `recordings/${s.orgId}/${new Date().toISOString().slice(0, 7)}/${randomUUID()}.${ext}`;
  await ctx.storage.put(key, createReadStream(path));
  const callTime = meta.callTime ? parseDateTime(meta.callTime) : null;
  // the row and its `recording.stored` commit together: transcription always follows a stored recording; the
  // uploader sees what the stages make of it at once (an uploaded transcript 已完成, its analysis 排队中)
  const row = await ctx.events.transaction(
    async (tx, outbox) => {
      const [stored] = await tx
        .insert(recording)
        .values({
          organizationId: s.orgId,
          fileName: fileName.slice(0, 255),
          ext,
          fileKey: key,
          hash,
          size,
          durationMs: info.durationMs,
          channels: info.channels,
          sampleRate: info.sampleRate,
          codec: info.codec,
          source: meta.source ?? 1,
          callType: meta.callType ?? 4,
          ownerUserId: owner ?? clueOwner ?? s.userId,
          clueId,
          phone,
          callInfoId: meta.callInfoId ?? null,
          callTime: callTime ?? new Date(),
          uploadedBy: s.userId,
          asrStatus: AsrStatus.QUEUED,
        })
        .returning();
      await outbox.emit('recording.stored', { orgId: stored.organizationId, recordingId: stored.id, transcript });
      return stored;
    },
    { userWaits: true },
  );
  await log(UPLOAD_RESULT.STORED, null, row.id);
  return { fileName, recordId: row.id, duplicate: false, clueId: row.clueId, phone: row.phone };
}

/** The metadata fields of a multipart upload ('' is "not given"); the first problem answers 400. */
function parseMeta(fields: Record<string, string>): UploadMeta {
  const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ''));
  const parsed = UploadMeta.safeParse(clean);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  return parsed.data;
}

/**
 * uploadRecording: every file of the multipart request is written to a temporary folder, then stored. One file
 * answers its result (or its refusal); several answer one result each, a refused one with the reason.
 */
export async function uploadRecordings(ctx: AppContext, s: Session, req: FastifyRequest): Promise<Answer<'upload'>> {
  const results = await withTempDir(async (dir) => {
    let n = 0;
    const { files, fields } = await readMultipart(
      req,
      { maxBytes: uploadLimitBytes(ctx), notMultipart: '请以 multipart/form-data 上传文件（字段 file）' },
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
    const out: UploadedFile[] = [];
    for (const f of files) {
      try {
        out.push({ ok: true, msg: '', ...(await storeRecording(ctx, s, f.path, f.fileName, meta)) });
      } catch (e) {
        if (files.length === 1) throw e;
        out.push({ ok: false, fileName: f.fileName, msg: (e as Error).message, recordId: null, duplicate: false });
      }
    }
    return out;
  });
  return results.length === 1 ? results[0] : { results };
}

// ---------- upload log ----------

export interface UploadLogEntry {
  fileName?: string | null;
  hash?: string | null;
  size?: number | null;
  result: number;
  message?: string | null;
  recordingId?: number | null;
  channel?: string | null;
}

/** One line of the upload log, for the session's user. */
export async function logUpload(db: DbOrTx, s: Session, v: UploadLogEntry): Promise<{ id: number }> {
  const [row] = await db
    .insert(aiVoiceUploadLog)
    .values({
      organizationId: s.orgId,
      userId: s.userId,
      fileName: v.fileName?.slice(0, 255) ?? null,
      hash: v.hash ?? null,
      size: v.size ?? null,
      result: v.result,
      message: v.message?.slice(0, 500) ?? null,
      recordingId: v.recordingId ?? null,
      channel: v.channel?.slice(0, 30) ?? null,
    })
    .returning({ id: aiVoiceUploadLog.id });
  return row;
}

/** An upload event the client reports (a skipped duplicate, a failure); its recording must be one the caller sees. */
export async function saveClientLog(
  ctx: AppContext,
  s: Session,
  input: Body<'saveUploadLog'>,
): Promise<Answer<'saveUploadLog'>> {
  if (input.recordId) await findRecording(ctx.db, s, input.recordId);
  return logUpload(ctx.db, s, {
    ...input,
    hash: input.md5,
    recordingId: input.recordId,
    channel: input.channel ?? 'web',
  });
}

/** The upload log of the users the session's data scope covers. */
export async function uploadLogPage(ctx: AppContext, s: Session, p: Body<'uploadLogs'>): Promise<Answer<'uploadLogs'>> {
  const where: SQL = and(
    scoped(s, aiVoiceUploadLog, { owner: aiVoiceUploadLog.userId }),
    p.result ? eq(aiVoiceUploadLog.result, p.result) : undefined,
  )!;
  const { rows, total } = await pageRows(ctx.db, aiVoiceUploadLog, where, [desc(aiVoiceUploadLog.id)], p);
  return page(
    rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt) })),
    total,
    p,
  );
}

/** The spec's file hash of a local file (first 10 MB in 2 MB chunks). */
export async function hashFile(path: string, size: number): Promise<string> {
  const fh = await open(path, 'r');
  try {
    // The same computation as the browser's (packages/core fileHash), over a file handle.
    return await fileHash({
      size,
      slice: (start: number, end: number) => ({
        arrayBuffer: async () => {
          const buf = Buffer.alloc(end - start);
          await fh.read(buf, 0, buf.length, start);
          return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length) as ArrayBuffer;
        },
      }),
    });
  } finally {
    await fh.close();
  }
}
