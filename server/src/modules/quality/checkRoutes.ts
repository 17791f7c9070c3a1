/** Scorecards and the AI quality list: the calls of contract.qualityCheck (/aiCallCheck). */

import type { FunctionSign } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { startCheckExport } from './checkExport';
import { checkHead, checkPage, checkPageSecond } from './checkList';
import { recheck } from './recheck';
import type { ScorecardService } from './scorecards';

export function checkRoutes(ctx: AppContext, cards: ScorecardService): void {
  const { app } = ctx;
  const c = contract.qualityCheck;
  const view = { sign: ['quality:view', 'quality:edit'] as FunctionSign[] };
  const edit = (audit: string) => ({ sign: 'quality:edit' as const, audit });

  implement(app, c.scorecardList, view, ({ session }) => cards.list(session));
  implement(app, c.scorecardSave, edit('保存评分卡'), ({ session, body }) => cards.save(session, body));
  implement(app, c.scorecardDelete, edit('删除评分卡'), ({ session, body }) => cards.remove(session, body.id));

  implement(app, c.callCheckPage, view, ({ session, body }) => checkPage(ctx, session, body));
  implement(app, c.callCheckPageHead, view, ({ session, body }) => checkHead(ctx, session, body));
  implement(app, c.callCheckPageSecond, view, ({ session, body }) => checkPageSecond(ctx, session, body));
  implement(app, c.callCheckExport, { sign: view.sign, audit: '导出AI质检列表' }, ({ session, body }) =>
    startCheckExport(ctx, session, body),
  );
  implement(app, c.recheck, edit('重新质检'), ({ session, body }) => recheck(ctx, session, body));
}
