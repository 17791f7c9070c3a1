import { fileHash } from '@crm/core';
import { type CallAnswer, type CallInput, contract } from '@crm/core/contract';
import { UPLOAD_RESULT } from '@crm/core/contract/recording';
import { api } from '../../api/client';

const c = contract.recording;

/** Files above this go by resumable chunks; smaller ones in one request. */
export const CHUNK_THRESHOLD = 8 * 1024 * 1024;

export interface UploadFields {
  source?: number;
  callType?: number;
  ownerUserId?: number;
  clueId?: number;
  /** A transcript that comes with the recording: the JSON form (DESIGN.md section 6) or 销售：/客户： lines. */
  transcript?: string;
}

export type UploadPhase = 'hashing' | 'checking' | 'uploading' | 'done' | 'duplicate' | 'failed' | 'paused';

export interface UploadProgress {
  phase: UploadPhase;
  percent: number;
  message?: string;
  recordId?: number | null;
}

/**
 * Uploads one recording the way the spec describes: hash (first 10 MB in 2 MB chunks), ask the server whether the
 * organisation already has it (md5 check) and skip it if so; large files go in chunks and resume from the offset the
 * server holds (after a lost connection, or on a later try of the same file). An abort of `signal` (暂停) rejects with an
 * AbortError; a later call resumes.
 */
export async function uploadRecording(
  file: File,
  fields: UploadFields,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<UploadProgress> {
  const stopIfPaused = () => {
    if (signal?.aborted) throw new DOMException('已暂停', 'AbortError');
  };
  onProgress({ phase: 'hashing', percent: 0 });
  const md5 = await fileHash(file, (p) => onProgress({ phase: 'hashing', percent: p }));
  stopIfPaused();
  onProgress({ phase: 'checking', percent: 0 });
  const check = await api.call(c.checkMd5, { md5, size: file.size }, { silent: true });
  stopIfPaused();
  // a file already stored is skipped, unless a transcript comes with it: the server gives it to that recording
  if (check.exists && !fields.transcript) {
    await logDuplicate(file, md5, check.recordId);
    return { phase: 'duplicate', percent: 100, message: '文件已存在，已跳过', recordId: check.recordId };
  }
  if (file.size <= CHUNK_THRESHOLD) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) form.append(k, String(v));
    form.append('file', file, file.name);
    const answer = await api[c.upload.base].upload<CallAnswer<typeof c.upload>>(c.upload.path, form, {
      silent: true,
      signal,
      onProgress: (p) => onProgress({ phase: 'uploading', percent: p }),
    });
    // one file was sent: its result (several would answer { results })
    const res = 'results' in answer ? answer.results[0] : answer;
    return duplicateOr(res, res.recordId);
  }
  const init = await api.call(
    c.initChunkUpload,
    { fileName: file.name, size: file.size, md5, ...fields },
    { silent: true },
  );
  if (init.duplicate) return duplicateOr(init, init.recordId);
  let offset = init.offset;
  let failures = 0;
  while (offset < file.size) {
    stopIfPaused();
    const end = Math.min(file.size, offset + init.chunkSize);
    const form = new FormData();
    form.append('uploadId', init.uploadId!);
    form.append('offset', String(offset));
    form.append('chunk', file.slice(offset, end), 'chunk');
    try {
      const base = offset;
      const r = await api[c.uploadChunk.base].upload<CallAnswer<typeof c.uploadChunk>>(c.uploadChunk.path, form, {
        silent: true,
        signal,
        onProgress: (p) =>
          onProgress({
            phase: 'uploading',
            percent: Math.floor(((base + ((end - base) * p) / 100) / file.size) * 100),
          }),
      });
      offset = r.offset;
      failures = 0;
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') throw e;
      // Resume: the server says how far it got.
      if (++failures > 5) throw e;
      await new Promise((r) => setTimeout(r, 1000 * failures));
      const again = await api.call(c.checkMd5, { md5, size: file.size }, { silent: true });
      if (again.exists) return { phase: 'done', percent: 100, recordId: again.recordId };
      offset = again.offset;
    }
    onProgress({ phase: 'uploading', percent: Math.floor((offset / file.size) * 100) });
  }
  const done = await api.call(c.completeChunkUpload, { uploadId: init.uploadId! }, { silent: true });
  return { phase: 'done', percent: 100, recordId: done.recordId };
}

/** The result of an upload the server found already stored: skipped, or its transcript added to it. */
function duplicateOr(res: { duplicate: boolean; transcriptAdded?: boolean }, recordId: number | null): UploadProgress {
  if (!res.duplicate) return { phase: 'done', percent: 100, recordId };
  if (res.transcriptAdded) return { phase: 'done', percent: 100, message: '文件已存在，已补充转写文本', recordId };
  return { phase: 'duplicate', percent: 100, message: '文件已存在，已跳过', recordId };
}

async function logDuplicate(file: File, md5: string, recordId: number | null) {
  await fetchLog({
    fileName: file.name,
    md5,
    size: file.size,
    result: UPLOAD_RESULT.DUPLICATE,
    message: '浏览器校验：文件已存在，未重复上传',
    recordId: recordId ?? undefined,
  });
}

/** PUT /aiVoiceUploadLog: a client-side upload event (skipped duplicate, failure), sent quietly. */
export async function fetchLog(body: CallInput<typeof c.saveUploadLog>) {
  // logging must never disturb the upload
  await api.call(c.saveUploadLog, body, { silent: true, skipAuthRedirect: true }).catch(() => {});
}
