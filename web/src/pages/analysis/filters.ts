import { resolveDateValue } from '@crm/core';
import type { CallAnalysisFilter } from '@crm/core/contract/analysis';
import type { DurationDraft } from '../../components/MoreFiltersBar';

/** What the filter bar of /main/callAnalysis holds; `analysisFilterBody` turns it into the list's request. */
export interface AnalysisFilterDraft {
  intention?: number[];
  aiLabels?: number[];
  callTags?: number[];
  /** 1 with a violation, 2 without. */
  hasViolation?: 1 | 2;
  violationRule?: string;
  flags?: number[];
  keyword?: string;
  customTagIds?: number[];
  churnRiskMin?: number | null;
  /** 1 risk, 2 no risk. */
  risk?: 1 | 2;
  ownerUserIds?: number[];
  deptId?: number;
  /** A date preset label (今天, 近7天 …) or 'YYYY-MM-DD至YYYY-MM-DD'. */
  callDate?: string;
  /** Option 1: a level 0-7; option 2: a custom range in seconds (a trailing unit is stripped by the server). */
  duration?: DurationDraft;
  source?: number[];
  callType?: number[];
  analysisStatus?: number[];
}

/** The list's request body (without paging). */
export type AnalysisFilterBody = Omit<Partial<CallAnalysisFilter>, 'pageNum' | 'pageSize'>;

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The request body of callAnalysisPageList from the draft: empty parts left out, the date preset resolved to
 * startTime / endTime (now: a preset such as 今天 means the day it is applied), the duration as a level or a range.
 */
export function analysisFilterBody(d: AnalysisFilterDraft, now: Date = new Date()): AnalysisFilterBody {
  const { callDate, duration, keyword, violationRule, ...rest } = d;
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) if (!blank(v)) body[k] = v;
  if (keyword?.trim()) body.keyword = keyword.trim();
  if (violationRule?.trim()) body.violationRule = violationRule.trim();
  const range = callDate ? resolveDateValue(callDate, now) : null;
  if (range) [body.startTime, body.endTime] = range;
  if (duration?.option === 1 && duration.level) body.durationLevel = duration.level;
  if (duration?.option === 2) {
    if (duration.min?.trim()) body.durationMin = duration.min.trim();
    if (duration.max?.trim()) body.durationMax = duration.max.trim();
  }
  return body as AnalysisFilterBody;
}

/** How many filters of the expanded part are set (the 更多筛选 badge). */
export function moreFilterCount(d: AnalysisFilterDraft): number {
  const { intention: _i, keyword: _k, callDate: _c, ...rest } = d;
  const body = analysisFilterBody(rest);
  const durationKeys = ['durationLevel', 'durationMin', 'durationMax'];
  const keys = Object.keys(body);
  return keys.filter((k) => !durationKeys.includes(k)).length + (keys.some((k) => durationKeys.includes(k)) ? 1 : 0);
}
