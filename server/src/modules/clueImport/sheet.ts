import { isAscii } from 'node:buffer';
import { type Readable, Transform } from 'node:stream';
import ExcelJS from 'exceljs';

/** A cell as the import reads it: text, number or date (rich text, hyperlinks and formulas reduced to their value). */
export type Cell = string | number | Date | null;

export function cellValue(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number' || v instanceof Date) return v;
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'object') {
    const o = v as {
      richText?: { text: string }[];
      text?: unknown;
      result?: unknown;
      hyperlink?: string;
      error?: string;
    };
    if (o.richText) return cellValue(o.richText.map((r) => r.text).join(''));
    if ('result' in o) return cellValue(o.result);
    if (o.text !== undefined) return cellValue(typeof o.text === 'object' ? cellValue(o.text) : o.text);
    if (o.error) return null;
  }
  return String(v);
}

/** Counts the bytes flowing through (progress of a streamed file). */
export function byteCounter(onBytes: (n: number) => void): Transform {
  let n = 0;
  return new Transform({
    transform(chunk, _enc, cb) {
      n += chunk.length;
      onBytes(n);
      cb(null, chunk);
    },
  });
}

/** Shanghai is UTC+8 all year: the date and time a spreadsheet shows are read as Shanghai time. */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** What the reader learnt of a workbook while reading it. */
export interface SheetInfo {
  /** The 1904 date system (old Mac Excel): serials count days from 1904-01-01 instead of 1899-12-30. */
  date1904: boolean;
}

/**
 * An Excel date serial (days since 1899-12-30, or since 1904-01-01 in the 1904 date system; the fraction is the
 * time of day) as the Shanghai time it shows, to the second; null outside Excel's range (up to 9999-12-31).
 */
export function excelSerialDate(serial: number, date1904 = false): Date | null {
  if (!Number.isFinite(serial) || serial < (date1904 ? 0 : 1) || serial >= (date1904 ? 2957004 : 2958466)) return null;
  // Excel's 1900 system counts a 29 February 1900 that never was: serials before it are one day later than the count
  const days = date1904 ? serial + 1462 : serial < 61 ? serial + 1 : serial;
  const utc = Math.round(((days - 25569) * DAY_MS) / 1000) * 1000;
  return new Date(utc - SHANGHAI_OFFSET_MS);
}

/** exceljs reads a date cell as the UTC time of the date and time it shows: that same date and time in Shanghai. */
const shownInShanghai = (d: Date) => new Date(d.getTime() - SHANGHAI_OFFSET_MS);

/**
 * Rows of the first worksheet of an .xlsx stream (exceljs streaming reader), as arrays of cells from column 0. Cells
 * with a date number format are read as dates (styles are read for their number formats; the workbook's date system
 * is respected). A number in a format exceljs does not know for a date (the Chinese built-in ones, or a worksheet
 * stored before the styles in the zip) stays a number: date columns take it as a serial (see excelSerialDate), with
 * the date system reported in `info`.
 */
export async function* xlsxRows(input: Readable, info?: SheetInfo): AsyncGenerator<Cell[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'emit',
  } as never);
  const r = reader as unknown as { model?: unknown; properties?: { model?: { date1904?: boolean } } };
  // exceljs reads this.model.sheets when a worksheet comes before xl/workbook.xml in the zip: give it an empty model;
  // it reads properties.model.date1904 for a date cell: the 1900 system until xl/workbook.xml says otherwise
  r.model ??= { sheets: [] };
  r.properties ??= { model: { date1904: false } };
  for await (const ws of reader) {
    let expected = 1;
    for await (const row of ws as AsyncIterable<ExcelJS.Row>) {
      if (info) info.date1904 = r.properties?.model?.date1904 === true;
      // the reader skips empty rows: keep row numbers true by yielding blanks
      for (; expected < row.number; expected++) yield [];
      const values = row.values as unknown[];
      const out: Cell[] = [];
      for (let i = 1; i < values.length; i++) {
        const v = cellValue(values[i]);
        out.push(v instanceof Date ? shownInShanghai(v) : v);
      }
      yield out;
      expected = row.number + 1;
    }
    return; // first sheet only
  }
}

/**
 * The text encoding of a CSV from its first bytes: a BOM decides; otherwise UTF-8 when the bytes are valid UTF-8,
 * else GB18030 (a superset of GBK and GB2312, what Excel on a Chinese Windows writes for 「CSV（逗号分隔）」).
 */
export function sniffCsvEncoding(head: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030' {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  // A multi-byte character may be cut at the end of the sample: drop up to 3 trailing bytes of an unfinished one.
  let end = head.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const b = head[end - back];
    if ((b & 0xc0) !== 0x80) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
      if (need > back) end -= back;
      break;
    }
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return 'utf-8';
  } catch {
    return 'gb18030';
  }
}

/**
 * Rows of a CSV stream (RFC 4180: quotes, doubled quotes, newlines inside quotes). The encoding is sniffed from the
 * first chunk that is not plain ASCII (UTF-8 with or without BOM, UTF-16 with BOM, or GBK/GB18030) and decoded
 * across chunk boundaries.
 */
export async function* csvRows(input: Readable): AsyncGenerator<Cell[]> {
  let field = '';
  let row: string[] = [];
  let quoted = false;
  let pendingQuote = false;
  let decoder: InstanceType<typeof TextDecoder> | null = null;
  /** Parses decoded text on from where the last piece stopped; answers the rows it completed. */
  const feed = (s: string): Cell[][] => {
    const rows: Cell[][] = [];
    for (let i = 0; i < s.length; i++) {
      const ch = s[i];
      if (pendingQuote) {
        pendingQuote = false;
        if (ch === '"') {
          field += '"';
          continue;
        }
        quoted = false;
      }
      if (quoted) {
        if (ch === '"') pendingQuote = true;
        else field += ch;
        continue;
      }
      if (ch === '"' && field === '') quoted = true;
      else if (ch === ',') {
        row.push(field);
        field = '';
      } else if (ch === '\n') {
        row.push(field.endsWith('\r') ? field.slice(0, -1) : field);
        rows.push(row.map(cellValue));
        row = [];
        field = '';
      } else field += ch;
    }
    return rows;
  };
  for await (const chunk of input) {
    const bytes: Uint8Array = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (!decoder) {
      // ASCII reads the same in every candidate encoding: the encoding is decided by the first chunk that holds
      // anything else (English headers over Chinese rows further down must not be taken for UTF-8 too early)
      if (isAscii(bytes)) {
        yield* feed(Buffer.from(bytes).toString('latin1'));
        continue;
      }
      // the decoder drops a BOM itself
      decoder = new TextDecoder(sniffCsvEncoding(bytes.subarray(0, 64 * 1024)));
    }
    yield* feed(decoder.decode(bytes, { stream: true }));
  }
  if (decoder) yield* feed(decoder.decode());
  if (field !== '' || row.length) {
    row.push(field.endsWith('\r') ? field.slice(0, -1) : field);
    yield row.map(cellValue);
  }
}

export function rowsOf(fileName: string, input: Readable, info?: SheetInfo): AsyncGenerator<Cell[]> {
  return /\.csv$/i.test(fileName) ? csvRows(input) : xlsxRows(input, info);
}

/** The header row (first non-empty row) of a file. */
export async function headerOf(fileName: string, input: Readable): Promise<string[]> {
  for await (const row of rowsOf(fileName, input)) {
    if (!row.some((c) => c !== null)) continue;
    input.destroy();
    return row.map((c) => (c === null ? '' : c instanceof Date ? c.toISOString() : String(c)));
  }
  return [];
}
