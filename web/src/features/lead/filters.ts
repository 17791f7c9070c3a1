import type { ClueFilterInput } from '@crm/core/contract/clue';

export type { ClueFilterInput };

import type { DurationDraft } from '../../components/MoreFiltersBar';

export type { DurationDraft };

/** The filter of a lead list as the form holds it. */
export interface ClueFilterDraft {
  keyword?: string;
  type?: 1 | 2;
  ownerIds?: number[];
  deptIds?: number[];
  tagIds?: number[];
  followStatusIds?: number[];
  followPhaseIds?: number[];
  stages?: number[];
  channelSourceIds?: number[];
  callStatus?: number[];
  importWays?: number[];
  lockStatus?: 0 | 1;
  duration?: DurationDraft;
  createTime?: string;
  lastFollowTime?: string;
  nextFollowTime?: string;
  lastCallTime?: string;
  /** Custom field name → option values, text, [min, max] or a date value. */
  custom?: Record<string, unknown>;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
  importRecordId?: number;
}

const emptyValue = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.every((x) => x === null || x === undefined || x === ''));

/** The request body of /organizationClue/list (without paging): empty parts left out. */
export function filterBody(d: ClueFilterDraft): ClueFilterInput {
  const { custom, duration, keyword, ...rest } = d;
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) if (!emptyValue(v)) body[k] = v;
  if (keyword?.trim()) body.keyword = keyword.trim();
  if (duration?.option === 1 && duration.level) body.duration = { option: 1, level: duration.level };
  if (duration?.option === 2 && (duration.min || duration.max))
    body.duration = { option: 2, min: duration.min || null, max: duration.max || null };
  const customFilters = Object.entries(custom ?? {})
    .filter(([, v]) => !emptyValue(v))
    .map(([fieldName, value]) => ({ fieldName, value }));
  if (customFilters.length) body.customFilters = customFilters;
  // the draft's parts are the filter's fields, each kept only when set
  return body as ClueFilterInput;
}

/** How many filters are set (shown on the 更多筛选 button). */
export function filterCount(d: ClueFilterDraft): number {
  const { sortField: _s, sortOrder: _o, customFilters, ...rest } = filterBody(d);
  return Object.keys(rest).length + (customFilters?.length ?? 0);
}

const LIST_KEYS = [
  'ownerIds',
  'deptIds',
  'followStatusIds',
  'stages',
  'channelSourceIds',
  'importWays',
  'callStatus',
] as const;
const DATE_KEYS = ['createTime', 'lastFollowTime', 'lastCallTime'] as const;

/**
 * The filters a link gives in the page's address (a statistic clicked through to the leads behind it):
 * `?ownerIds=3,4&followStatusIds=0&createTime=2026-11-01至2026-11-27&type=2`.
 */
export function draftFromQuery(search: string): ClueFilterDraft {
  const q = new URLSearchParams(search);
  const draft: ClueFilterDraft = {};
  for (const k of LIST_KEYS) {
    const ids = (q.get(k) ?? '')
      .split(',')
      .filter((v) => /^\d+$/.test(v))
      .map(Number);
    if (ids.length) draft[k] = ids;
  }
  for (const k of DATE_KEYS) {
    const v = q.get(k);
    if (v) draft[k] = v;
  }
  const type = Number(q.get('type'));
  if (type === 1 || type === 2) draft.type = type;
  return draft;
}
