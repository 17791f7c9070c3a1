import { randomUUID } from 'node:crypto';
import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import type { Clue, ClueFilter } from '@crm/core/contract/clue';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import type { Session } from '../../platform/session';
import type { Storage } from '../../platform/storage';
import { type XlsxColumn, XlsxExport } from '../../platform/xlsxExport';
import type { Clues } from '../clue';
import { clueImportRecord } from './schema';

type Body<K extends keyof typeof contract.clueImport> = CallBody<(typeof contract.clueImport)[K]>;
type Answer<K extends keyof typeof contract.clueImport> = CallAnswer<(typeof contract.clueImport)[K]>;

export const EXPORT_JOB = 'clue.export';
const BATCH = 2000;

/**
 * A background export recorded with the imports (kind 2): its progress is read with /importRecords/detail and its
 * file downloaded with /organizationClue/exportDownload. Other modules (the quality list) start theirs here and give
 * only their sheet.
 */
export async function createExportRecord(
  db: Db,
  s: Session,
  file: { fileName: string; folder: string; options: object },
): Promise<{ id: number }> {
  const [rec] = await db
    .insert(clueImportRecord)
    .values({
      organizationId: s.orgId,
      userId: s.userId,
      kind: 2,
      fileName: file.fileName,
      fileKey: `${file.folder}/${s.orgId}/${randomUUID()}.xlsx`,
      options: file.options as never,
      status: 1,
    })
    .returning({ id: clueImportRecord.id });
  return rec;
}

/** The sheet of an export: its columns, how many rows to expect, and the rows page by page. */
export interface ExportSheet {
  name: string;
  columns: XlsxColumn[];
  total: number;
  pages: AsyncIterable<unknown[][]>;
}

/** Writes an export record's file from the sheet `make` gives for its options, with progress; idempotent. */
export async function runExportRecord(
  db: Db,
  storage: Storage,
  recordId: number,
  make: (options: unknown) => Promise<ExportSheet>,
): Promise<void> {
  const [rec] = await db.select().from(clueImportRecord).where(eq(clueImportRecord.id, recordId));
  if (rec?.kind !== 2 || rec.status === 2) return;
  let file: XlsxExport | undefined;
  try {
    const sheet = await make(rec.options);
    file = new XlsxExport();
    const stored = file.storeIn(storage, rec.fileKey);
    const w = file.sheet(sheet.name, sheet.columns);
    let done = 0;
    for await (const rows of sheet.pages) {
      for (const row of rows) w.add(row);
      done += rows.length;
      await db
        .update(clueImportRecord)
        .set({
          total: Math.max(sheet.total, done),
          imported: done,
          progress: Math.min(99, Math.floor((done / Math.max(sheet.total, 1)) * 100)),
        })
        .where(eq(clueImportRecord.id, rec.id));
    }
    await file.done();
    const { size } = await stored;
    await db
      .update(clueImportRecord)
      .set({ status: 2, progress: 100, total: done, imported: done, fileSize: size, finishedAt: new Date() })
      .where(eq(clueImportRecord.id, rec.id));
  } catch (err) {
    file?.abort(err);
    await db
      .update(clueImportRecord)
      .set({ status: 3, error: err instanceof Error ? err.message.slice(0, 500) : String(err), finishedAt: new Date() })
      .where(eq(clueImportRecord.id, rec.id));
  }
}

/** The session facts a background export needs to apply the same scope and field access as the request. */
interface ExportOptions {
  filter: z.output<typeof ClueFilter>;
  session: {
    userId: number;
    orgId: number;
    roleId: number | null;
    isSuperAdmin: boolean;
    visibleUserIds: number[] | null;
    deptId: number | null;
  };
}

/** The time stamp in an export's file name. */
export const exportStamp = () => formatDateTime(new Date())!.replace(/[-: ]/g, '').slice(0, 12);

/** Export of a filtered lead list to .xlsx as a background job, recorded with the imports (kind 2). */
export class ClueExportService {
  constructor(
    private readonly db: Db,
    private readonly ctx: AppContext,
    private readonly clues: Clues,
  ) {}

  /** `filter` may carry the server's own filter parts (the public sea's pools); `title` names the file. */
  async startExport(s: Session, filter: Body<'export'>, title = '客户导出'): Promise<Answer<'export'>> {
    const options: ExportOptions = {
      filter,
      session: {
        userId: s.userId,
        orgId: s.orgId,
        roleId: s.roleId,
        isSuperAdmin: s.isSuperAdmin,
        visibleUserIds: s.visibleUserIds,
        deptId: s.deptId,
      },
    };
    const rec = await createExportRecord(this.db, s, {
      fileName: `${title}_${exportStamp()}.xlsx`,
      folder: 'clue-export',
      options,
    });
    await this.ctx.jobs.send(EXPORT_JOB, { recordId: rec.id }, { singletonKey: `export-${rec.id}` });
    return { recordId: rec.id, status: 1 };
  }

  /** Writes the filtered list to .xlsx, page by page on the id (keyset), with the requester's scope and masks. */
  runExport(recordId: number): Promise<void> {
    return runExportRecord(this.db, this.ctx.storage, recordId, async (options) => {
      const opts = options as ExportOptions;
      const s = {
        ...opts.session,
        signs: new Set<string>(),
        sessionId: '',
        username: '',
        roleSign: '',
        dataScope: 3,
      } as Session;
      const { vc, total, pages } = await this.clues.lists.exportCursor(s, opts.filter, BATCH);
      const cols: [keyof Clue, string][] = [
        ['name', '客户名称'],
        ['phone', '手机号'],
        ['phones', '其他电话'],
        ['company', '公司名称'],
        ['typeName', '客户类型'],
        ['ownerName', '跟进人'],
        ['deptName', '所属部门'],
        ['channelSourceName', '渠道来源'],
        ['importWayName', '导入方式'],
        ['callStatusName', '通话状态'],
        ['stageName', '客户阶段'],
        ['followStatusName', '跟进状态'],
        ['genderName', '性别'],
        ['age', '年龄'],
        ['areaName', '所在地区'],
        ['address', '详细地址'],
        ['tagNames', '标签'],
        ['remark', '备注'],
        ['nextFollowTime', '下次跟进时间'],
        ['lastFollowTime', '最后跟进时间'],
        ['createdAt', '创建时间'],
      ];
      const customCols = vc.defs.filter((d) => vc.access.get(d.fieldName)?.access !== 0);
      async function* rows() {
        for await (const page of pages)
          yield page.map((v) => [
            ...cols.map(([k]) => {
              const x = v[k];
              return Array.isArray(x) ? x.join('，') : x;
            }),
            ...customCols.map((d) => v.customText[d.fieldName] ?? ''),
          ]);
      }
      return {
        name: '客户',
        columns: [...cols.map((c) => c[1]), ...customCols.map((d) => d.fieldLabel)],
        total,
        pages: rows(),
      };
    });
  }
}
