import { formatDateTime, parseDateTime } from '@crm/core';
import type { MessageType } from '@crm/core/contract/conversation';
import mammoth from 'mammoth';

/**
 * Chat history exports of personal WeChat (.docx, .txt, .html, .csv) → messages with sender, time, type and text.
 *
 * What the common export tools write, and what is read here:
 * - text (.txt, and .docx / .html reduced to their text): a header line with the time and the sender, in either
 *   order (`2024-03-01 10:00:01 张三`, `张三 2024/03/01 10:00`, `张三  2024年3月1日 10:00`, `张三(2024-03-01 10:00:01):`),
 *   followed by the message's lines; or one line each, `2024-03-01 10:00:01 张三：你好`.
 * - .csv (WeChatMsg / 留痕 and the like): a header row naming the columns; the time, sender and content columns are
 *   found by name (StrTime/CreateTime/时间, NickName/Sender/发送人, StrContent/内容), Type 3/34/43/49/10000 read as
 *   image, voice, video (a file), file and a system line (recall).
 * Placeholders such as [图片], [语音], [文件] name.pdf and “x”撤回了一条消息 become the message's type.
 */

export interface ParsedMessage {
  sender: string;
  /** `YYYY-MM-DD HH:mm:ss` (Asia/Shanghai). */
  time: string;
  type: MessageType;
  content: string;
}

export type ExportFormat = 'docx' | 'txt' | 'html' | 'csv';

const DATE = String.raw`(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?`;
const CLOCK = String.raw`(\d{1,2}):(\d{2})(?::(\d{2}))?`;
const STAMP = `${DATE}\\s+${CLOCK}`;
/** `time sender[: text]` */
const TIME_FIRST = new RegExp(`^${STAMP}\\s+(.{1,64}?)\\s*(?:[:：]\\s*(.*))?$`);
/** `sender time[:]` or `sender(time):` */
const SENDER_FIRST = new RegExp(`^(.{1,64}?)\\s*[（(]?\\s*${STAMP}\\s*[)）]?\\s*[:：]?\\s*$`);

function stamp(y: string, mo: string, d: string, h: string, mi: string, s?: string): string | null {
  const p = (v: string) => v.padStart(2, '0');
  const text = `${y}-${p(mo)}-${p(d)} ${p(h)}:${mi}:${s ?? '00'}`;
  return parseDateTime(text) ? text : null;
}

/** The type a placeholder text says, and the content kept for it. */
export function typeOf(content: string): { type: MessageType; content: string } {
  const t = content.trim();
  if (/撤回了一条消息$/.test(t)) return { type: 'recall', content: t };
  if (/^\[(图片|表情|动画表情)\]$/.test(t)) return { type: 'image', content: '' };
  const voice = /^\[语音\](?:\s*(\d+)\s*(?:秒|s|"|″))?\s*(.*)$/.exec(t);
  if (voice) return { type: 'voice', content: voice[2] ?? '' };
  const file = /^\[(文件|视频)\]\s*(.*)$/.exec(t);
  if (file) return { type: 'file', content: file[2] ?? '' };
  return { type: 'text', content: t };
}

/** Text exports: header lines (time and sender) and the lines of each message under them. */
export function parseText(text: string): ParsedMessage[] {
  const out: ParsedMessage[] = [];
  let current: { sender: string; time: string; lines: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    const body = current.lines.join('\n').trim();
    if (body) out.push({ sender: current.sender, time: current.time, ...typeOf(body) });
    current = null;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\u00a0/g, ' ').trim();
    const a = TIME_FIRST.exec(line);
    const b = a ? null : SENDER_FIRST.exec(line);
    const time = a ? stamp(a[1], a[2], a[3], a[4], a[5], a[6]) : b ? stamp(b[2], b[3], b[4], b[5], b[6], b[7]) : null;
    if (time) {
      flush();
      const sender = (a ? a[7] : b![1]).trim();
      current = { sender, time, lines: a?.[8] ? [a[8]] : [] };
      continue;
    }
    if (current && line) current.lines.push(line);
  }
  flush();
  return out;
}

/** RFC 4180 rows: quoted fields with commas, doubled quotes and line breaks. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

const column = (header: string[], names: string[]) => {
  const lower = header.map((h) => h.trim().toLowerCase());
  for (const n of names) {
    const i = lower.indexOf(n.toLowerCase());
    if (i >= 0) return i;
  }
  return -1;
};

const CSV_TYPES: Record<string, MessageType> = { '1': 'text', '3': 'image', '34': 'voice', '43': 'file', '49': 'file' };

function csvTime(value: string): string | null {
  const v = value.trim();
  if (/^\d{10}$/.test(v)) return formatDateTime(new Date(Number(v) * 1000));
  if (/^\d{13}$/.test(v)) return formatDateTime(new Date(Number(v)));
  const m = new RegExp(`^${STAMP}`).exec(v);
  return m ? stamp(m[1], m[2], m[3], m[4], m[5], m[6]) : null;
}

export function parseCsv(text: string): ParsedMessage[] {
  const [header, ...rows] = csvRows(text);
  if (!header) return [];
  const time = column(header, ['StrTime', 'CreateTime', '时间', '发送时间', 'time', 'date']);
  const sender = column(header, ['NickName', 'Remark', 'Sender', '发送人', '发送者', '昵称', 'sender', 'from']);
  const content = column(header, ['StrContent', 'Content', '内容', '消息内容', 'message', 'text']);
  const type = column(header, ['Type', '类型', 'msgType']);
  const isSender = column(header, ['IsSender']);
  if (time < 0 || content < 0) return [];
  const out: ParsedMessage[] = [];
  for (const r of rows) {
    const at = csvTime(r[time] ?? '');
    if (!at) continue;
    const code = type >= 0 ? (r[type] ?? '').trim() : '';
    const who = (sender >= 0 ? r[sender] : '')?.trim() || (isSender >= 0 && r[isSender] === '1' ? '我' : '对方');
    const raw = (r[content] ?? '').trim();
    if (code === '10000') {
      if (/撤回/.test(raw)) out.push({ sender: who, time: at, type: 'recall', content: raw });
      continue;
    }
    const byText = typeOf(raw);
    const t = CSV_TYPES[code] && CSV_TYPES[code] !== 'text' ? CSV_TYPES[code] : byText.type;
    const body = t === byText.type ? byText.content : raw.startsWith('<') ? '' : raw;
    if (t === 'text' && !body) continue;
    out.push({ sender: who, time: at, type: t, content: body });
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** An HTML export reduced to its text: block elements and <br> are line breaks, scripts and styles dropped. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(div|p|li|tr|h\d|section|article|table)[^>]*>/gi, '\n')
    .replace(/<\/?(span|td|th)[^>]*>/gi, ' ')
    .replace(/<img[^>]*>/gi, ' [图片] ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (all, e: string) => {
      if (e[0] === '#')
        return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
      return ENTITIES[e.toLowerCase()] ?? all;
    })
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .join('\n');
}

export function formatOf(fileName: string): ExportFormat | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'htm') return 'html';
  return (['docx', 'txt', 'html', 'csv'] as const).find((f) => f === ext) ?? null;
}

/** Text of a .txt or .csv: UTF-8 (with or without BOM), else GB18030 as Windows tools write it. */
function decode(data: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(data);
  if (!utf8.includes('\uFFFD')) return utf8.replace(/^\uFEFF/, '');
  return new TextDecoder('gb18030').decode(data);
}

export async function parseExport(format: ExportFormat, data: Buffer): Promise<ParsedMessage[]> {
  if (format === 'docx') return parseText((await mammoth.extractRawText({ buffer: data })).value);
  if (format === 'html') return parseText(htmlText(decode(data)));
  if (format === 'csv') return parseCsv(decode(data));
  return parseText(decode(data));
}
