import { parseDateTime, phoneSearchText } from '@crm/core';
import { FIELD_LABELS } from '@crm/core/contract';
import type {
  ClueFilter as ClueFilterSchema,
  DateFilter as DateFilterSchema,
  SORT_FIELDS as SORT_FIELD_NAMES,
} from '@crm/core/contract/clue';
import { resolveDateValue } from '@crm/core/dateRange';
import { durationRange } from '@crm/core/durationFilter';
import { type AnyColumn, and, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors';
import { anyOf, scoped, unscoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import type { FieldDef } from '../clueField';
import { clue } from './schema';

/** A date filter: a preset label (今天, 近7天, 超时 …), a range text with 至, or [start, end] datetimes. */
export type DateFilter = z.output<typeof DateFilterSchema>;

type CustomFilter = NonNullable<ClueFilter['customFilters']>[number];

/** The filter of a lead list as the contract has it, and what the server adds before it becomes SQL. */
export type ClueFilter = z.output<typeof ClueFilterSchema> & {
  /** Owners in the chosen departments and below (deptIds, resolved first). */
  deptUserIds?: number[];
  /** Leads whose further numbers equal the searched number (looked up first, see phoneSearchTerm). */
  extraPhoneIds?: number[];
  /** Restrict to these ids (previous/next in a selection). */
  ids?: number[];
  /** The blacklist (clueReader) instead of the leads off it. */
  blacklisted?: boolean;
  /** 1 the public sea; 2 (default) the leads with an owner. */
  isInSea?: 1 | 2;
  /** The sea: the pools to list (the caller passes those the session may see). */
  poolIds?: number[];
  /** The sea: customer sea types (1 not followed, 2 not dialled, 3 dialled, 4 departed-employee data), any of. */
  seaTypes?: number[];
};

/** A customer sea type as a condition. */
const SEA_TYPE: Record<number, SQL> = {
  1: sql`${clue.lastFollowTime} is null`,
  2: sql`${clue.callCount} = 0`,
  3: sql`${clue.callCount} > 0`,
  4: sql`${clue.seaEntryType} = 2`,
};

/**
 * The leads of the session: its organisation, live rows (or, `deleted`, the recycle bin's), and its data scope on
 * the owner, which a collaborator on a lead also passes (`collaborating`: false leaves that rule out when the user
 * collaborates on nothing, so that the plain owner test lets the owner-leading indexes serve sorted pages).
 */
export function clueScope(s: Session, opts: { collaborating?: boolean; deleted?: boolean } = {}): SQL {
  const where = scoped(s, clue, {
    owner: clue.ownerId,
    orWhere: opts.collaborating === false ? undefined : collaboratorRule(s),
    deleted: opts.deleted,
  });
  return opts.deleted ? and(where, isNotNull(clue.deletedAt))! : where;
}

/** A collaborator on a lead sees it whatever its owner. */
const collaboratorRule = (s: Session): SQL =>
  sql`(${clue.collaboratorIds} <> '{}'::int[] and ${clue.collaboratorIds} && ${arr([s.userId])})`;

/**
 * The organisation's leads, whoever owns them: for the work done on behalf of the organisation without a session
 * (the import job, the calls of other modules, duplicate rules). `scoped` reads only `orgId` and `visibleUserIds`.
 */
export function orgClues(orgId: number, opts: { deleted?: boolean } = {}): SQL {
  return scoped(unscoped(orgId, 'work on behalf of the organisation, whoever owns the lead'), clue, {
    deleted: opts.deleted,
  });
}

/** The number a keyword searches for (normalised as stored), when it is (the start of) one of 3 digits or more. */
function keywordPhone(keyword: string | undefined): string | null {
  const p = keyword?.trim() ? phoneSearchText(keyword) : null;
  return p && /^\+?\d{3,}$/.test(p) ? p : null;
}

/** The number the phone filter searches for (normalised as stored; other text as typed); null when empty. */
function filterPhone(phone: string | undefined): string | null {
  const t = phone?.trim();
  return t ? (phoneSearchText(t) ?? t) : null;
}

/** The number a phone search looks for (keyword of digits, or the phone filter); null when it is not one. */
export function phoneSearchTerm(f: ClueFilter): string | null {
  return keywordPhone(f.keyword) ?? filterPhone(f.phone);
}

/**
 * Main number by prefix, or one of the leads found beforehand by a further number. Kept apart so that the planner
 * estimates the prefix on the phone index alone (an OR with the array test made it scan the whole table).
 */
function phoneCondition(p: string, extraIds: number[] | undefined): SQL {
  // likePattern without its leading %: the escaped number as a prefix
  const prefix = sql`${clue.phone} like ${likePattern(p).slice(1)}`;
  return extraIds?.length ? sql`(${prefix} or ${clue.id} = any(${arr(extraIds)}))` : prefix;
}

export const SORT_FIELDS: Record<(typeof SORT_FIELD_NAMES)[number], AnyColumn> = {
  id: clue.id,
  createdAt: clue.id,
  updatedAt: clue.updatedAt,
  nextFollowTime: clue.nextFollowTime,
  lastFollowTime: clue.lastFollowTime,
  lastCallTime: clue.lastCallTime,
};
export type SortField = keyof typeof SORT_FIELDS;

/** 1- and 2-character grams of name and company, lower-cased: what the keyword index holds. */
export function searchGrams(...texts: (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const t of texts) {
    const chars = [...(t ?? '').toLowerCase().replace(/\s+/g, '')];
    for (let i = 0; i < chars.length; i++) {
      out.add(chars[i]);
      if (i + 1 < chars.length) out.add(chars[i] + chars[i + 1]);
    }
  }
  return [...out];
}

/** The grams a keyword must all be among: its bigrams (or the single character). */
function keywordGrams(kw: string): string[] {
  const chars = [...kw.toLowerCase().replace(/\s+/g, '')];
  if (chars.length === 1) return chars;
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i] + chars[i + 1]);
  return [...out];
}

const arr = (xs: number[]) => sql`${sql.param(xs)}::int[]`;

function dateRange(value: DateFilter | undefined, label: string): [Date | null, Date | null] | null {
  if (!value) return null;
  let pair: [string | null, string | null] | null;
  if (typeof value === 'string') {
    pair = resolveDateValue(value);
    if (!pair) throw badRequest(`${label}：${FIELD_LABELS[label] ?? '日期'}格式不正确`);
  } else pair = value;
  const [a, b] = pair.map((v) => (v ? parseDateTime(v.length === 10 ? v : v) : null));
  if ((pair[0] && !a) || (pair[1] && !b)) throw badRequest(`${label}：${FIELD_LABELS[label] ?? '日期'}格式不正确`);
  const end = b && pair[1]?.length === 10 ? new Date(b.getTime() + 86_399_000) : b;
  return [a, end];
}

function range(col: SQL | AnyColumn, r: [Date | null, Date | null] | null): SQL[] {
  if (!r) return [];
  const out: SQL[] = [];
  if (r[0]) out.push(sql`${col} >= ${r[0]}`);
  if (r[1]) out.push(sql`${col} <= ${r[1]}`);
  return out;
}

/** WHERE conditions of a lead list: the session's leads (clueScope), then the filter. */
export function listConditions(s: Session, f: ClueFilter, defs: FieldDef[], collaborating = true): SQL[] {
  // sea leads have no owner: the pools the caller passes decide what the session sees
  const c: SQL[] = [f.isInSea === 1 ? orgClues(s.orgId) : clueScope(s, { collaborating })];
  c.push(sql`${clue.blacklisted} = ${f.blacklisted ?? false}`);
  c.push(sql`${clue.isInSea} = ${f.isInSea ?? 2}`);
  if (f.poolIds) c.push(anyOf(clue.poolId, f.poolIds));
  const seaTypes = (f.seaTypes ?? []).map((t) => SEA_TYPE[t]).filter(Boolean);
  if (seaTypes.length) c.push(sql`(${sql.join(seaTypes, sql` or `)})`);
  if (f.type) c.push(sql`${clue.type} = ${f.type}`);
  const kw = f.keyword?.trim();
  if (kw) {
    const p = keywordPhone(kw);
    if (p) c.push(phoneCondition(p, f.extraPhoneIds));
    else {
      c.push(sql`${clue.searchGrams} @> ${sql.param(keywordGrams(kw))}::text[]`);
      c.push(sql`(${clue.name} ilike ${likePattern(kw)} or ${clue.company} ilike ${likePattern(kw)})`);
    }
  }
  if (f.name?.trim()) {
    c.push(sql`${clue.searchGrams} @> ${sql.param(keywordGrams(f.name.trim()))}::text[]`);
    c.push(sql`${clue.name} ilike ${likePattern(f.name.trim())}`);
  }
  if (f.company?.trim()) {
    c.push(sql`${clue.searchGrams} @> ${sql.param(keywordGrams(f.company.trim()))}::text[]`);
    c.push(sql`${clue.company} ilike ${likePattern(f.company.trim())}`);
  }
  const phone = filterPhone(f.phone);
  if (phone) c.push(phoneCondition(phone, f.extraPhoneIds));
  const inList = (col: SQL | AnyColumn, xs: number[] | undefined) => {
    if (xs?.length) c.push(anyOf(col, xs));
  };
  inList(clue.ownerId, f.ownerIds);
  if (f.deptUserIds) c.push(f.deptUserIds.length ? anyOf(clue.ownerId, f.deptUserIds) : sql`false`);
  inList(clue.channelSourceId, f.channelSourceIds);
  inList(clue.importWay, f.importWays);
  inList(clue.callStatus, f.callStatus);
  inList(clue.stage, f.stages);
  inList(clue.followStatusId, f.followStatusIds);
  inList(clue.followPhaseId, f.followPhaseIds);
  inList(clue.receiveType, f.receiveTypes);
  inList(clue.voiceprint, f.voiceprint);
  inList(clue.id, f.ids);
  if (f.tagIds?.length) c.push(sql`${clue.tagIds} && ${arr(f.tagIds)}`);
  if (f.lockStatus !== undefined) c.push(sql`${clue.lockStatus} = ${f.lockStatus}`);
  if (f.risk) c.push(sql`${clue.risk} = ${f.risk}`);
  if (f.gender) c.push(sql`${clue.gender} = ${f.gender}`);
  if (f.provinceCode) c.push(sql`${clue.provinceCode} = ${f.provinceCode}`);
  if (f.cityCode) c.push(sql`${clue.cityCode} = ${f.cityCode}`);
  if (f.districtCode) c.push(sql`${clue.districtCode} = ${f.districtCode}`);
  if (f.sign) c.push(sql`${clue.sign} = ${f.sign}`);
  if (f.importRecordId) c.push(sql`${clue.importRecordId} = ${f.importRecordId}`);
  c.push(...range(clue.createdAt, dateRange(f.createTime, 'createTime')));
  c.push(...range(clue.updatedAt, dateRange(f.updateTime, 'updateTime')));
  c.push(...range(clue.lastFollowTime, dateRange(f.lastFollowTime, 'lastFollowTime')));
  c.push(...range(clue.nextFollowTime, dateRange(f.nextFollowTime, 'nextFollowTime')));
  c.push(...range(clue.lastCallTime, dateRange(f.lastCallTime, 'lastCallTime')));
  c.push(...range(clue.turnCustomerTime, dateRange(f.turnCustomerTime, 'turnCustomerTime')));
  if (f.duration) {
    const d = durationRange(f.duration);
    if (d.min !== null) c.push(sql`${clue.lastCallDuration} >= ${d.min}`);
    if (d.max !== null) c.push(sql`${clue.lastCallDuration} <= ${d.max}`);
  }
  for (const cf of f.customFilters ?? []) c.push(customCondition(cf, defs));
  return c;
}

function customCondition(cf: CustomFilter, defs: FieldDef[]): SQL {
  const def = defs.find((d) => d.fieldName === cf.fieldName);
  if (!def) throw badRequest(`customFilters：自定义字段不存在：${cf.fieldName}`);
  const v = cf.value;
  const text = sql`(${clue.custom} ->> ${def.fieldName})`;
  switch (def.fieldType) {
    case 6:
    case 7:
    case 8: {
      const xs = (Array.isArray(v) ? v : [v]).filter((x) => x !== null && x !== undefined && x !== '').map(String);
      if (!xs.length) return sql`true`; // nothing chosen: no condition
      // containment tests, answered by the clue_custom_gin index
      const has = (value: unknown) => sql`${clue.custom} @> ${JSON.stringify({ [def.fieldName]: value })}::jsonb`;
      // a cascade path starts with the chosen path: containment finds the candidates, the positions make it a prefix
      // (a value may repeat at another level: 北京/朝阳 and 上海/北京路)
      if (def.fieldType === 8)
        return sql.join(
          [has(xs), ...xs.map((x, i) => sql`(${clue.custom} -> ${def.fieldName} ->> ${sql.raw(String(i))}) = ${x}`)],
          sql` and `,
        );
      // any of the chosen options
      return sql`(${sql.join(
        xs.map((x) => has(def.fieldType === 7 ? [x] : x)),
        sql` or `,
      )})`;
    }
    case 3: {
      const [min, max] = Array.isArray(v) ? v : [v, v];
      const parts: SQL[] = [sql`jsonb_typeof(${clue.custom} -> ${def.fieldName}) = 'number'`];
      if (min !== null && min !== undefined && min !== '') parts.push(sql`(${text})::numeric >= ${Number(min)}`);
      if (max !== null && max !== undefined && max !== '') parts.push(sql`(${text})::numeric <= ${Number(max)}`);
      return sql.join(parts, sql` and `);
    }
    case 4:
    case 5: {
      const [a, b] =
        typeof v === 'string' ? (resolveDateValue(v) ?? [null, null]) : Array.isArray(v) ? v : [null, null];
      const parts: SQL[] = [sql`${text} is not null`];
      if (a) parts.push(sql`${text} >= ${def.fieldType === 4 ? String(a).slice(0, 10) : String(a)}`);
      if (b) parts.push(sql`${text} <= ${def.fieldType === 4 ? String(b).slice(0, 10) : String(b)}`);
      return sql.join(parts, sql` and `);
    }
    default:
      return sql`${text} ilike ${likePattern(String(v ?? ''))}`;
  }
}

/** Index direction of each sort column: nextFollowTime ascending, the others descending, nulls last. */
const NATURAL: Partial<Record<SortField, 'asc' | 'desc'>> = { nextFollowTime: 'asc' };

/**
 * ORDER BY of a list: the chosen sort with the id as tie-breaker. It matches the column's partial index scanned
 * forwards (natural direction, nulls last) or backwards (the other direction, nulls first).
 */
export function orderBy(field: SortField = 'id', order: 'asc' | 'desc' = 'desc'): SQL {
  const col = SORT_FIELDS[field] ?? clue.id;
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  if (col === clue.id) return sql`${clue.id} ${dir}`;
  const natural = (NATURAL[field] ?? 'desc') === order;
  return sql`${col} ${dir} ${natural ? sql`nulls last` : sql`nulls first`}, ${clue.id} ${dir}`;
}
