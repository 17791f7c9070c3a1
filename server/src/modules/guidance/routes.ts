import type { FunctionSign } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { GuidanceSessions } from './sessions';

/** /aiGuidance: the calls of contract.aiGuidance (the audio is the WebSocket of ingest.ts). */
export function guidanceRoutes(ctx: AppContext, sessions: GuidanceSessions): void {
  const { app } = ctx;
  const c = contract.aiGuidance;
  const use = { sign: 'guidance:use' as FunctionSign };
  const view = { sign: ['guidance:use', 'guidance:view'] as FunctionSign[] };
  implement(app, c.status, use, ({ session }) => sessions.status(session));
  implement(app, c.start, { ...use, audit: '开始实时指导' }, ({ session, body }) => sessions.start(session, body));
  implement(app, c.end, { ...use, audit: '结束实时指导' }, ({ session, body }) =>
    sessions.end(session, body.sessionId),
  );
  implement(app, c.markCard, use, ({ session, body }) => sessions.mark(session, body));
  implement(app, c.pagelist, view, ({ session, body }) => sessions.list(session, body));
  implement(app, c.detail, view, ({ session, body }) => sessions.detail(session, body.sessionId));
}
