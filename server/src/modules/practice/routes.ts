import { type FunctionSign, formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { SayEvent } from '@crm/core/contract/practice';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { sendNdjson } from '../../platform/ndjson';
import type { PracticeQuota } from './quota';
import { listSessions, progressOf } from './review';
import { deleteScripts, listScripts, saveScript, scriptDetail, updateScript } from './scripts';
import { issueSecret } from './secret';
import type { PracticeSessions } from './sessions';
import type { PracticeSettings } from './settings';
import { recogniseVoice, VOICE_MAX_BYTES } from './voice';

/** /chatScript and /chatScriptTrainingSession: the calls of contract.chatScript and contract.chatScriptTrainingSession. */
export function practiceRoutes(
  ctx: AppContext,
  sessions: PracticeSessions,
  quota: PracticeQuota,
  settings: PracticeSettings,
): void {
  const { app, db } = ctx;
  const c = contract.chatScript;
  const use = { sign: ['practice:use', 'practice:edit'] as FunctionSign[] };
  const edit = { sign: 'practice:edit' as FunctionSign };
  implement(app, c.pagelist, use, ({ session, body }) => listScripts(db, session, body));
  implement(app, c.detail, use, ({ session, body }) => scriptDetail(db, session, body.id));
  implement(app, c.sopItems, edit, async ({ session }) =>
    (await ctx.services.quality.sopRules.rulesOf(session.orgId)).flatMap((r) =>
      r.compiled.rule.items.map((i) => ({ id: i.id, name: i.name, ruleId: r.id, ruleName: r.name })),
    ),
  );
  implement(app, c.save, { ...edit, audit: '新增陪练脚本' }, ({ session, body }) => saveScript(db, session, body));
  implement(app, c.update, { ...edit, audit: '修改陪练脚本' }, ({ session, body }) => updateScript(db, session, body));
  implement(app, c.delete, { ...edit, audit: '删除陪练脚本' }, ({ session, body }) => deleteScripts(db, session, body));

  const t = contract.chatScriptTrainingSession;
  const view = { sign: ['practice:use', 'practice:view', 'practice:edit'] as FunctionSign[] };
  implement(app, t.start, { ...use, audit: '开始陪练' }, ({ session, body }) => sessions.start(session, body));
  implement(app, t.say, { ...use, raw: true }, async ({ session, body, reply }) => {
    const row = await sessions.prepareSay(session, body);
    return sendNdjson<SayEvent>(reply, (emit) =>
      sessions.say(session, row, body, emit).catch((err) => {
        reply.log.error({ err }, 'practice say failed');
        emit({ type: 'error', msg: '对话失败，请稍后重试' });
      }),
    );
  });
  implement(app, t.heartbeat, use, ({ session, body }) => sessions.heartbeat(session, body));
  implement(app, t.end, { ...use, audit: '结束陪练' }, ({ session, body }) => sessions.end(session, body));
  implement(app, t.review, view, ({ session, body }) => sessions.review(session, body.sessionId));
  implement(app, t.getTempSecret, use, async ({ session, body }) => {
    const row = await sessions.prepareSay(session, { sessionId: body.sessionId, text: '-' });
    const exp = Date.now() + settings.secretSeconds * 1000;
    const secret = issueSecret(ctx.config.secretsKey, {
      orgId: session.orgId,
      userId: session.userId,
      sessionId: row.id,
      exp,
    });
    return { secret, expiresAt: formatDateTime(new Date(exp))!, path: '/api/backend/chatScriptTrainingSession/voice' };
  });
  implement(app, t.voice, { auth: 'none', bodyLimit: VOICE_MAX_BYTES + 64 * 1024 }, ({ query, req }) =>
    recogniseVoice(ctx, query.secret, req),
  );
  implement(app, t.pagelist, view, ({ session, body }) => listSessions(db, session, body));
  implement(app, t.progress, view, ({ session, body }) => progressOf(db, session, body));
  implement(app, t.quota, view, ({ session }) => quota.of(session.orgId, session.userId));
  implement(app, t.setQuota, { ...edit, audit: '设置陪练额度' }, async ({ session, body }) => {
    await quota.set(session.orgId, session.userId, body);
    return quota.of(session.orgId, session.userId);
  });
  implement(app, t.addPack, { audit: '赠送陪练时长包' }, ({ body }) => quota.grant(body));
}
