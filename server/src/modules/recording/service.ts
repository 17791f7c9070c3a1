import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  AnalysisStatusLabel,
  AsrStatus,
  AsrStatusLabel,
  AUDIO_EXTENSIONS,
  type AudioMetrics,
  CallType,
  durationRange,
  fileHash,
  formatDateTime,
  MetricsStatusLabel,
  parseDateTime,
  RecordingSource,
} from '@crm/core';
import { type AnyColumn, and, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { AppError, badRequest, forbidden, must, notFound } from '../../platform/errors';
import { offsetOf, type PageRequest, page } from '../../platform/paging';
import type { Session } from '../../platform/session';
import { updateSet } from '../../platform/update';
import { canSeeUser } from '../org/scope';
import { getUser } from '../org/service';
import { findPhone, probe, withTempDir } from './audio';
import { aiVoiceUploadLog, recording, recordingUpload } from './schema';

export type RecordingRow = typeof recording.$inferSelect;

/** What an upload may say about the recording (multipart fields, or the init call of a chunked upload). */
export interface UploadMeta {
  source?: number;
  callType?: number;
  ownerUserId?: number;
  clueId?: number;
  phone?: string;
  callTime?: string;
  callInfoId?: string;
  /** A transcript that came with the recording: the JSON form of DESIGN.md section 6, or plain text. */
  transcript?: string;
  channel?: string;
}

export interface UploadResult {
  fileName: string;
  recordId: number;
  duplicate: boolean;
  clueId: number | null;
  phone: string | null;
}

/** The lead service as far as recordings use it (helper module `clue`; absent until that module is set up). */
interface ClueLookup {
  findByPhone?(
    orgId: number,
    phone: string,
  ): Promise<{ id?: number; clueId?: number; ownerUserId?: number | null } | null | undefined>;
  findById?(
    orgId: number,
    clueId: number,
  ): Promise<{ id?: number; clueId?: number; ownerUserId?: number | null } | null | undefined>;
  /** The lead if the session's data scope covers it; throws (404) otherwise. */
  get?(s: Session, clueId: number): Promise<unknown>;
}

/** Giving recordings to another user (binding, or an upload's ownerUserId) takes this sign. */
export const mayAssignRecordings = (s: Session) => s.isSuperAdmin || s.signs.has('recording:assign');

export interface ListFilter extends PageRequest {
  source?: number[];
  callType?: number[];
  ownerUserIds?: number[];
  clueId?: number;
  phone?: string;
  fileName?: string;
  startTime?: string;
  endTime?: string;
  durationLevel?: number;
  durationMin?: number;
  durationMax?: number;
  asrStatus?: number[];
  analysisStatus?: number[];
  ids?: number[];
}

export const UPLOAD_RESULT = { STORED: 1, DUPLICATE: 2, REFUSED: 3, FAILED: 4, RESUMED: 5 } as const;
export const CHUNK_SIZE = 5 * 1024 * 1024;

/** Recordings: storage, metadata, binding, listing. Transcription and metrics are the asr module's jobs. */
export class RecordingService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  private get clue(): ClueLookup | undefined {
    return (this.ctx.services as { clue?: ClueLookup }).clue;
  }

  get limitBytes(): number {
    return this.ctx.config.uploadLimitMb * 1024 * 1024;
  }

  // ---------- scope ----------

  /** Rows of the session's organisation that its role may see (owner, or uploader when unowned). */
  scope(s: Session): SQL {
    const org = eq(recording.organizationId, s.orgId);
    if (!s.visibleUserIds) return org;
    const ids = s.visibleUserIds.length ? s.visibleUserIds : [-1];
    return and(
      org,
      or(inArray(recording.ownerUserId, ids), and(isNull(recording.ownerUserId), inArray(recording.uploadedBy, ids))),
    )!;
  }

  /** A condition on another table's recording id column: the recording is one the session may see. */
  visible(s: Session, recordingId: SQL | AnyColumn): SQL {
    return sql`${recordingId} in (select ${recording.id} from ${recording} where ${this.scope(s)})`;
  }

  async get(s: Session, id: number): Promise<RecordingRow> {
    const [row] = await this.db
      .select()
      .from(recording)
      .where(and(this.scope(s), eq(recording.id, id)));
    return must(row, '录音不存在');
  }

  /** For jobs and the public call detail (maskId): by organisation only, no session. */
  async getInOrg(orgId: number, id: number): Promise<RecordingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(recording)
      .where(and(eq(recording.organizationId, orgId), eq(recording.id, id)));
    return row;
  }

  /** Sets the given columns (undefined ones are left as they are; nothing to set is a no-op). */
  async update(orgId: number, id: number, values: Partial<typeof recording.$inferInsert>): Promise<void> {
    const set = updateSet(values);
    if (!set) return;
    await this.db
      .update(recording)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(recording.organizationId, orgId), eq(recording.id, id)));
  }

  // ---------- upload ----------

  /** md5 check: does the organisation already hold this file; is an upload of it under way (resume offset)? */
  async checkMd5(s: Session, md5: string, size?: number) {
    const [existing] = await this.db
      .select({ id: recording.id, fileName: recording.fileName })
      .from(recording)
      .where(
        and(
          eq(recording.organizationId, s.orgId),
          eq(recording.hash, md5),
          size ? eq(recording.size, size) : undefined,
        ),
      )
      .limit(1);
    const [upload] = existing
      ? []
      : await this.db
          .select()
          .from(recordingUpload)
          .where(
            and(
              eq(recordingUpload.organizationId, s.orgId),
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

  /** Checks the extension and size, then sniffs the content with ffprobe: a file with no audio is refused. */
  private async inspect(path: string, fileName: string, size: number) {
    const ext = extOf(fileName);
    if (!(AUDIO_EXTENSIONS as readonly string[]).includes(ext))
      throw badRequest(
        `文件「${fileName}」类型不支持，请上传音频文件（${AUDIO_EXTENSIONS.map((e) => `.${e}`).join(' ')}）`,
      );
    if (size > this.limitBytes) throw tooLarge(fileName, this.ctx.config.uploadLimitMb);
    if (size === 0) throw badRequest(`文件「${fileName}」是空文件`);
    const info = await probe(path, ext);
    if (!info) throw badRequest(`文件「${fileName}」不是有效的音频文件，无法识别其中的声音内容`);
    return { ext, info };
  }

  /**
   * Stores an uploaded file (already written to a local temporary path): checks, hashes, deduplicates, writes to
   * storage, records the metadata, binds by phone, and queues transcription and metrics. Logged either way.
   */
  async store(s: Session, path: string, fileName: string, meta: UploadMeta): Promise<UploadResult> {
    const size = (await stat(path)).size;
    const hash = await hashFile(path, size);
    const log = (result: number, message: string | null, recordingId: number | null = null) =>
      this.log(s.orgId, s.userId, {
        fileName,
        hash,
        size,
        result,
        message,
        recordingId,
        channel: meta.channel ?? 'web',
      });
    // who and what the recording is given to is checked before any work on the file
    const owner = meta.ownerUserId ? await this.assignableUser(s, meta.ownerUserId) : null;
    let clueId = meta.clueId ? await this.checkClue(s, meta.clueId) : null;
    let inspected: Awaited<ReturnType<RecordingService['inspect']>>;
    try {
      inspected = await this.inspect(path, fileName, size);
    } catch (e) {
      await log(UPLOAD_RESULT.REFUSED, (e as Error).message);
      throw e;
    }
    const { ext, info } = inspected;
    const [dup] = await this.db
      .select()
      .from(recording)
      .where(and(eq(recording.organizationId, s.orgId), eq(recording.hash, hash), eq(recording.size, size)))
      .limit(1);
    if (dup) {
      await log(UPLOAD_RESULT.DUPLICATE, '文件已存在，未重复上传', dup.id);
      return { fileName, recordId: dup.id, duplicate: true, clueId: dup.clueId, phone: dup.phone };
    }
    let transcript = null;
    try {
      transcript = meta.transcript ? this.ctx.services.asr.parseUploaded(meta.transcript, info.durationMs) : null;
    } catch (e) {
      await log(UPLOAD_RESULT.REFUSED, (e as Error).message);
      throw e;
    }
    const phone =
      meta.phone?.trim() ||
      findPhone(fileName, info.tags.title, info.tags.comment, info.tags.description, info.tags.artist);
    let clueOwner: number | null = null;
    if (!clueId && phone) {
      const found = await this.clue?.findByPhone?.(s.orgId, phone);
      clueId = found ? (found.id ?? found.clueId ?? null) : null;
      // the lead's owner gets the call only when the uploader may give recordings to them (else it stays the uploader's)
      const leadOwner = found?.ownerUserId ?? null;
      clueOwner = leadOwner !== null && mayAssignRecordings(s) && canSeeUser(s, leadOwner) ? leadOwner : null;
    }
    const key = `recordings/${s.orgId}/${new Date().toISOString().slice(0, 7)}/${randomUUID()}.${ext}`;
    await this.ctx.storage.put(key, createReadStream(path));
    const callTime = meta.callTime ? parseDateTime(meta.callTime) : null;
    const [row] = await this.db
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
    await this.ctx.services.asr.afterStored(row, transcript);
    await log(UPLOAD_RESULT.STORED, null, row.id);
    return { fileName, recordId: row.id, duplicate: false, clueId: row.clueId, phone: row.phone };
  }

  async log(
    orgId: number,
    userId: number | null,
    v: {
      fileName?: string | null;
      hash?: string | null;
      size?: number | null;
      result: number;
      message?: string | null;
      recordingId?: number | null;
      channel?: string | null;
    },
  ) {
    const [row] = await this.db
      .insert(aiVoiceUploadLog)
      .values({
        organizationId: orgId,
        userId,
        fileName: v.fileName?.slice(0, 255) ?? null,
        hash: v.hash ?? null,
        size: v.size ?? null,
        result: v.result,
        message: v.message?.slice(0, 500) ?? null,
        recordingId: v.recordingId ?? null,
        channel: v.channel?.slice(0, 30) ?? null,
      })
      .returning();
    return row;
  }

  async logPage(s: Session, p: PageRequest & { result?: number }) {
    const where = and(
      eq(aiVoiceUploadLog.organizationId, s.orgId),
      s.visibleUserIds
        ? inArray(aiVoiceUploadLog.userId, s.visibleUserIds.length ? s.visibleUserIds : [-1])
        : undefined,
      p.result ? eq(aiVoiceUploadLog.result, p.result) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(aiVoiceUploadLog)
        .where(where)
        .orderBy(desc(aiVoiceUploadLog.id))
        .limit(p.pageSize)
        .offset(offsetOf(p)),
      this.db.select({ total: sql<number>`count(*)::int` }).from(aiVoiceUploadLog).where(where),
    ]);
    return page(
      rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt) })),
      total,
      p,
    );
  }

  // ---------- resumable upload ----------

  async initChunked(s: Session, v: { fileName: string; size: number; md5: string } & UploadMeta) {
    const ext = extOf(v.fileName);
    if (!(AUDIO_EXTENSIONS as readonly string[]).includes(ext))
      throw badRequest(
        `文件「${v.fileName}」类型不支持，请上传音频文件（${AUDIO_EXTENSIONS.map((e) => `.${e}`).join(' ')}）`,
      );
    if (v.size > this.limitBytes) throw tooLarge(v.fileName, this.ctx.config.uploadLimitMb);
    const check = await this.checkMd5(s, v.md5, v.size);
    if (check.exists) {
      await this.log(s.orgId, s.userId, {
        fileName: v.fileName,
        hash: v.md5,
        size: v.size,
        result: UPLOAD_RESULT.DUPLICATE,
        message: '文件已存在，未重复上传',
        recordingId: check.recordId,
        channel: v.channel ?? 'web',
      });
      return { duplicate: true, recordId: check.recordId, uploadId: null, offset: v.size, chunkSize: CHUNK_SIZE };
    }
    if (v.ownerUserId) await this.assignableUser(s, v.ownerUserId);
    if (v.clueId) await this.checkClue(s, v.clueId);
    const { fileName, size, md5, ...meta } = v;
    if (check.uploadId) {
      await this.db
        .update(recordingUpload)
        .set({ meta, fileName, updatedAt: new Date() })
        .where(eq(recordingUpload.id, check.uploadId));
      return {
        duplicate: false,
        recordId: null,
        uploadId: check.uploadId,
        offset: check.offset,
        chunkSize: CHUNK_SIZE,
      };
    }
    const id = randomUUID();
    await this.db
      .insert(recordingUpload)
      .values({ id, organizationId: s.orgId, userId: s.userId, fileName, hash: md5, size, meta });
    return { duplicate: false, recordId: null, uploadId: id, offset: 0, chunkSize: CHUNK_SIZE };
  }

  private async upload(s: Session, uploadId: string) {
    const [u] = await this.db
      .select()
      .from(recordingUpload)
      .where(
        and(
          eq(recordingUpload.id, uploadId),
          eq(recordingUpload.organizationId, s.orgId),
          eq(recordingUpload.userId, s.userId),
        ),
      );
    return must(u, '上传任务不存在或已完成');
  }

  /**
   * Appends one chunk at `offset`. The chunk is written to storage before the new offset is acknowledged; a chunk
   * re-sent for an offset already stored is acknowledged without writing (its acknowledgement was lost).
   */
  async putChunk(s: Session, uploadId: string, offset: number, data: Buffer) {
    const u = await this.upload(s, uploadId);
    if (offset < u.offset) return { uploadId, offset: u.offset };
    if (offset > u.offset) throw badRequest(`offset：应为 ${u.offset}，请从该位置续传`);
    if (!data.length) throw badRequest('分片内容为空');
    if (u.offset + data.length > u.size) throw badRequest('分片超出文件大小');
    await this.ctx.storage.put(chunkKey(u.organizationId, u.id, u.chunks), data);
    const next = u.offset + data.length;
    const [moved] = await this.db
      .update(recordingUpload)
      .set({ offset: next, chunks: u.chunks + 1, updatedAt: new Date() })
      .where(and(eq(recordingUpload.id, u.id), eq(recordingUpload.offset, u.offset)))
      .returning({ offset: recordingUpload.offset });
    // a concurrent send of the same chunk got there first: acknowledge where the upload really is
    if (!moved) return { uploadId, offset: (await this.upload(s, uploadId)).offset };
    return { uploadId, offset: next };
  }

  async completeChunked(s: Session, uploadId: string): Promise<UploadResult> {
    const u = await this.upload(s, uploadId);
    if (u.offset !== u.size) throw badRequest(`文件尚未传完：已收到 ${u.offset} / ${u.size} 字节`);
    const discard = async () => {
      for (let i = 0; i < u.chunks; i++) await this.ctx.storage.delete(chunkKey(u.organizationId, u.id, i));
      await this.db.delete(recordingUpload).where(eq(recordingUpload.id, u.id));
    };
    try {
      const result = await withTempDir(async (dir) => {
        const path = join(dir, `upload.${extOf(u.fileName)}`);
        const out = createWriteStream(path);
        for (let i = 0; i < u.chunks; i++)
          await pipeline(await this.ctx.storage.get(chunkKey(u.organizationId, u.id, i)), out, { end: false });
        await new Promise<void>((res, rej) => out.end((err?: Error | null) => (err ? rej(err) : res())));
        const hash = await hashFile(path, u.size);
        if (hash !== u.hash) throw badRequest('文件校验失败（md5 不一致），请重新上传');
        return this.store(s, path, u.fileName, u.meta as UploadMeta);
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

  // ---------- binding and deletion ----------

  private async checkUser(orgId: number, userId: number): Promise<number> {
    const user = await getUser(this.db, orgId, userId);
    if (!user) throw notFound('用户不存在');
    return user.id;
  }

  /**
   * The user recordings are given to: a user of the organisation. Another user than oneself takes
   * 'recording:assign' and must be inside the caller's data scope (a seat cannot hand its calls to anyone, a
   * manager only to the people it manages).
   */
  private async assignableUser(s: Session, userId: number): Promise<number> {
    const id = await this.checkUser(s.orgId, userId);
    if (id === s.userId) return id;
    if (!mayAssignRecordings(s)) throw forbidden('无权限把录音分配给其他员工');
    if (!canSeeUser(s, id)) throw forbidden('不能把录音分配给数据权限以外的员工');
    return id;
  }

  /** A lead of the organisation that the caller's data scope covers (a recording is not pinned to others' leads). */
  private async checkClue(s: Session, clueId: number): Promise<number> {
    const lookup = this.clue;
    if (lookup?.get) {
      try {
        await lookup.get.call(lookup, s, clueId);
      } catch (e) {
        if (e instanceof AppError && e.status === 404) throw notFound('线索不存在');
        throw e;
      }
    } else if (lookup?.findById) {
      if (!(await lookup.findById.call(lookup, s.orgId, clueId))) throw notFound('线索不存在');
    }
    return clueId;
  }

  private async visibleRows(s: Session, ids: number[]) {
    const rows = await this.db
      .select({ id: recording.id, ownerUserId: recording.ownerUserId })
      .from(recording)
      .where(and(this.scope(s), inArray(recording.id, ids)));
    if (rows.length !== new Set(ids).size) throw notFound('录音不存在');
    return rows;
  }

  private async visibleIds(s: Session, ids: number[]): Promise<number[]> {
    return (await this.visibleRows(s, ids)).map((r) => r.id);
  }

  async bindClue(s: Session, ids: number[], clueId: number | null) {
    const visible = await this.visibleIds(s, ids);
    if (clueId) await this.checkClue(s, clueId);
    await this.db
      .update(recording)
      .set({ clueId, updatedAt: new Date() })
      .where(and(eq(recording.organizationId, s.orgId), inArray(recording.id, visible)));
    return { count: visible.length };
  }

  /**
   * Gives recordings to a user. With 'recording:assign': any recording the caller sees, to a user of its data
   * scope. Without it (a seat uploading its own calls) only claiming for oneself recordings that have no owner yet.
   */
  async bindUser(s: Session, ids: number[], userId: number) {
    const rows = await this.visibleRows(s, ids);
    await this.assignableUser(s, userId);
    if (!mayAssignRecordings(s) && rows.some((r) => r.ownerUserId !== null && r.ownerUserId !== userId))
      throw forbidden('无权限修改录音归属');
    const visible = rows.map((r) => r.id);
    await this.db
      .update(recording)
      .set({ ownerUserId: userId, updatedAt: new Date() })
      .where(and(eq(recording.organizationId, s.orgId), inArray(recording.id, visible)));
    return { count: visible.length };
  }

  async remove(s: Session, ids: number[]) {
    const rows = await this.db
      .select()
      .from(recording)
      .where(and(this.scope(s), inArray(recording.id, ids)));
    if (rows.length !== new Set(ids).size) throw notFound('录音不存在');
    await this.db.transaction(async (tx) => {
      await this.ctx.services.asr.removeFor(
        tx,
        s.orgId,
        rows.map((r) => r.id),
      );
      await tx.delete(recording).where(
        and(
          eq(recording.organizationId, s.orgId),
          inArray(
            recording.id,
            rows.map((r) => r.id),
          ),
        ),
      );
    });
    for (const r of rows) {
      await this.ctx.storage.delete(r.fileKey);
      if (r.playKey) await this.ctx.storage.delete(r.playKey);
    }
    return { count: rows.length };
  }

  /** Score and remark left out stay as they are; null (or '' for the remark) clears them. */
  async saveQuality(s: Session, id: number, input: { qualityScore?: number | null; qualityRemark?: string | null }) {
    const row = await this.get(s, id);
    const { qualityScore = row.qualityScore, qualityRemark = row.qualityRemark } = input;
    await this.update(s.orgId, id, { qualityScore: input.qualityScore, qualityRemark: input.qualityRemark });
    return { id, qualityScore, qualityRemark };
  }

  // ---------- listing ----------

  where(s: Session, f: Omit<ListFilter, 'pageNum' | 'pageSize'>): SQL {
    const conds: (SQL | undefined)[] = [this.scope(s)];
    if (f.ids?.length) conds.push(inArray(recording.id, f.ids));
    if (f.source?.length) conds.push(inArray(recording.source, f.source));
    if (f.callType?.length) conds.push(inArray(recording.callType, f.callType));
    if (f.ownerUserIds?.length) conds.push(inArray(recording.ownerUserId, f.ownerUserIds));
    if (f.clueId) conds.push(eq(recording.clueId, f.clueId));
    if (f.phone) conds.push(sql`${recording.phone} like ${`%${escapeLike(f.phone)}%`}`);
    if (f.fileName) conds.push(sql`${recording.fileName} ilike ${`%${escapeLike(f.fileName)}%`}`);
    const start = f.startTime ? parseDateTime(f.startTime) : null;
    const end = f.endTime ? parseDateTime(f.endTime) : null;
    if (start) conds.push(gte(recording.callTime, start));
    if (end) conds.push(lte(recording.callTime, end));
    const { min, max } = f.durationLevel
      ? durationRange({ option: 1, level: f.durationLevel })
      : durationRange({ option: 2, min: f.durationMin, max: f.durationMax });
    // Levels are whole seconds, both ends inclusive as the spec lists them (0-10, 11-30, …).
    if (min != null && min > 0) conds.push(gte(recording.durationMs, min * 1000));
    if (max != null) conds.push(lt(recording.durationMs, (max + 1) * 1000));
    if (f.asrStatus?.length) conds.push(inArray(recording.asrStatus, f.asrStatus));
    if (f.analysisStatus?.length) conds.push(inArray(recording.analysisStatus, f.analysisStatus));
    return and(...conds)!;
  }

  async list(s: Session, f: ListFilter) {
    const where = this.where(s, f);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(recording)
        .where(where)
        .orderBy(desc(recording.createdAt), desc(recording.id))
        .limit(f.pageSize)
        .offset(offsetOf(f)),
      this.db.select({ total: sql<number>`count(*)::int` }).from(recording).where(where),
    ]);
    return page(await this.present(s.orgId, rows), total, f);
  }

  async listAll(s: Session, f: Omit<ListFilter, 'pageNum' | 'pageSize'>, max = 10000) {
    const rows = await this.db
      .select()
      .from(recording)
      .where(this.where(s, f))
      .orderBy(desc(recording.createdAt), desc(recording.id))
      .limit(max);
    return this.present(s.orgId, rows);
  }

  /** List items: the row with labels, owner name and formatted times. */
  async present(orgId: number, rows: RecordingRow[]) {
    const ownerIds = [...new Set(rows.map((r) => r.ownerUserId).filter((v): v is number => v != null))];
    const owners = new Map<number, string>();
    await Promise.all(
      ownerIds.map(async (id) => {
        const u = await getUser(this.db, orgId, id);
        if (u) owners.set(id, u.realName);
      }),
    );
    return rows.map((r) => presentRow(r, owners.get(r.ownerUserId ?? -1) ?? null));
  }

  async recordIdByInfoId(s: Session, infoId: string) {
    const [row] = await this.db
      .select({ id: recording.id })
      .from(recording)
      .where(and(this.scope(s), eq(recording.callInfoId, infoId)))
      .orderBy(desc(recording.id))
      .limit(1);
    return { recordId: row?.id ?? null };
  }

  /** The lead's interaction records: its recordings, newest first (called by the clue module). */
  async interactionsForClue(orgId: number, clueId: number) {
    const rows = await this.db
      .select()
      .from(recording)
      .where(and(eq(recording.organizationId, orgId), eq(recording.clueId, clueId)))
      .orderBy(desc(recording.callTime), desc(recording.id))
      .limit(500);
    const items = await this.present(orgId, rows);
    return items.map((r) => ({
      type: 'call' as const,
      id: r.id,
      recordId: r.id,
      time: r.callTime,
      title: `${r.callTypeName} · ${r.sourceName}`,
      durationMs: r.durationMs,
      duration: r.duration,
      ownerUserId: r.ownerUserId,
      ownerName: r.ownerName,
      phone: r.phone,
      fileName: r.fileName,
      asrStatus: r.asrStatus,
      asrStatusName: r.asrStatusName,
      talkRatio: r.talkRatio,
    }));
  }

  /** Recordings whose transcription or metrics are still 排队中 since before `before` (see AsrService.requeueStale). */
  /** Recordings 排队中 since before `queuedBefore`, or still 识别中/分析中 since before `runningBefore`. */
  async staleQueued(queuedBefore: Date, runningBefore: Date, limit = 1000) {
    return this.db
      .select({
        id: recording.id,
        organizationId: recording.organizationId,
        asrStatus: recording.asrStatus,
        metricsStatus: recording.metricsStatus,
      })
      .from(recording)
      .where(
        or(
          and(
            or(eq(recording.asrStatus, AsrStatus.QUEUED), eq(recording.metricsStatus, 1)),
            lt(recording.updatedAt, queuedBefore),
          ),
          and(
            or(eq(recording.asrStatus, AsrStatus.RUNNING), eq(recording.metricsStatus, 2)),
            lt(recording.updatedAt, runningBefore),
          ),
        ),
      )
      .limit(limit);
  }

  async setAnalysisStatus(orgId: number, id: number, status: number) {
    await this.update(orgId, id, { analysisStatus: status });
  }
}

export function presentRow(r: RecordingRow, ownerName: string | null) {
  const seconds = Math.round(r.durationMs / 1000);
  const m = r.metrics as AudioMetrics | null;
  return {
    id: r.id,
    recordId: r.id,
    fileName: r.fileName,
    ext: r.ext,
    size: r.size,
    hash: r.hash,
    durationMs: r.durationMs,
    duration: seconds,
    durationText: hms(seconds),
    channels: r.channels,
    sampleRate: r.sampleRate,
    source: r.source,
    sourceName: (RecordingSource as Record<number, string>)[r.source] ?? '--',
    callType: r.callType,
    callTypeName: (CallType as Record<number, string>)[r.callType] ?? '--',
    ownerUserId: r.ownerUserId,
    ownerName,
    clueId: r.clueId,
    phone: r.phone,
    callInfoId: r.callInfoId,
    callTime: formatDateTime(r.callTime),
    createdAt: formatDateTime(r.createdAt),
    asrStatus: r.asrStatus,
    asrStatusName: (AsrStatusLabel as Record<number, string>)[r.asrStatus],
    asrError: r.asrError,
    metricsStatus: r.metricsStatus,
    metricsStatusName: (MetricsStatusLabel as Record<number, string>)[r.metricsStatus],
    metricsError: r.metricsError,
    analysisStatus: r.analysisStatus,
    analysisStatusName: (AnalysisStatusLabel as Record<number, string>)[r.analysisStatus],
    talkRatio: m?.talkRatio ?? null,
    qualityScore: r.qualityScore,
    qualityRemark: r.qualityRemark,
  };
}

export function hms(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const mm = Math.floor((seconds % 3600) / 60);
  const ss = seconds % 60;
  return [h, mm, ss].map((v) => String(v).padStart(2, '0')).join(':');
}

export function extOf(fileName: string): string {
  const m = fileName.toLowerCase().match(/\.([a-z0-9]+)$/);
  return m ? m[1] : '';
}

function chunkKey(orgId: number, uploadId: string, index: number): string {
  return `uploads/${orgId}/${uploadId}/${String(index).padStart(6, '0')}`;
}

function escapeLike(v: string): string {
  return v.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function tooLarge(fileName: string, mb: number) {
  return new AppError(413, `文件「${fileName}」超过大小上限 ${mb} MB`, 413);
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

export type { DbOrTx };
