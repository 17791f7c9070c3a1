/**
 * Spreadsheet import and export of leads. Paths:
 *
 * robot:
 *   GET  /clueImport/downloadTemplate          .xlsx template built from the organisation's fields
 *   POST /clueImport/upload                    multipart file (.xlsx/.csv) → recordId, headers, fields, suggested mapping
 *   POST /clueImport/start                     {recordId, mapping, ownerId, channelSourceId, clueType, toSea, tagIds, importWay}
 *   POST /importRecords/list                   import records (kind 1) or export records (kind 2), paged
 *   POST /importRecords/detail                 one record with progress (poll while status is 1)
 *   POST /clueImportRecords/getInvalidClueCount   imported / duplicate / invalid counts of an import
 *   GET  /clueImportRecords/downloadInvalid    .xlsx of the rejected rows with the reason of each (recordId)
 *   POST /organizationClue/export              export the filtered list (background job) → recordId
 *   GET  /organizationClue/exportDownload      the finished export (recordId)
 */
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { defineRoutes } from '../../platform/http';
import { readMultipart } from '../../platform/multipart';
import { pageQuery } from '../../platform/paging';
import { num } from '../../platform/validation';
import { ClueFilterBody } from '../clue/routes';
import type { ListRequest } from '../clue/service';
import type { ClueImportService } from './service';

const id = num(z.number({ error: '必须是数字' }).int().positive('必须是正整数'));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const disposition = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;

export function clueImportRoutes(ctx: AppContext, svc: ClueImportService): void {
  defineRoutes(ctx.app, 'robot', (r) => {
    r.get('/clueImport/downloadTemplate', { sign: 'clue:import', raw: true }, async ({ session, reply }) => {
      const buf = await svc.template(session.orgId);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', disposition('线索导入模板.xlsx'))
        .send(buf);
    });
    r.post('/clueImport/upload', { sign: 'clue:import', audit: '上传导入文件' }, async ({ session, req }) => {
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
    r.post(
      '/clueImport/start',
      {
        sign: 'clue:import',
        audit: '导入客户',
        body: z.object({
          recordId: id,
          mapping: z.record(z.string(), z.string(), { error: '请设置列与字段的对应' }),
          ownerId: num(z.number().int().positive().nullish()),
          channelSourceId: num(z.number().int().positive().nullish()),
          clueType: z.union([z.literal(1), z.literal(2)]).optional(),
          toSea: z.boolean().optional(),
          tagIds: z.array(num(z.number().int().positive())).optional(),
          importWay: num(z.number().int().min(1, '导入方式为1-16').max(16, '导入方式为1-16').optional()),
        }),
      },
      ({ session, body }) => svc.start(session, body),
    );
    r.post(
      '/importRecords/list',
      {
        sign: ['clue:import', 'clue:export'],
        body: z.object({
          ...pageQuery,
          kind: z.union([z.literal(1), z.literal(2)]).optional(),
          status: num(z.number().int().min(0).max(3).optional()),
        }),
      },
      ({ session, body }) => svc.records(session, body),
    );
    r.post(
      '/importRecords/detail',
      { sign: ['clue:import', 'clue:export'], body: z.object({ recordId: id }) },
      async ({ session, body }) => svc.recordView(await svc.record(session, body.recordId)),
    );
    r.post(
      '/clueImportRecords/getInvalidClueCount',
      { sign: 'clue:import', body: z.object({ recordId: id }) },
      async ({ session, body }) => {
        const rec = await svc.record(session, body.recordId);
        return {
          recordId: rec.id,
          total: rec.total,
          importedCount: rec.imported,
          duplicateCount: rec.duplicate,
          invalidCount: rec.invalid,
          status: rec.status,
        };
      },
    );
    r.get(
      '/clueImportRecords/downloadInvalid',
      { sign: 'clue:import', raw: true, query: z.object({ recordId: id }) },
      async ({ session, query, reply }) => {
        const f = await svc.file(session, query.recordId, 'invalid');
        return reply.header('content-type', XLSX).header('content-disposition', disposition(f.fileName)).send(f.stream);
      },
    );
    r.post(
      '/organizationClue/export',
      { sign: 'clue:export', body: ClueFilterBody, audit: '导出客户' },
      ({ session, body }) => svc.startExport(session, { ...body, pageNum: 1, pageSize: 10 } as ListRequest),
    );
    r.get(
      '/organizationClue/exportDownload',
      { sign: 'clue:export', raw: true, query: z.object({ recordId: id }) },
      async ({ session, query, reply }) => {
        const f = await svc.file(session, query.recordId, 'export');
        return reply.header('content-type', XLSX).header('content-disposition', disposition(f.fileName)).send(f.stream);
      },
    );
  });
}
