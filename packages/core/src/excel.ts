/** Spreadsheet checks of spec part 1 section 5. */
export const FOLLOW_PERSON_HEADER = '跟进人';

/**
 * The Excel follow-up-person header check: a header cell shorter than 20 characters must match the follow-up
 * person header (a leading * of a required column and spaces are ignored).
 */
export function isFollowPersonHeader(cell: unknown): boolean {
  if (typeof cell !== 'string' && typeof cell !== 'number') return false;
  const text = String(cell);
  if (text.length >= 20) return false;
  return text.replace(/\s+/g, '').replace(/^\*/, '') === FOLLOW_PERSON_HEADER;
}

/** Sheet-name rules; returns the problem in Chinese, or null for a valid name. */
export function sheetNameError(name: string | null | undefined): string | null {
  if (!name?.trim()) return '工作表名称不能为空';
  if (name.length > 31) return '工作表名称不能超过31个字符';
  if (name.startsWith("'") || name.endsWith("'")) return '工作表名称不能以单引号开头或结尾';
  if (name.toLowerCase() === 'history') return '工作表名称不能为 History';
  if (/[:\\/?*[\]]/.test(name)) return '工作表名称不能包含 : \\ / ? * [ ]';
  return null;
}
