/**
 * Speech-to-text calls (spec part 2: 7.2 /asrRecord and /asrConfig; 7.4 /recording/v1 ASR create, get, text, role,
 * rerun; 7.5 /asr/V1/getAsrText and its messaging variants).
 *
 * Paths chosen for the calls the spec names in words, in the style of their siblings:
 *   POST /api/robot/recording/v1/asrCreate  {id}    start transcription of a recording without a transcript
 *   POST /api/robot/recording/v1/asrGet     {id}    state, transcript segments and audio metrics
 *   POST /api/robot/recording/v1/asrText    {id}    plain text, one line per sentence (销售：… / 客户：…)
 *   POST /api/robot/recording/v1/asrRole    {id}    swap agent and customer
 *   POST /api/robot/recording/v1/asrRerun   {id, what: asr|metrics|all}
 *   POST /api/backend/asrRecord/pagelist            transcription runs (engine, audio length, time taken, error)
 *   POST /api/backend/asrConfig/get                 hot words and engine status; POST /asrConfig/save {hotWords}
 *   GET  /api/analysis/asr/V1/getAsrText?recordId=  (or ?maskId= without login, for the shared call detail)
 */
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { defineRoutes } from '../../platform/http';
import { pageQuery } from '../../platform/paging';
import { INT4_MAX, num } from '../../platform/validation';
import { getUser } from '../org/service';
import { resolveRecording } from '../recording/routes';
import type { RecordingService } from '../recording/service';
import type { AsrService } from './service';

const id = num(
  z.number({ error: 'id：请传入录音 id' }).int().positive('id：必须是正整数').max(INT4_MAX, 'id：录音 id 无效'),
);
/**
 * Starting, re-running or correcting a transcription writes: it takes the uploader's sign (a seat on its own calls)
 * or the ASR administrators' (for the role swap also the quality inspectors'), not only the right to listen.
 */
const PROCESS_SIGNS = ['recording:upload', 'asr:edit'] as const;

export function asrRoutes(ctx: AppContext, svc: AsrService, recordings: RecordingService): void {
  defineRoutes(ctx.app, 'robot', (r) => {
    r.post(
      '/recording/v1/asrCreate',
      { sign: [...PROCESS_SIGNS], audit: '创建语音识别', body: z.object({ id }), summary: '语音识别：创建' },
      ({ session, body }) => svc.create(session, body.id),
    );
    r.post(
      '/recording/v1/asrGet',
      { sign: 'recording:view', body: z.object({ id }), summary: '语音识别：结果' },
      async ({ session, body }) => {
        const row = await recordings.get(session, body.id);
        const owner = row.ownerUserId ? await getUser(ctx.db, row.organizationId, row.ownerUserId) : undefined;
        return svc.detail(session.orgId, row, owner?.realName ?? null);
      },
    );
    r.post(
      '/recording/v1/asrText',
      { sign: 'recording:view', body: z.object({ id }), summary: '语音识别：文本' },
      async ({ session, body }) => {
        const row = await recordings.get(session, body.id);
        const t = await svc.getTranscript(session.orgId, row.id);
        return { recordId: row.id, asrStatus: row.asrStatus, text: t?.text ?? '' };
      },
    );
    r.post(
      '/recording/v1/asrRole',
      {
        sign: [...PROCESS_SIGNS, 'quality:edit'],
        audit: '切换通话角色',
        body: z.object({ id }),
        summary: '语音识别：互换销售与客户',
      },
      ({ session, body }) => svc.swapRole(session, body.id),
    );
    r.post(
      '/recording/v1/asrRerun',
      {
        sign: [...PROCESS_SIGNS],
        audit: '重新识别录音',
        body: z.object({
          id,
          what: z.enum(['asr', 'metrics', 'all'], { error: 'what：可选 asr、metrics、all' }).default('asr'),
        }),
        summary: '语音识别：重新识别',
      },
      ({ session, body }) => svc.rerun(session, body.id, body.what),
    );
  });

  defineRoutes(ctx.app, 'backend', (r) => {
    r.post(
      '/asrRecord/pagelist',
      {
        sign: 'recording:view',
        body: z.object({
          ...pageQuery,
          recordingId: num(z.number().int().positive().max(INT4_MAX, 'recordingId：录音 id 无效').optional()),
          status: num(z.number().int().min(0, 'status：识别状态为 1-5').max(5, 'status：识别状态为 1-5').optional()),
        }),
        summary: '语音识别记录',
      },
      ({ session, body }) => svc.runs(session, body),
    );
    r.post('/asrConfig/get', { sign: 'recording:view', summary: '语音识别设置：热词与引擎状态' }, ({ session }) =>
      svc.getConfig(session.orgId),
    );
    r.post(
      '/asrConfig/save',
      {
        sign: 'asr:edit',
        audit: '保存语音识别热词',
        body: z.object({
          hotWords: z.array(z.string().max(20, 'hotWords：单个热词最多 20 个字'), {
            error: 'hotWords：请传入热词列表',
          }),
        }),
        summary: '语音识别设置：保存热词',
      },
      ({ session, body }) => svc.saveHotWords(session, body.hotWords),
    );
  });

  defineRoutes(ctx.app, 'analysis', (r) => {
    const query = z.object({
      recordId: id.optional(),
      id: id.optional(),
      maskId: z.string().optional(),
      token: z.string().optional(),
    });
    // The messaging variants answer the same transcript form for a recording id.
    for (const path of ['/asr/V1/getAsrText', '/asr/V1/getAsrTextForWechatType', '/asr/V1/getAsrTextForPersonalWechat'])
      r.get(path, { auth: 'optional', query, summary: '通话转写文本（通话详情）' }, async ({ session, query: q }) => {
        const row = await resolveRecording(ctx, recordings, session, q);
        const owner = row.ownerUserId ? await getUser(ctx.db, row.organizationId, row.ownerUserId) : undefined;
        const detail = await svc.detail(row.organizationId, row, owner?.realName ?? null);
        return {
          ...detail,
          playUrl: q.maskId
            ? `/api/robot/recording/v1/play?maskId=${encodeURIComponent(q.maskId)}`
            : `/api/robot/recording/v1/play?id=${row.id}`,
        };
      });
  });
}
