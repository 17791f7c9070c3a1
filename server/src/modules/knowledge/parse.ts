/**
 * Documents to passages: .docx (mammoth's raw text), .pdf (pdfjs-dist's legacy build, page by page), .txt and .md
 * (UTF-8; a UTF-8 BOM dropped), .xlsx (exceljs, the project's spreadsheet library: a row is "header: value; …").
 * Each page's text is split at paragraph ends into passages of about PASSAGE_CHARS characters.
 */
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';

export interface PageText {
  /** The PDF page (from 1), the sheet's first row of the block, or null for a document without pages. */
  page: number | null;
  text: string;
}
export interface Passage {
  page: number | null;
  text: string;
}

export const PASSAGE_CHARS = 400;
const MAX_PASSAGES = 5000;

export class ParseError extends Error {}

export async function documentPages(fileName: string, data: Buffer): Promise<PageText[]> {
  const ext = fileName.split('.').pop()?.toLowerCase();
  switch (ext) {
    case 'docx': {
      const { value } = await mammoth.extractRawText({ buffer: data }).catch(() => {
        throw new ParseError('文档无法读取：不是有效的 .docx 文件');
      });
      return [{ page: null, text: value }];
    }
    case 'pdf':
      return pdfPages(data);
    case 'txt':
    case 'md':
      return [{ page: null, text: data.toString('utf8').replace(/^\uFEFF/, '') }];
    case 'xlsx':
      return sheetPages(data);
    default:
      throw new ParseError('仅支持 .docx、.pdf、.txt、.md、.xlsx 文件');
  }
}

async function pdfPages(data: Buffer): Promise<PageText[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(data), verbosity: 0 });
  try {
    let doc: Awaited<typeof task.promise>;
    try {
      doc = await task.promise;
    } catch {
      throw new ParseError('文档无法读取：不是有效的 PDF 文件');
    }
    const pages: PageText[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push({ page: n, text });
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

async function sheetPages(data: Buffer): Promise<PageText[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new ParseError('文档无法读取：不是有效的 .xlsx 文件');
  }
  const pages: PageText[] = [];
  for (const ws of wb.worksheets) {
    let header: string[] = [];
    ws.eachRow((row, n) => {
      const cells = (row.values as unknown[]).slice(1).map(cellText);
      if (!header.length) {
        header = cells;
        return;
      }
      const line = cells
        .map((v, i) => (v ? (header[i] ? `${header[i]}：${v}` : v) : ''))
        .filter(Boolean)
        .join('；');
      if (line) pages.push({ page: n, text: line });
    });
  }
  return pages;
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText)
      return o.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (o.text !== undefined) return String(o.text).trim();
    if (o.result !== undefined) return String(o.result).trim();
    if (v instanceof Date) return v.toISOString().slice(0, 10);
  }
  return String(v).trim();
}

/** Splits pages into passages: paragraphs joined up to PASSAGE_CHARS, a longer paragraph cut at sentence ends. */
export function splitPassages(pages: PageText[], max = PASSAGE_CHARS): Passage[] {
  const out: Passage[] = [];
  for (const { page, text } of pages) {
    let current = '';
    const flush = () => {
      const t = current.trim();
      if (t) out.push({ page, text: t });
      current = '';
    };
    for (const para of text.split(/\n\s*\n|\r?\n(?=\s*(?:#|[-*•]\s|\d+[.、)]))/)) {
      const p = para
        .replace(/[ \t]+/g, ' ')
        .replace(/\s*\n\s*/g, '\n')
        .trim();
      if (!p) continue;
      if (current && current.length + p.length + 1 > max) flush();
      if (p.length <= max) {
        current += (current ? '\n' : '') + p;
        continue;
      }
      for (const sentence of p.match(/[^。！？!?；;\n]+[。！？!?；;\n]*/g) ?? [p]) {
        if (current && current.length + sentence.length > max) flush();
        current += sentence;
        while (current.length > max * 1.5) {
          out.push({ page, text: current.slice(0, max).trim() });
          current = current.slice(max);
        }
      }
    }
    flush();
  }
  if (out.length > MAX_PASSAGES) throw new ParseError(`文档过大：超过 ${MAX_PASSAGES} 个段落`);
  return out;
}
