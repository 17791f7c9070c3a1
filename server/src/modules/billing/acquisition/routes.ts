/** 获客宝 (/hkbStatistics, /hkbOrder, /useDetail) and 精准线索 (/jing, /organizationAccountRecords) calls. */
import { formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../../platform/context';
import { implement } from '../../../platform/http';
import { sendXlsx } from '../../../platform/xlsxExport';
import { exportUsage, hkbStatistics, jingLogin, jingStatus, listOrders, listUsage, requireCheck } from './service';

const stamp = () => formatDateTime(new Date())!.replace(/\D/g, '');

export function acquisitionRoutes({ app, db }: AppContext): void {
  const a = contract.acquisition;
  const view = { sign: 'cost:view' } as const;
  implement(app, a.hkbStatistics, view, ({ session }) => hkbStatistics(db, session));
  implement(app, a.hkbOrders, view, ({ session, body }) => listOrders(db, session, 'hkb', body));
  implement(app, a.useDetail, view, ({ session, body }) => listUsage(db, session, 'hkb', body));
  implement(app, a.useDetailExport, { ...view, raw: true }, ({ session, body, reply }) =>
    sendXlsx(reply, `获客宝明细_${stamp()}.xlsx`, exportUsage(db, session, 'hkb', body), 'hkb-usage.xlsx'),
  );
  implement(app, a.jingStatus, view, ({ session }) => jingStatus(db, session));
  implement(app, a.jingLogin, { ...view, audit: '精准线索安全验证' }, ({ session, body }) =>
    jingLogin(db, session, body.password),
  );
  implement(app, a.jingDetail, view, async ({ session, body }) => {
    await requireCheck(db, session);
    return listUsage(db, session, 'jing', body, true);
  });
  implement(app, a.jingExport, { ...view, raw: true }, async ({ session, body, req, reply }) => {
    await requireCheck(db, session);
    await app.audit(req, '导出精准线索明细');
    return sendXlsx(
      reply,
      `精准线索明细_${stamp()}.xlsx`,
      exportUsage(db, session, 'jing', body, true),
      'jing-leads.xlsx',
    );
  });
  implement(app, a.jingCost, view, ({ session, body }) => listOrders(db, session, 'jing', body));
}
