/**
 * Recordings (spec part 2, 7.2 /headset and /aiVoiceUploadLog; 7.4 /recording/v1 and /V1/ai): the calls of
 * contract.recording. The ASR calls of /recording/v1 are in modules/asr/routes.ts.
 */

import { contract } from '@crm/core/contract';
import { CHUNK_LIMIT_BYTES } from '@crm/core/contract/recording';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { sendXlsx } from '../../platform/xlsxExport';
import { bindClue, bindUser, removeRecordings, saveQuality } from './binding';
import { completeChunked, initChunked, receiveChunk } from './chunked';
import { listRecordings, recordIdByInfoId, recordingSheet } from './listing';
import { playback, resolveRecording, shareTicket } from './playback';
import { checkMd5, saveClientLog, uploadLimitBytes, uploadLogPage, uploadRecordings } from './upload';

export function recordingRoutes(ctx: AppContext): void {
  const { app } = ctx;
  const c = contract.recording;
  const upload = 'recording:upload';
  // giving recordings to someone else takes recording:assign (binding.ts: a seat may only claim its own)
  const assign = ['recording:assign', 'recording:upload'] as const;

  implement(app, c.checkMd5, { sign: upload }, ({ session, body }) => checkMd5(ctx, session, body.md5, body.size));
  implement(
    app,
    c.upload,
    { sign: upload, audit: '上传录音', bodyLimit: uploadLimitBytes(ctx) * 1.1 + 1024 * 1024 },
    ({ session, req }) => uploadRecordings(ctx, session, req),
  );
  implement(app, c.initChunkUpload, { sign: upload }, ({ session, body }) => initChunked(ctx, session, body));
  implement(app, c.uploadChunk, { sign: upload, bodyLimit: CHUNK_LIMIT_BYTES + 1024 * 1024 }, ({ session, req }) =>
    receiveChunk(ctx, session, req),
  );
  implement(app, c.completeChunkUpload, { sign: upload, audit: '上传录音' }, ({ session, body }) =>
    completeChunked(ctx, session, body.uploadId),
  );
  implement(app, c.bindClue, { sign: upload, audit: '录音绑定线索' }, ({ session, body }) =>
    bindClue(ctx, session, body),
  );
  implement(app, c.bindUser, { sign: [...assign], audit: '录音绑定员工' }, ({ session, body }) =>
    bindUser(ctx, session, body),
  );
  implement(app, c.editBindUser, { sign: [...assign], audit: '批量修改录音归属' }, ({ session, body }) =>
    bindUser(ctx, session, body),
  );
  implement(app, c.remove, { sign: 'recording:delete', audit: '删除录音' }, ({ session, body }) =>
    removeRecordings(ctx, session, [body.id]),
  );
  implement(app, c.batchRemove, { sign: 'recording:delete', audit: '批量删除录音' }, ({ session, body }) =>
    removeRecordings(ctx, session, body.ids),
  );
  implement(app, c.saveUploadLog, { sign: upload }, ({ session, body }) => saveClientLog(ctx, session, body));
  implement(app, c.uploadLogs, { sign: 'recording:view' }, ({ session, body }) => uploadLogPage(ctx, session, body));

  implement(app, c.list, { sign: 'recording:view' }, ({ session, body }) => listRecordings(ctx, session, body));
  // scoring calls is the quality inspectors' and managers' job, not the seat's own
  implement(app, c.saveQuality, { sign: 'quality:edit', audit: '保存录音质检' }, ({ session, body }) =>
    saveQuality(ctx, session, body),
  );
  implement(app, c.export, { sign: 'recording:view', raw: true }, async ({ session, body, req, reply }) => {
    const sheet = await recordingSheet(ctx, session, body);
    await app.audit(req, '导出录音列表', { count: sheet.count });
    return sendXlsx(reply, '录音列表.xlsx', sheet.write, 'recordings.xlsx');
  });
  implement(app, c.getMaskId, { sign: 'recording:view' }, ({ session, query }) =>
    shareTicket(ctx, session, query.recordId),
  );
  implement(app, c.recordIdByInfoId, { sign: 'recording:view' }, ({ session, query }) =>
    recordIdByInfoId(ctx, session, query.infoId),
  );
  // a share ticket (maskId) or a signed media link (media, see mediaLink) plays without a session; a session's token
  // is read from the Authorization header only, never from the address
  implement(app, c.play, { auth: 'optional', raw: true }, async ({ session, query, req, reply }) => {
    const out = await playback(ctx, await resolveRecording(ctx, session, query), req.headers.range);
    return reply.status(out.status).headers(out.headers).send(out.body);
  });
}
