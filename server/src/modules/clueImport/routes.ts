/**
 * Spreadsheet import and export of leads: the calls of contract.clueImport, served by service.ts. The template and
 * the two files (rejected rows, finished export) are downloads (raw); the upload is multipart.
 */
import type { FunctionSign } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { implement } from '../../platform/http';
import { readMultipart } from '../../platform/multipart';
import type { ClueExportService } from './export';
import type { ClueImportService } from './service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends an .xlsx as a download under its (Chinese) file name. */
const sendXlsx = (reply: FastifyReply, fileName: string, body: unknown) =>
  reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(body);

export function clueImportRoutes(ctx: AppContext, svc: ClueImportService, exports: ClueExportService): void {
  const { app } = ctx;
  const c = contract.clueImport;
  const anyRecords = { sign: ['clue:import', 'clue:export'] as FunctionSign[] };

  implement(app, c.downloadTemplate, { sign: 'clue:import', raw: true }, async ({ session, reply }) =>
    sendXlsx(reply, '线索导入模板.xlsx', await svc.template(session.orgId)),
  );
  implement(app, c.upload, { sign: 'clue:import', audit: '上传导入文件' }, async ({ session, req }) => {
    const { files } = await readMultipart(
      req,
      {
        maxBytes: ctx.config.uploadLimitMb * 1024 * 1024,
        maxFiles: 1,
        notMultipart: 'file：请上传文件',
        tooMany: 'file：一次只能上传一个文件',
      },
      (part, filename) => svc.upload(session, { filename, file: part.file }),
    );
    if (!files[0]) throw badRequest('file：请上传文件');
    return files[0];
  });
  implement(app, c.start, { sign: 'clue:import', audit: '导入客户' }, ({ session, body }) => svc.start(session, body));
  implement(app, c.records, anyRecords, ({ session, body }) => svc.records(session, body));
  implement(app, c.record, anyRecords, ({ session, body }) => svc.recordDetail(session, body.recordId));
  implement(app, c.invalidCount, { sign: 'clue:import' }, ({ session, body }) =>
    svc.invalidCount(session, body.recordId),
  );
  implement(app, c.downloadInvalid, { sign: 'clue:import', raw: true }, async ({ session, query, reply }) => {
    const f = await svc.file(session, query.recordId, 'invalid');
    return sendXlsx(reply, f.fileName, f.stream);
  });
  implement(app, c.export, { sign: 'clue:export', audit: '导出客户' }, ({ session, body }) =>
    exports.startExport(session, body),
  );
  implement(app, c.exportDownload, { sign: 'clue:export', raw: true }, async ({ session, query, reply }) => {
    const f = await svc.file(session, query.recordId, 'export');
    return sendXlsx(reply, f.fileName, f.stream);
  });
}
