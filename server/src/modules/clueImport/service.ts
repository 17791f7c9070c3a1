import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { ImportStatusName } from '@crm/core/contract/clueImport';
import { and, desc, eq, lt, ne } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { findScoped, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { XlsxExport, type XlsxSheet } from '../../platform/xlsxExport';
import type { Clues } from '../clue';
import { AREA_TREE } from '../clue';
import type { ClueFieldService } from '../clueField';
import { FieldType, STANDARD_BY_NAME } from '../clueField';
import { orgUsers } from '../org';
import { matchHeaders } from './headerMatch';
import { IMPORTABLE, ownerLookup, parseRow, type RowContext, type RowValues } from './rows';
import { clueImportRecord, type ImportOptions } from './schema';
import { byteCounter, type Cell, headerOf, rowsOf, type SheetInfo } from './sheet';

/** An upload not started this long after is abandoned (see dropAbandoned). */
const ABANDONED_AFTER_MS = 3_600_000;

export type ImportRecordRow = typeof clueImportRecord.$inferSelect;
type Body<K extends keyof typeof contract.clueImport> = CallBody<(typeof contract.clueImport)[K]>;
type Answer<K extends keyof typeof contract.clueImport> = CallAnswer<(typeof contract.clueImport)[K]>;

export const IMPORT_JOB = 'clue.import';
const BATCH = 2000;

/** The file of the rejected rows of an import, stored while it is written. */
interface InvalidFile {
  file: XlsxExport;
  sheet: XlsxSheet;
  stored: Promise<{ size: number }>;
}

/** Spreadsheet import and export of leads, as background jobs with progress and downloadable results. */
export class ClueImportService {
  constructor(
    private readonly db: Db,
    private readonly ctx: AppContext,
    private readonly clues: Clues,
    private readonly fields: ClueFieldService,
  ) {}

  // ---- template and upload ----

  /** The fields an import can fill: importable standard fields, then the organisation's custom fields. */
  async importFields(orgId: number): Promise<Answer<'upload'>['fields']> {
    const defs = await this.fields.customDefs(orgId);
    return [
      ...IMPORTABLE.map((f) => ({
        fieldName: f.fieldName,
        fieldLabel: f.fieldLabel,
        isRequired: f.fieldName === 'phone' ? 1 : 0,
        isCustom: 0,
      })),
      ...defs.map((d) => ({ fieldName: d.fieldName, fieldLabel: d.fieldLabel, isRequired: d.isRequired, isCustom: 1 })),
    ];
  }

  /** An .xlsx template built from the organisation's fields (required ones marked *) with a sheet of instructions. */
  async template(orgId: number): Promise<Buffer> {
    const fields = await this.importFields(orgId);
    const defs = await this.fields.customDefs(orgId);
    const [channels, statuses, tags] = await Promise.all([
      this.fields.dict(orgId, 'channelSource', true),
      this.fields.dict(orgId, 'followStatus', true),
      this.fields.tags(orgId),
    ]);
    const notes: Record<string, string> = {
      phone: '必填，手机号或固定电话',
      phones: '多个号码用逗号分隔',
      ownerId: `填写员工姓名；不填则使用导入时选择的跟进人`,
      channelSourceId: `可选：${channels.map((c) => c.name).join('、')}`,
      followStatusId: `可选：${statuses.map((c) => c.name).join('、')}`,
      stage: '待跟进、有效、已邀约、已到访、已试听、已预约、已报名、已续费、无需求',
      gender: '男 或 女',
      birthday: '日期，如 1990-01-31',
      area: `省/市/区，如 ${AREA_TREE[18]?.text ?? '广东省'}/${AREA_TREE[18]?.children?.[0]?.text ?? ''}`,
      tagIds: `多个标签用逗号分隔：${tags.map((t) => t.name).join('、')}`,
      nextFollowTime: '日期时间，如 2025-01-31 10:00',
    };
    return XlsxExport.toBuffer((x) => {
      x.sheet(
        '线索',
        fields.map((f) => ({ header: f.isRequired ? `*${f.fieldLabel}` : f.fieldLabel, width: 16 })),
      );
      const help = x.sheet('填写说明', [
        { header: '字段', width: 16 },
        { header: '说明', width: 80 },
      ]);
      for (const f of fields) {
        const def = defs.find((d) => d.fieldName === f.fieldName);
        const note = def
          ? `${FieldType[def.fieldType as keyof typeof FieldType] ?? ''}${def.groupList.length ? `：${def.groupList.map((o) => o.fieldLabel).join('、')}` : ''}${def.isRequired ? '（必填）' : ''}`
          : (notes[f.fieldName] ?? '');
        help.add([f.fieldLabel, note]);
      }
    });
  }

  /** Stores an uploaded sheet, reads its header and suggests a field for each column by closest match. */
  async upload(
    s: Session,
    file: { filename: string; file: Readable & { truncated?: boolean } },
  ): Promise<Answer<'upload'>> {
    if (!/\.(xlsx|csv)$/i.test(file.filename)) throw badRequest('file：只支持 .xlsx 或 .csv 文件');
    const key = `clue-import/${s.orgId}/${randomUUID()}${/\.csv$/i.test(file.filename) ? '.csv' : '.xlsx'}`;
    const { size } = await this.ctx.storage.put(key, file.file);
    if (file.file.truncated) {
      await this.ctx.storage.delete(key);
      throw badRequest('file：文件过大');
    }
    let headers: string[];
    try {
      headers = await headerOf(file.filename, await this.ctx.storage.get(key));
    } catch {
      await this.ctx.storage.delete(key);
      throw badRequest('file：文件无法读取，请使用 .xlsx 或 .csv 文件');
    }
    if (!headers.some(Boolean)) {
      await this.ctx.storage.delete(key);
      throw badRequest('file：文件没有表头');
    }
    const [rec] = await this.db
      .insert(clueImportRecord)
      .values({
        organizationId: s.orgId,
        userId: s.userId,
        kind: 1,
        fileName: file.filename.slice(0, 200),
        fileKey: key,
        fileSize: size,
      })
      .returning();
    await this.dropAbandoned(s);
    const fields = await this.importFields(s.orgId);
    return { recordId: rec.id, fileName: rec.fileName, headers, fields, ...matchHeaders(headers, fields) };
  }

  /** The user's uploads never started for an hour (left at the mapping step): their files and records go. */
  private async dropAbandoned(s: Session): Promise<void> {
    const gone = await this.db
      .delete(clueImportRecord)
      .where(
        and(
          eq(clueImportRecord.organizationId, s.orgId),
          eq(clueImportRecord.userId, s.userId),
          eq(clueImportRecord.kind, 1),
          eq(clueImportRecord.status, 0),
          lt(clueImportRecord.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
        ),
      )
      .returning({ fileKey: clueImportRecord.fileKey });
    for (const g of gone) await this.ctx.storage.delete(g.fileKey).catch(() => undefined);
  }

  async start(s: Session, input: Body<'start'>): Promise<Answer<'start'>> {
    const rec = await this.record(s, input.recordId);
    if (rec.kind !== 1) throw badRequest('recordId：不是导入记录');
    if (rec.status !== 0) throw badRequest('该文件已开始导入');
    const fields = new Set((await this.importFields(s.orgId)).map((f) => f.fieldName));
    const used = new Set<string>();
    for (const [col, f] of Object.entries(input.mapping)) {
      if (!/^\d+$/.test(col)) throw badRequest('mapping：列号必须是数字');
      if (!fields.has(f)) throw badRequest(`mapping：字段不存在：${f}`);
      if (used.has(f)) throw badRequest(`mapping：字段“${STANDARD_BY_NAME.get(f)?.fieldLabel ?? f}”对应了多列`);
      used.add(f);
    }
    if (!used.has('phone')) throw badRequest('mapping：请为手机号选择对应的列');
    if (input.ownerId) {
      const owners = ownerLookup(await orgUsers(this.db, s.orgId), s.visibleUserIds);
      if (![...owners.values()].includes(input.ownerId)) throw badRequest('ownerId：跟进人不存在或无权分配');
    }
    if (input.channelSourceId) await this.fields.checkDictId(s.orgId, 'channelSource', input.channelSourceId);
    if (input.tagIds?.length) await this.fields.checkTagIds(s.orgId, input.tagIds);
    let poolId: number | null = null;
    if (input.toSea) {
      const pools = this.ctx.services.publicSea.pools;
      if (input.poolId) poolId = (await pools.visible(this.db, s, input.poolId)).id;
      else {
        const first = (await pools.rows(s))[0];
        if (!first) throw badRequest('poolId：请先创建公海');
        poolId = first.id;
      }
    }
    const options: ImportOptions & { visibleUserIds: number[] | null } = {
      mapping: input.mapping,
      poolId,
      autoAssign: input.toSea ? false : (input.autoAssign ?? false),
      ownerId: input.toSea ? null : (input.ownerId ?? s.userId),
      channelSourceId: input.channelSourceId ?? null,
      clueType: input.clueType ?? 1,
      toSea: input.toSea ?? false,
      tagIds: input.tagIds ?? [],
      visibleUserIds: s.visibleUserIds,
    };
    // claimed atomically: of two concurrent starts, one queues the job and the other is refused
    const [claimed] = await this.db
      .update(clueImportRecord)
      .set({ status: 1, options, importWay: input.importWay ?? 1 })
      .where(and(eq(clueImportRecord.id, rec.id), eq(clueImportRecord.status, 0)))
      .returning({ id: clueImportRecord.id });
    if (!claimed) throw badRequest('该文件已开始导入');
    try {
      await this.ctx.jobs.send(IMPORT_JOB, { recordId: rec.id }, { singletonKey: `import-${rec.id}` });
    } catch (err) {
      // not queued: the file can be started again
      await this.db.update(clueImportRecord).set({ status: 0 }).where(eq(clueImportRecord.id, rec.id));
      throw err;
    }
    return { recordId: rec.id, status: 1 };
  }

  // ---- the import job ----

  /**
   * Streams the sheet, validates each row against the field definitions, applies the duplicate rules (against the
   * organisation and earlier rows of the same file) and writes each batch of valid rows in one transaction with one
   * multi-row insert. Rejected rows go to an .xlsx with the reason of each.
   */
  async runImport(recordId: number): Promise<void> {
    const [rec] = await this.db.select().from(clueImportRecord).where(eq(clueImportRecord.id, recordId));
    if (rec?.kind !== 1 || rec.status === 2) return;
    const orgId = rec.organizationId;
    const opts = rec.options as ImportOptions & { visibleUserIds: number[] | null };
    const mapping = Object.entries(opts.mapping).map(([c, f]) => [Number(c), f] as [number, string]);
    const [defs, users, channels, statuses, tags, rules] = await Promise.all([
      this.fields.customDefs(orgId),
      orgUsers(this.db, orgId),
      this.fields.dict(orgId, 'channelSource', true),
      this.fields.dict(orgId, 'followStatus', true),
      this.fields.tags(orgId),
      this.fields.activeRepeatRules(orgId),
    ]);
    const rc: RowContext = {
      defs,
      owners: ownerLookup(users, opts.visibleUserIds),
      channels: new Map(channels.map((c) => [c.name, c.id])),
      statuses: new Map(statuses.map((c) => [c.name, c.id])),
      tags: new Map(tags.map((t) => [t.name, t.id])),
    };
    const counts = { total: 0, imported: 0, duplicate: 0, invalid: 0 };
    let bytes = 0;
    let header: Cell[] | null = null;
    let invalid: InvalidFile | null = null;
    const invalidKey = `clue-import/${orgId}/${rec.id}-invalid.xlsx`;
    const reject = (cells: Cell[], rowNo: number, reason: string) => {
      if (!invalid) {
        const file = new XlsxExport();
        const stored = file.storeIn(this.ctx.storage, invalidKey);
        const sheet = file.sheet('导入失败数据', [
          '行号',
          ...(header ?? []).map((h) => (h === null ? '' : String(h))),
          '失败原因',
        ]);
        invalid = { file, sheet, stored };
      }
      // the reason goes under 失败原因 however many trailing cells of the row were empty
      const padded = [...cells, ...Array<Cell>(Math.max(0, (header?.length ?? 0) - cells.length)).fill(null)];
      invalid.sheet.add([rowNo, ...padded, reason]);
    };
    let batch: { rowNo: number; cells: Cell[]; values: RowValues }[] = [];
    // one batch is written while the next is parsed (the database works while this process reads the sheet)
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      await writing;
      if (!batch.length) return;
      const rows = batch;
      batch = [];
      writing = (async () => {
        const dups = await this.writeBatch(orgId, rec, opts, rows, rules);
        for (const d of dups) reject(d.cells, d.rowNo, d.reason);
        counts.duplicate += dups.length;
        counts.imported += rows.length - dups.length;
        const progress = rec.fileSize ? Math.min(99, Math.floor((bytes / rec.fileSize) * 100)) : 0;
        await this.db
          .update(clueImportRecord)
          .set({ ...counts, progress })
          .where(eq(clueImportRecord.id, rec.id));
      })();
      writing.catch(() => {}); // awaited by the next flush
    };
    try {
      // A retry (the worker died mid-file) starts over: the leads of the earlier attempt go, so that the rows are
      // neither inserted twice nor reported as duplicates of themselves. startedAt in the options marks an attempt.
      const rerun = Boolean((rec.options as { startedAt?: string }).startedAt);
      await this.db.transaction(async (tx) => {
        if (rerun) await this.clues.bulk.deleteImported(tx, orgId, rec.id);
        await tx
          .update(clueImportRecord)
          .set({
            total: 0,
            imported: 0,
            duplicate: 0,
            invalid: 0,
            progress: 0,
            error: null,
            options: { ...opts, startedAt: new Date().toISOString() },
          })
          .where(eq(clueImportRecord.id, rec.id));
      });
      const input = (await this.ctx.storage.get(rec.fileKey)).pipe(byteCounter((n) => (bytes = n)));
      let rowNo = 0;
      const sheetInfo: SheetInfo = { date1904: false };
      for await (const cells of rowsOf(rec.fileName, input, sheetInfo)) {
        rowNo++;
        if (!cells.some((c) => c !== null)) continue;
        if (!header) {
          header = cells;
          continue;
        }
        counts.total++;
        const { values, errors } = parseRow(cells, mapping, rc, sheetInfo);
        if (!values) {
          counts.invalid++;
          reject(cells, rowNo, errors.join('；'));
          continue;
        }
        batch.push({ rowNo, cells, values });
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      await writing;
      const inv = invalid as InvalidFile | null;
      if (inv) {
        await inv.file.done();
        await inv.stored;
      }
      await this.db
        .update(clueImportRecord)
        .set({ ...counts, status: 2, progress: 100, invalidFileKey: inv ? invalidKey : null, finishedAt: new Date() })
        .where(eq(clueImportRecord.id, rec.id));
    } catch (err) {
      (invalid as InvalidFile | null)?.file.abort(err);
      await this.db
        .update(clueImportRecord)
        .set({
          ...counts,
          status: 3,
          error: err instanceof Error ? err.message.slice(0, 500) : String(err),
          finishedAt: new Date(),
        })
        .where(eq(clueImportRecord.id, rec.id));
    }
  }

  /** One batch: the clue module leaves out the duplicates (reported with the rule) and inserts the rest. */
  private async writeBatch(
    orgId: number,
    rec: ImportRecordRow,
    opts: ImportOptions,
    rows: { rowNo: number; cells: Cell[]; values: RowValues }[],
    rules: { fieldNames: string[]; range: number }[],
  ) {
    const dup = await this.clues.bulk.insertBatch(
      orgId,
      {
        importRecordId: rec.id,
        importWay: rec.importWay,
        createdBy: rec.userId,
        clueType: opts.clueType,
        toSea: opts.toSea,
        poolId: opts.poolId,
        autoAssign: opts.autoAssign,
        ownerId: opts.ownerId,
        channelSourceId: opts.channelSourceId,
        tagIds: opts.tagIds,
      },
      rows.map((r) => r.values),
      rules,
    );
    return rows.flatMap((r, i) => (dup[i] ? [{ ...r, reason: `重复数据（${dup[i]}重复）` }] : []));
  }

  // ---- records ----

  /** An import or export record of the session's organisation, made by a user of its data scope; 404 otherwise. */
  async record(s: Session, id: number): Promise<ImportRecordRow> {
    return findScoped(this.db, s, clueImportRecord, id, { owner: clueImportRecord.userId, missing: '记录不存在' });
  }

  async records(s: Session, req: Body<'records'>): Promise<Answer<'records'>> {
    const where = and(
      scoped(s, clueImportRecord, { owner: clueImportRecord.userId }),
      eq(clueImportRecord.kind, req.kind ?? 1),
      // an upload whose import was never started is not a record (asked for by status 0 only)
      req.status !== undefined ? eq(clueImportRecord.status, req.status) : ne(clueImportRecord.status, 0),
    );
    const [{ rows, total }, users] = await Promise.all([
      pageRows(this.db, clueImportRecord, where, [desc(clueImportRecord.id)], req),
      orgUsers(this.db, s.orgId),
    ]);
    const names = new Map(users.map((u) => [u.id, u.realName]));
    return page(
      rows.map((r) => this.recordView(r, names.get(r.userId) ?? '')),
      total,
      req,
    );
  }

  /** The progress of a record (poll while status is 1); its userName is left empty, as it always was. */
  async recordDetail(s: Session, id: number): Promise<Answer<'record'>> {
    return this.recordView(await this.record(s, id));
  }

  /** Imported / duplicate / invalid counts of an import. */
  async invalidCount(s: Session, id: number): Promise<Answer<'invalidCount'>> {
    const rec = await this.record(s, id);
    return {
      recordId: rec.id,
      total: rec.total,
      importedCount: rec.imported,
      duplicateCount: rec.duplicate,
      invalidCount: rec.invalid,
      status: rec.status,
    };
  }

  recordView(r: ImportRecordRow, userName = ''): Answer<'record'> {
    return {
      id: r.id,
      recordId: r.id,
      kind: r.kind,
      importWay: r.importWay,
      fileName: r.fileName,
      status: r.status,
      statusName: ImportStatusName[r.status as keyof typeof ImportStatusName] ?? '',
      progress: r.progress,
      total: r.total,
      imported: r.imported,
      duplicate: r.duplicate,
      invalid: r.invalid,
      hasInvalidFile: r.invalidFileKey ? 1 : 0,
      error: r.error ?? '',
      userId: r.userId,
      userName,
      createdAt: formatDateTime(r.createdAt),
      finishedAt: formatDateTime(r.finishedAt),
    };
  }

  /** The file of a record: the rejected rows of an import, or the sheet of a finished export. */
  async file(s: Session, id: number, which: 'invalid' | 'export') {
    const r = await this.record(s, id);
    if (which === 'invalid') {
      if (r.kind !== 1 || !r.invalidFileKey) throw badRequest('该导入没有失败数据');
      return {
        stream: await this.ctx.storage.get(r.invalidFileKey),
        fileName: `${r.fileName.replace(/\.(xlsx|csv)$/i, '')}_失败数据.xlsx`,
      };
    }
    if (r.kind !== 2) throw badRequest('recordId：不是导出记录');
    if (r.status !== 2) throw badRequest('导出尚未完成');
    return { stream: await this.ctx.storage.get(r.fileKey), fileName: r.fileName };
  }
}

/** Column index → field name (see matchHeaders: exact label, label without units, closest label). */
export function suggestMapping(
  headers: string[],
  fields: { fieldName: string; fieldLabel: string }[],
): Record<string, string> {
  return matchHeaders(headers, fields).mapping;
}
