import { z } from 'zod';
import { robot } from './call';
import { ClueFilter, clueId } from './clue';
import { num, pageOf, pageQuery } from './fields';

/**
 * Spreadsheet import and export of leads, under /api/robot, as background jobs with progress: the template, the
 * upload and its column mapping, the start, the records with their counts, the rejected rows and the export file.
 */

/** 0 waiting, 1 running, 2 finished, 3 failed. */
export const ImportStatusName = { 0: '待导入', 1: '进行中', 2: '已完成', 3: '失败' } as const;

/** A field an import can fill (importable standard fields, then the organisation's custom fields). */
export const ImportField = z.object({
  fieldName: z.string(),
  fieldLabel: z.string(),
  isRequired: z.number(),
  isCustom: z.number(),
});

/** The answer of an upload: the record, the header of the sheet, the fields and the suggested mapping. */
export const ImportUpload = z.object({
  recordId: z.number(),
  fileName: z.string(),
  headers: z.array(z.string()),
  fields: z.array(ImportField),
  /** Column index (0-based, as text) → field name. */
  mapping: z.record(z.string(), z.string()),
  /**
   * Column index → how the suggestion was found, for the user to confirm: 1 the header is the field's label, 2 it is
   * once units and brackets are left out (预算（元） → 预算), 3 the closest label (edit distance).
   */
  matchKind: z.record(z.string(), z.union([z.literal(1), z.literal(2), z.literal(3)])).optional(),
});

/** What the mapping step shows beside a suggested field (ImportUpload.matchKind). */
export const MatchKindName = { 1: '标签相同', 2: '去掉单位后相同', 3: '相近，请确认' } as const;

export const ImportStart = z.object({
  recordId: clueId,
  /** Column index (0-based) → field name; columns without a field are skipped. */
  mapping: z.record(z.string(), z.string(), { error: '请设置列与字段的对应' }),
  ownerId: num(z.number().int().positive().nullish()),
  channelSourceId: num(z.number().int().positive().nullish()),
  clueType: z.union([z.literal(1), z.literal(2)]).optional(),
  /** Put the rows into the public sea instead of an owner (/highSeasImport, import way 14). */
  toSea: z.boolean().optional(),
  /** The pool of toSea (default: the first pool the importer sees). */
  poolId: num(z.number().int().positive().max(2_147_483_647).nullish()),
  /** Rows naming no owner go to the automatic assignment rules (ownerId takes those no rule matches). */
  autoAssign: z.boolean().optional(),
  tagIds: z.array(num(z.number().int().positive())).optional(),
  importWay: num(z.number().int().min(1, '导入方式为1-16').max(16, '导入方式为1-16').optional()),
});

/** An import (kind 1) or export (kind 2) with its progress and counts. */
export const ImportRecord = z.object({
  id: z.number(),
  recordId: z.number(),
  kind: z.number(),
  importWay: z.number(),
  fileName: z.string(),
  status: z.number(),
  statusName: z.string(),
  progress: z.number(),
  total: z.number(),
  imported: z.number(),
  duplicate: z.number(),
  invalid: z.number(),
  /** 1 when the rejected rows can be downloaded. */
  hasInvalidFile: z.number(),
  error: z.string(),
  userId: z.number(),
  userName: z.string(),
  createdAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportRecord = z.infer<typeof ImportRecord>;

/** A job started: its record. */
const Started = z.object({ recordId: z.number(), status: z.number() });
const RecordIdBody = z.object({ recordId: clueId });

export const clueImport = {
  /** The .xlsx template built from the organisation's fields. */
  downloadTemplate: robot.get('/clueImport/downloadTemplate', '下载导入模板（.xlsx）'),
  /** multipart/form-data, one .xlsx or .csv file. */
  upload: robot.post('/clueImport/upload', '上传导入文件，读取表头并建议字段对应', { answer: ImportUpload }),
  start: robot.post('/clueImport/start', '开始导入（后台任务）', { body: ImportStart, answer: Started }),
  records: robot.post('/importRecords/list', '导入记录（kind 1）或导出记录（kind 2）', {
    body: z.object({
      ...pageQuery,
      kind: z.union([z.literal(1), z.literal(2)]).optional(),
      status: num(z.number().int().min(0).max(3).optional()),
    }),
    answer: pageOf(ImportRecord),
  }),
  record: robot.post('/importRecords/detail', '导入或导出记录的进度', { body: RecordIdBody, answer: ImportRecord }),
  invalidCount: robot.post('/clueImportRecords/getInvalidClueCount', '导入的成功、重复、无效条数', {
    body: RecordIdBody,
    answer: z.object({
      recordId: z.number(),
      total: z.number(),
      importedCount: z.number(),
      duplicateCount: z.number(),
      invalidCount: z.number(),
      status: z.number(),
    }),
  }),
  /** The rejected rows with the reason of each (.xlsx). */
  downloadInvalid: robot.get('/clueImportRecords/downloadInvalid', '下载导入失败的数据（含原因）', {
    query: RecordIdBody,
  }),
  export: robot.post('/organizationClue/export', '导出筛选的客户（后台任务）', { body: ClueFilter, answer: Started }),
  /** The finished export (.xlsx). */
  exportDownload: robot.get('/organizationClue/exportDownload', '下载导出的文件', { query: RecordIdBody }),
};
