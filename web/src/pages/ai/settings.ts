/** The pure helpers of the AI settings tabs. */

/** Why a pattern would not compile in the browser's engine (the server's is the same), or null. */
export function regexError(pattern: string, flags: string): string | null {
  if (!pattern) return '请输入正则表达式';
  try {
    new RegExp(pattern, flags);
    return null;
  } catch (e) {
    return `正则表达式无效：${(e as Error).message}`;
  }
}

/** Words typed in the box: split by commas, spaces or new lines, blanks dropped. */
export const splitWords = (text: string) =>
  text
    .split(/[\s,，、;；]+/)
    .map((w) => w.trim())
    .filter(Boolean);

/** Yuan typed in a form as fen (two decimals at most). */
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);
