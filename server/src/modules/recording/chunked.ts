import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { CHUNK_LIMIT_BYTES, CHUNK_SIZE, ChunkFields, UPLOAD_RESULT } from '@crm/core/contract/recording';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, must } from '../../platform/errors';
import { readMultipart } from '../../platform/multipart';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { withTempDir } from './audio';
import { assignableUser, checkClue } from './binding';
import { extOf, findRecording } from './rows';
import { recordingUpload } from './schema';
import { attachTranscript, checkFile, checkMd5, hashFile, logUpload, storeRecording } from './upload';

/**
 * Resumable uploads of large recordings: init (or resume) by md5, chunks appended in order and written to storage
 * before they are acknowledged, then completion, which checks the md5 and stores the recording.
 */

type Body<K extends keyof typeof contract.recording> = CallBody<(typeof contract.recording)[K]>;
type Answer<K extends keyof typeof contract.recording> = CallAnswer<(typeof contract.recording)[K]>;

function chunkKey(orgId: number, uploadId: string, index: number): string {
  return `uploads/${orgId}/${uploadId}/${String(index).padStart(6, '0')}`;
}

export async function initChunked(
  ctx: AppContext,
  s: Session,
  v: Body<'initChunkUpload'>,
): Promise<Answer<'initChunkUpload'>> {
  checkFile(ctx, v.fileName, v.size);
  const check = await checkMd5(ctx, s, v.md5, v.size);
  if (check.exists) {
    const transcriptAdded =
      !!check.recordId &&
      !!v.transcript?.trim() &&
      (await attachTranscript(ctx, s, await findRecording(ctx.db, s, check.recordId), v.transcript));
    await logUpload(ctx.db, s, {
      fileName: v.fileName,
      hash: v.md5,
      size: v.size,
      result: UPLOAD_RESULT.DUPLICATE,
      message: transcriptAdded ? '文件已存在，已补充转写文本' : '文件已存在，未重复上传',
      recordingId: check.recordId,
      channel: v.channel ?? 'web',
    });
    return {
      duplicate: true,
      transcriptAdded,
      recordId: check.recordId,
      uploadId: null,
      offset: v.size,
      chunkSize: CHUNK_SIZE,
    };
  }
  if (v.ownerUserId) await assignableUser(ctx, s, v.ownerUserId);
  if (v.clueId) await checkClue(ctx, s, v.clueId);
  const { fileName, size, md5, ...meta } = v;
  if (check.uploadId) {
    await ctx.db
      .update(recordingUpload)
      .set({ meta, fileName, updatedAt: new Date() })
      .where(and(scoped(s, recordingUpload), eq(recordingUpload.id, check.uploadId)));
    return { duplicate: false, recordId: null, uploadId: check.uploadId, offset: check.offset, chunkSize: CHUNK_SIZE };
  }
  const id = randomUUID();
  await ctx.db
    .insert(recordingUpload)
    .values({ id, organizationId: s.orgId, userId: s.userId, fileName, hash: md5, size, meta });
  return { duplicate: false, recordId: null, uploadId: id, offset: 0, chunkSize: CHUNK_SIZE };
}

/** The session's user's own upload under way, or 404. */
async function findUpload(ctx: AppContext, s: Session, uploadId: string) {
  const [u] = await ctx.db
    .select()
    .from(recordingUpload)
    .where(and(scoped(s, recordingUpload), eq(recordingUpload.id, uploadId), eq(recordingUpload.userId, s.userId)));
  return must(u, '上传任务不存在或已完成');
}

/** uploadChunk: reads the multipart request (uploadId, offset and the chunk as its last file) and appends it. */
export async function receiveChunk(ctx: AppContext, s: Session, req: FastifyRequest): Promise<Answer<'uploadChunk'>> {
  const { files, fields } = await readMultipart(
    req,
    {
      maxBytes: CHUNK_LIMIT_BYTES,
      notMultipart: '请以 multipart/form-data 上传分片（字段 uploadId、offset、chunk）',
      tooLarge: '分片超过 16 MB',
    },
    (part) => part.toBuffer(),
  );
  const data = files.at(-1) ?? null;
  const p = ChunkFields.safeParse(fields);
  if (!p.success) throw badRequest(p.error.issues[0].message);
  if (!data) throw badRequest('chunk：请传入分片内容');
  return putChunk(ctx, s, p.data.uploadId, p.data.offset, data);
}

/**
 * Appends one chunk at `offset`. The chunk is written to storage before the new offset is acknowledged; a chunk
 * re-sent for an offset already stored is acknowledged without writing (its acknowledgement was lost).
 */
async function putChunk(ctx: AppContext, s: Session, uploadId: string, offset: number, data: Buffer) {
  const u = await findUpload(ctx, s, uploadId);
  if (offset < u.offset) return { uploadId, offset: u.offset };
  if (offset > u.offset) throw badRequest(`offset：应为 ${u.offset}，请从该位置续传`);
  if (!data.length) throw badRequest('分片内容为空');
  if (u.offset + data.length > u.size) throw badRequest('分片超出文件大小');
  await ctx.storage.put(chunkKey(u.organizationId, u.id, u.chunks), data);
  const next = u.offset + data.length;
  const [moved] = await ctx.db
    .update(recordingUpload)
    .set({ offset: next, chunks: u.chunks + 1, updatedAt: new Date() })
    .where(and(eq(recordingUpload.id, u.id), eq(recordingUpload.offset, u.offset)))
    .returning({ offset: recordingUpload.offset });
  // a concurrent send of the same chunk got there first: acknowledge where the upload really is
  if (!moved) return { uploadId, offset: (await findUpload(ctx, s, uploadId)).offset };
  return { uploadId, offset: next };
}

export async function completeChunked(
  ctx: AppContext,
  s: Session,
  uploadId: string,
): Promise<Answer<'completeChunkUpload'>> {
  const u = await findUpload(ctx, s, uploadId);
  if (u.offset !== u.size) throw badRequest(`文件尚未传完：已收到 ${u.offset} / ${u.size} 字节`);
  const discard = async () => {
    for (let i = 0; i < u.chunks; i++) await ctx.storage.delete(chunkKey(u.organizationId, u.id, i));
    await ctx.db.delete(recordingUpload).where(eq(recordingUpload.id, u.id));
  };
  try {
    const result = await withTempDir(async (dir) => {
      const path = join(dir, `upload.${extOf(u.fileName)}`);
      const out = createWriteStream(path);
      for (let i = 0; i < u.chunks; i++)
        await pipeline(await ctx.storage.get(chunkKey(u.organizationId, u.id, i)), out, { end: false });
      await new Promise<void>((res, rej) => out.end((err?: Error | null) => (err ? rej(err) : res())));
      const hash = await hashFile(path, u.size);
      if (hash !== u.hash) throw badRequest('文件校验失败（md5 不一致），请重新上传');
      return storeRecording(ctx, s, path, u.fileName, u.meta);
    });
    await discard();
    return result;
  } catch (err) {
    // A refused file (md5 mismatch, not audio, too large) would keep its finished upload for ever, and the same
    // file could never be sent again: the upload goes, and a new one starts from zero. Other errors keep the chunks.
    if (err instanceof AppError) await discard();
    throw err;
  }
}
