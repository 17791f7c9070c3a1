/**
 * Operation log (/OperationLog page), under /api/backend. The spec names the page only; the calls are named here:
 * POST /operationLog/list (paged) and POST /operationLog/export (.xlsx of the same filter).
 */
import { formatDateTime } from '@crm/core';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { defineRoutes } from '../../platform/http';
import { pageQuery } from '../../platform/paging';
import { dateTimeField, keywordField, optionalId } from '../../platform/validation';
import { sendXlsx } from '../../platform/xlsxExport';
import { exportLogs, type LogFilter, listLogs } from './service';

const filter = {
  userId: optionalId('操作人'),
  keyword: keywordField,
  startTime: dateTimeField,
  endTime: dateTimeField,
};

function checkRange(f: LogFilter) {
  if (f.startTime && f.endTime && f.startTime > f.endTime) throw badRequest('endTime：结束时间不能早于开始时间');
}

export function operationLogRoutes(ctx: AppContext): void {
  const { db } = ctx;
  defineRoutes(ctx.app, 'backend', (r) => {
    r.post(
      '/operationLog/list',
      { body: z.object({ ...pageQuery, ...filter }), sign: 'log:view', summary: '操作日志' },
      ({ session, body }) => {
        checkRange(body);
        return listLogs(db, session, body);
      },
    );

    r.post(
      '/operationLog/export',
      { body: z.object(filter), sign: 'log:view', raw: true, summary: '导出操作日志（.xlsx）' },
      async ({ session, body, req, reply }) => {
        checkRange(body);
        await ctx.app.audit(req, '导出操作日志');
        const name = `操作日志_${formatDateTime(new Date())!.replace(/\D/g, '')}.xlsx`;
        return sendXlsx(reply, name, (x) => exportLogs(db, session, body, x), 'operation-log.xlsx');
      },
    );
  });
}
