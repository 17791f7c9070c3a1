/** Operation log (/OperationLog page): the calls of contract.operationLog, served by service.ts. */
import { formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { sendXlsx } from '../../platform/xlsxExport';
import { exportLogs, listLogs } from './service';

export function operationLogRoutes(ctx: AppContext): void {
  const { app, db } = ctx;
  const c = contract.operationLog;
  implement(app, c.list, { sign: 'log:view' }, ({ session, body }) => listLogs(db, session, body));
  implement(app, c.export, { sign: 'log:view', raw: true }, async ({ session, body, req, reply }) => {
    const write = exportLogs(db, session, body);
    await app.audit(req, '导出操作日志');
    const name = `操作日志_${formatDateTime(new Date())!.replace(/\D/g, '')}.xlsx`;
    return sendXlsx(reply, name, write, 'operation-log.xlsx');
  });
}
