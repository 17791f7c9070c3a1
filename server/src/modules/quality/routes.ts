/** Quality inspection: the calls of contract.quality (/aiCallCheck forbidden words and hits, /regex rules). */

import type { FunctionSign } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { hitCount, hitPage } from './hitList';
import type { QualityService } from './service';

export function qualityRoutes(ctx: AppContext, service: QualityService): void {
  const { app } = ctx;
  const c = contract.quality;
  const view = { sign: ['quality:view', 'quality:edit'] as FunctionSign[] };
  const edit = (audit: string) => ({ sign: 'quality:edit' as const, audit });

  implement(app, c.prohibitionWordList, view, ({ session, body }) => service.listWordLists(session, body));
  implement(app, c.saveProhibitionWord, edit('保存违禁词库'), ({ session, body }) =>
    service.saveWordList(session, body),
  );
  implement(app, c.deleteProhibitionWord, edit('删除违禁词库'), ({ session, body }) =>
    service.deleteWordList(session, body.id),
  );
  implement(app, c.callProhibitionPage, view, ({ session, body }) => hitPage(ctx, service, session, body));
  implement(app, c.callProhibitionCount, view, ({ session, body }) => hitCount(ctx, service, session, body));

  implement(app, c.selectOrgRegex, view, ({ session, body }) => service.listRegex(session, body));
  implement(app, c.createOrgRegex, edit('新增正则规则'), ({ session, body }) => service.createRegex(session, body));
  implement(app, c.updateOrgRegex, edit('修改正则规则'), ({ session, body }) => service.updateRegex(session, body));
  implement(app, c.deleteOrgRegex, edit('删除正则规则'), ({ session, body }) => service.deleteRegex(session, body.id));
}
