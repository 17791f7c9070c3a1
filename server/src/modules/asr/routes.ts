/**
 * Speech-to-text (spec part 2: 7.2 /asrRecord and /asrConfig; 7.4 /recording/v1 ASR create, get, text, role, rerun;
 * 7.5 /asr/V1/getAsrText and its messaging variants): the calls of contract.asr, served by service.ts.
 */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { AsrService } from './service';

/**
 * Starting, re-running or correcting a transcription writes: it takes the uploader's sign (a seat on its own calls)
 * or the ASR administrators' (for the role swap also the quality inspectors'), not only the right to listen.
 */
const PROCESS_SIGNS = ['recording:upload', 'asr:edit'] as const;

export function asrRoutes(ctx: AppContext, svc: AsrService): void {
  const { app } = ctx;
  const c = contract.asr;
  implement(app, c.create, { sign: [...PROCESS_SIGNS], audit: '创建语音识别' }, ({ session, body }) =>
    svc.create(session, body.id),
  );
  implement(app, c.get, { sign: 'recording:view' }, ({ session, body }) => svc.get(session, body.id));
  implement(app, c.text, { sign: 'recording:view' }, ({ session, body }) => svc.text(session, body.id));
  implement(app, c.swapRole, { sign: [...PROCESS_SIGNS, 'quality:edit'], audit: '切换通话角色' }, ({ session, body }) =>
    svc.swapRole(session, body.id),
  );
  implement(app, c.rerun, { sign: [...PROCESS_SIGNS], audit: '重新识别录音' }, ({ session, body }) =>
    svc.rerun(session, body),
  );
  implement(app, c.runs, { sign: 'recording:view' }, ({ session, body }) => svc.runs(session, body));
  implement(app, c.getConfig, { sign: 'recording:view' }, ({ session }) => svc.getConfig(session));
  implement(app, c.saveConfig, { sign: 'asr:edit', audit: '保存语音识别热词' }, ({ session, body }) =>
    svc.saveHotWords(session, body.hotWords),
  );
  // the call detail: with a session, or without one through a share ticket (maskId)
  for (const call of [c.getAsrText, c.getAsrTextForWechatType, c.getAsrTextForPersonalWechat])
    implement(app, call, { auth: 'optional' }, ({ session, query }) => svc.callDetail(session, query));
}
