/**
 * The one way the server writes a spreadsheet for people to download (lead export, rejected import rows, import
 * template, operation log, recording list): exceljs' streaming writer, a bold header row with optional column widths,
 * then rows as they come. Every text cell passes neutralizeFormula, so that nothing a user typed is taken for a
 * formula by the spreadsheet program that opens the file.
 */
import { PassThrough, type Readable } from 'node:stream';
import { formatDateTime } from '@crm/core';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Storage } from './storage';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column: its header, or its header and width (in characters). */
export type XlsxColumn = string | { header: string; width?: number };

/** What a cell holds once written. */
export type XlsxCellValue = string | number | boolean | null;

/** Excel's limit of characters in a cell. */
const CELL_MAX = 32_767;
/** What a spreadsheet may read as the start of a formula (OWASP "CSV injection"): = + - @, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text that a spreadsheet could take for a formula gets a leading single quote, as OWASP recommends:
 * `=HYPERLINK(…)` → `'=HYPERLINK(…)`, `+86 138…` → `'+86 138…`. Dashes alone (the '-' or '--' of an empty value)
 * are no formula and stay as they are.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !/^-+$/.test(text) ? `'${text}` : text;
}

/**
 * A value as a cell: numbers and booleans as they are (a non-finite number as an empty cell), null and undefined as
 * an empty cell, a Date as its Shanghai date (and time unless midnight), a list joined with '，', an object as JSON;
 * all text neutralised (see neutralizeFormula) and cut to Excel's 32,767 characters.
 */
export function xlsxCell(v: unknown): XlsxCellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v;
  let text: string;
  if (typeof v === 'string') text = v;
  else if (v instanceof Date) text = (formatDateTime(v) ?? '').replace(/ 00:00:00$/, '');
  else if (Array.isArray(v)) text = v.join('，');
  else if (typeof v === 'object') text = JSON.stringify(v);
  else text = String(v);
  return neutralizeFormula(text).slice(0, CELL_MAX);
}

/** One worksheet being written: rows go out as they are added. */
export interface XlsxSheet {
  add(values: unknown[]): void;
}

/**
 * An .xlsx written to `stream` as sheets and rows are added. Send the stream or store it (storeIn) before adding
 * rows, then await done(). When the stream fails (storage error, client gone) add() throws and done() rejects with
 * the failure instead of waiting for a writer that will never finish.
 */
export class XlsxExport {
  private readonly out = new PassThrough();
  private readonly wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: this.out,
    useStyles: true,
    useSharedStrings: false,
  });
  private failure: Error | null = null;
  private readonly failed: Promise<never>;

  constructor() {
    this.failed = new Promise<never>((_, reject) => {
      const fail = (err: Error) => {
        this.failure ??= err;
        reject(this.failure);
      };
      this.out.on('error', fail);
      this.out.on('close', () => {
        if (!this.out.writableFinished) fail(new Error('xlsx stream closed before the file was complete'));
      });
    });
    this.failed.catch(() => {});
  }

  /** The bytes of the file, as they are written. */
  get stream(): Readable {
    return this.out;
  }

  /** Adds a worksheet with its header row (bold; column widths when given). */
  sheet(name: string, columns: XlsxColumn[]): XlsxSheet {
    const ws = this.wb.addWorksheet(name);
    const cols = columns.map((c) => (typeof c === 'string' ? { header: c } : c));
    if (cols.some((c) => c.width)) ws.columns = cols.map((c) => ({ width: c.width })) as never;
    const header = ws.addRow(cols.map((c) => xlsxCell(c.header)));
    header.font = { bold: true };
    header.commit();
    return {
      add: (values) => {
        if (this.failure) throw this.failure;
        ws.addRow(values.map(xlsxCell)).commit();
      },
    };
  }

  /** Completes the file (every sheet, then the workbook); rejects when the stream failed. */
  async done(): Promise<void> {
    if (this.failure) throw this.failure;
    await Promise.race([this.wb.commit(), this.failed]);
  }

  /** Ends the file with an error: whoever reads the stream (storage, a download) sees it fail, no partial file. */
  abort(err: unknown): void {
    this.out.destroy(err instanceof Error ? err : new Error(String(err)));
  }

  /**
   * Stores the file under `key` while it is written; the answer settles once the stored file is complete (await it
   * after done()). A storage failure is held for that answer, not left unhandled while rows are still added.
   */
  storeIn(storage: Storage, key: string): Promise<{ size: number }> {
    const put = storage.put(key, this.out, XLSX_CONTENT_TYPE);
    put.catch(() => {});
    return put;
  }

  /** The whole file in memory (small files: templates). */
  static async toBuffer(write: (x: XlsxExport) => void | Promise<void>): Promise<Buffer> {
    const x = new XlsxExport();
    const bytes = x.out.toArray();
    await write(x);
    await x.done();
    return Buffer.concat(await bytes);
  }
}

/** content-disposition of a download: the name in UTF-8, and an ASCII name for clients that read only that. */
export function attachment(fileName: string, asciiName = 'export.xlsx'): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Answers with an .xlsx download that `write` fills while it streams out. A failure (logged) cuts the download
 * short rather than leaving it hanging.
 */
export function sendXlsx(
  reply: FastifyReply,
  fileName: string,
  write: (x: XlsxExport) => Promise<void>,
  asciiName?: string,
): FastifyReply {
  const x = new XlsxExport();
  (async () => {
    await write(x);
    await x.done();
  })().catch((err) => {
    reply.log.error({ err }, `xlsx export failed: ${fileName}`);
    x.abort(err);
  });
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', attachment(fileName, asciiName))
    .send(x.stream);
}
