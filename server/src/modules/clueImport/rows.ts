import {
  CustomerStage,
  formatDate,
  formatDateTime,
  Gender,
  normalizePhone,
  parseDateTime,
  phoneProblem,
} from '@crm/core';
import type { NewLead } from '../clue';
import { areaFromText, searchGrams } from '../clue';
import { type FieldDef, FieldError, isPhone, parseFieldValue, STANDARD_FIELDS } from '../clueField';
import type { OrgUser } from '../org';
import { type Cell, excelSerialDate, type SheetInfo } from './sheet';

/** What an import row becomes: the values of a new lead (organisation, owner and import details come per batch). */
export type RowValues = NewLead;

/** Lookups an import needs, loaded once per job. */
export interface RowContext {
  defs: FieldDef[];
  /** Active users the importer may assign to, by real name and by login name. */
  owners: Map<string, number>;
  channels: Map<string, number>;
  statuses: Map<string, number>;
  tags: Map<string, number>;
}

export const IMPORTABLE = STANDARD_FIELDS.filter((f) => f.importable);

/** A date cell as text: its date, and its time unless midnight. */
const dateText = (d: Date) => (formatDateTime(d) ?? '').replace(/ 00:00:00$/, '');
const text = (c: Cell): string => (c === null ? '' : c instanceof Date ? dateText(c) : String(c).trim());
const pad2 = (s: string) => s.padStart(2, '0');
const DATE_TEXT_RE =
  /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:(?:\s+|T)(\d{1,2})[:：](\d{1,2})(?:[:：](\d{1,2}))?)?$/;

/**
 * The date of a cell of a date column: a date cell; a number, which is an Excel date serial (a date cell in a number
 * format the reader did not take for a date); or text such as 1990-01-31, 1990/1/31, 1990.1.31 or 1990年1月31日,
 * with an optional time (10:00 or 10:00:30), in Shanghai time. Null when it is none of these.
 */
export function dateOf(c: Cell, date1904 = false): Date | null {
  if (c instanceof Date) return c;
  if (typeof c === 'number') return excelSerialDate(c, date1904);
  const m = c === null ? null : DATE_TEXT_RE.exec(c.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  return parseDateTime(`${y}-${pad2(mo)}-${pad2(d)}${h ? ` ${pad2(h)}:${pad2(mi)}:${pad2(s ?? '0')}` : ''}`);
}

const byLabel = (map: Record<number, string>, s: string): number | undefined => {
  const n = Number(s);
  if (Number.isInteger(n) && map[n]) return n;
  const hit = Object.entries(map).find(([, v]) => v === s);
  return hit ? Number(hit[0]) : undefined;
};

/**
 * Reads one row with the column mapping. Returns the values, or the reasons it is rejected (every problem of the
 * row, in Chinese, naming the column's field).
 */
export function parseRow(
  cells: Cell[],
  mapping: [number, string][],
  rc: RowContext,
  sheet: SheetInfo = { date1904: false },
): { values?: RowValues; errors: string[] } {
  const errors: string[] = [];
  /** Columns that name an owner or a setting of the organisation: the ids by name, what an unknown name says. */
  const named = {
    ownerId: [rc.owners, (s: string) => `跟进人“${s}”不存在或无权分配`],
    channelSourceId: [rc.channels, (s: string) => `渠道来源“${s}”不存在`],
    followStatusId: [rc.statuses, (s: string) => `跟进状态“${s}”不存在`],
  } as const;
  const v: RowValues = {
    name: '',
    company: '',
    phone: '',
    phones: [],
    ownerId: null,
    channelSourceId: null,
    sign: '',
    stage: 1,
    gender: null,
    age: null,
    birthday: null,
    provinceCode: null,
    cityCode: null,
    districtCode: null,
    areaName: '',
    address: '',
    tagIds: [],
    followStatusId: null,
    remark: '',
    nextFollowTime: null,
    custom: {},
    searchGrams: [],
  };
  const customRaw: Record<string, Cell> = {};
  for (const [col, field] of mapping) {
    const c = cells[col] ?? null;
    const s = text(c);
    switch (field) {
      case 'name':
        if (s.length > 50) errors.push('客户名称不能超过50个字');
        v.name = s.slice(0, 50);
        break;
      case 'company':
        if (s.length > 100) errors.push('公司名称不能超过100个字');
        v.company = s.slice(0, 100);
        break;
      case 'phone': {
        const p = normalizePhone(typeof c === 'number' ? String(Math.round(c)) : s);
        if (p && !isPhone(p)) errors.push(phoneProblem(p) ?? `手机号“${s}”格式不正确`);
        v.phone = p;
        break;
      }
      case 'phones': {
        for (const x of s.split(/[,，;；、\s]+/).filter(Boolean)) {
          const p = normalizePhone(x);
          if (!isPhone(p)) errors.push(`其他电话：${phoneProblem(x)}`);
          else if (!v.phones.includes(p)) v.phones.push(p);
        }
        break;
      }
      case 'ownerId':
      case 'channelSourceId':
      case 'followStatusId':
        if (s) {
          const [ids, unknown] = named[field];
          const id = ids.get(s);
          if (!id) errors.push(unknown(s));
          else v[field] = id;
        }
        break;
      case 'sign':
        v.sign = s.slice(0, 50);
        break;
      case 'stage':
        if (s) {
          const n = byLabel(CustomerStage, s);
          if (!n) errors.push(`客户阶段“${s}”不存在`);
          else v.stage = n;
        }
        break;
      case 'gender':
        if (s) {
          const n = byLabel(Gender, s);
          if (!n) errors.push(`性别“${s}”不正确`);
          else v.gender = n;
        }
        break;
      case 'age':
        if (s) {
          const n = Number(s);
          if (!Number.isInteger(n) || n < 0 || n > 150) errors.push(`年龄“${s}”不正确`);
          else v.age = n;
        }
        break;
      case 'birthday':
        if (s) {
          const d = dateOf(c, sheet.date1904);
          if (!d) errors.push(`生日“${s}”日期格式不正确`);
          else v.birthday = formatDate(d);
        }
        break;
      case 'area':
        if (s) {
          const a = areaFromText(s);
          if (!a) errors.push(`所在地区“${s}”不存在`);
          else Object.assign(v, a);
        }
        break;
      case 'address':
        v.address = s.slice(0, 200);
        break;
      case 'tagIds':
        for (const t of s
          .split(/[,，;；、]+/)
          .map((x) => x.trim())
          .filter(Boolean)) {
          const id = rc.tags.get(t);
          if (!id) errors.push(`标签“${t}”不存在`);
          else if (!v.tagIds.includes(id)) v.tagIds.push(id);
        }
        break;
      case 'remark':
        if (s.length > 500) errors.push('备注不能超过500个字');
        v.remark = s.slice(0, 500);
        break;
      case 'nextFollowTime':
        if (s) {
          const d = dateOf(c, sheet.date1904);
          if (!d) errors.push(`下次跟进时间“${s}”日期格式不正确`);
          else v.nextFollowTime = d;
        }
        break;
      default:
        customRaw[field] = c;
    }
  }
  if (!v.phone && !errors.some((e) => e.startsWith('手机号'))) errors.push('手机号不能为空');
  for (const def of rc.defs) {
    if (!(def.fieldName in customRaw) && def.isRequired !== 1) continue;
    let raw = customRaw[def.fieldName] ?? null;
    // a date column takes serials and more ways of writing a date (what it cannot read keeps its text, for the
    // message); a date cell elsewhere reads as the date it shows
    if (def.fieldType === 4 || def.fieldType === 5) raw = dateOf(raw, sheet.date1904) ?? raw;
    else if (raw instanceof Date) raw = text(raw);
    try {
      const val = parseFieldValue(def, raw, true);
      if (val !== null) v.custom[def.fieldName] = val;
    } catch (e) {
      if (e instanceof FieldError) errors.push(e.message);
      else throw e;
    }
  }
  if (errors.length) return { errors };
  v.searchGrams = searchGrams(v.name, v.company);
  return { values: v, errors };
}

export function ownerLookup(users: OrgUser[], visible: number[] | null): Map<string, number> {
  const m = new Map<string, number>();
  for (const u of users)
    if (u.status === 1 && (visible === null || visible.includes(u.id)) && !m.has(u.realName)) m.set(u.realName, u.id);
  return m;
}
