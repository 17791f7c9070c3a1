import { openCustomerDetail } from '../../app/detail';
import { SessionKeys } from '../../app/storageKeys';
import type { ClueFilterInput } from './filters';

/** Session key of the filter of the list a detail was opened from (for previous/next past the loaded page). */
const FILTER_KEY = SessionKeys.detailFilter;

export function saveDetailFilter(filter: ClueFilterInput): void {
  sessionStorage.setItem(FILTER_KEY, JSON.stringify(filter));
}

export function detailFilter(): ClueFilterInput {
  try {
    return JSON.parse(sessionStorage.getItem(FILTER_KEY) ?? '{}') ?? {};
  } catch {
    return {};
  }
}

/** Opens a lead of a list in the detail drawer, remembering the list, its filter, the index and the page. */
export function openFromList(rows: { id: number }[], index: number, pageNum: number, filter: ClueFilterInput): void {
  saveDetailFilter(filter);
  openCustomerDetail({ clueId: rows[index].id, list: rows.map((r) => r.id), index, pageNum });
}
