/**
 * Regular expressions shared by every compiled rule, and their results remembered per sentence. Rules are usually
 * copied from one template (the standard rule, a department's rule), so many rules hold the same patterns: each
 * distinct pattern then runs once per sentence, however many rules hold it.
 */

const interned = new Map<string, RegExp>();
/** Past this many distinct patterns the table starts again (rules compiled earlier keep their own objects). */
const MAX_INTERNED = 5000;

/** The one RegExp of a source and flags (throws like `new RegExp` on a pattern that does not compile). */
export function internRegExp(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let re = interned.get(key);
  if (!re) {
    re = new RegExp(source, flags);
    if (interned.size >= MAX_INTERNED) interned.clear();
    interned.set(key, re);
  }
  return re;
}

export interface FirstMatch {
  index: number;
  text: string;
}

/** Results of the patterns already run on one text. */
export type MatchMemo = Map<RegExp, FirstMatch | null>;

/** The first non-empty match of a pattern without the g or y flag in a text, from the memo when it ran before. */
export function firstMatch(re: RegExp, text: string, memo: MatchMemo): FirstMatch | null {
  let found = memo.get(re);
  if (found === undefined) {
    const m = re.exec(text);
    found = m?.[0] ? { index: m.index, text: m[0] } : null;
    memo.set(re, found);
  }
  return found;
}
