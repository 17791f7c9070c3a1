import {
  HIT_KINDS,
  type HitKind,
  MAX_WORD_LENGTH,
  MAX_WORDS_PER_LIST,
  REGEX_COMPILE_ERROR,
} from '@crm/core/contract/quality';
import type { ApiError } from '../../api/errors';

/** The pure helpers of the quality-inspection tabs: word lists typed in a box, the regex try-out, server errors. */

/** The words of a list as typed: one per line or separated by commas, 、 or semicolons; trimmed, blanks and repeats dropped. */
export function parseWords(text: string | undefined): string[] {
  const words = (text ?? '')
    .split(/[\n\r,，、;；]+/)
    .map((w) => w.trim())
    .filter((w) => w !== '');
  return [...new Set(words)];
}

/** What is wrong with a list's words (the server's limits, in its words), or null. */
export function wordsProblem(words: string[]): string | null {
  if (!words.length) return '请输入违禁词';
  const long = words.find((w) => w.length > MAX_WORD_LENGTH);
  if (long) return `「${long}」超过 ${MAX_WORD_LENGTH} 个字：每个违禁词最多 ${MAX_WORD_LENGTH} 个字`;
  if (words.length > MAX_WORDS_PER_LIST) return `一个词库最多 ${MAX_WORDS_PER_LIST} 个违禁词，现有 ${words.length} 个`;
  return null;
}

export interface PatternMatch {
  text: string;
  index: number;
}

/** At most this many matches are listed by the try-out. */
export const MAX_TRY_MATCHES = 50;

/**
 * The try-out of a regex rule in the browser: the pattern's matches in `sample` (empty matches skipped), or why it
 * does not compile, in the words of the server's refusal.
 */
export function tryPattern(
  pattern: string | undefined,
  flags: string,
  sample: string,
): { error: string } | { matches: PatternMatch[] } {
  if (!pattern?.trim()) return { error: '请输入正则表达式' };
  let re: RegExp;
  try {
    re = new RegExp(pattern, [...new Set(`${flags}g`)].join(''));
  } catch (e) {
    return { error: `${REGEX_COMPILE_ERROR}${(e as Error).message}` };
  }
  const matches: PatternMatch[] = [];
  for (const m of sample.matchAll(re)) {
    if (m[0]) matches.push({ text: m[0], index: m.index ?? 0 });
    if (matches.length >= MAX_TRY_MATCHES) break;
  }
  return { matches };
}

/** A text cut where `marks` (spans) fall: the pieces in order, the marked ones flagged. */
export function markSpans(text: string, marks: PatternMatch[]): { text: string; marked: boolean }[] {
  const out: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const m of [...marks].sort((a, b) => a.index - b.index)) {
    if (m.index < at || !m.text) continue;
    if (m.index > at) out.push({ text: text.slice(at, m.index), marked: false });
    out.push({ text: text.slice(m.index, m.index + m.text.length), marked: true });
    at = m.index + m.text.length;
  }
  if (at < text.length) out.push({ text: text.slice(at), marked: false });
  return out;
}

/** Every place `words` (as said) occurs in `sentence`: what the hit list marks in the sentence. */
export function occurrences(sentence: string, words: string): PatternMatch[] {
  if (!words) return [];
  const out: PatternMatch[] = [];
  for (let i = sentence.indexOf(words); i >= 0; i = sentence.indexOf(words, i + words.length))
    out.push({ text: words, index: i });
  return out;
}

/**
 * A refused save as messages on the form's fields: the server's validation names its field (`data.errors`); a
 * pattern refused by the server's own checks and a name already taken are put on their fields too. Null when the
 * error belongs to no field (the page shows it as a message).
 */
export function fieldErrorsOf(
  error: Pick<ApiError, 'msg' | 'data'>,
  fields: readonly string[],
): { name: string; errors: string[] }[] | null {
  const listed = (error.data as { errors?: { field?: string; message?: string }[] } | null)?.errors ?? [];
  const found = new Map<string, string[]>();
  for (const e of listed) {
    // an item of a list field (words.3) is told on the list's field
    const field = e.field?.split('.')[0];
    if (!field || !fields.includes(field)) continue;
    found.set(field, [...(found.get(field) ?? []), e.message ?? error.msg]);
  }
  if (!found.size) {
    if (fields.includes('pattern') && /^(正则表达式|pattern：)/.test(error.msg))
      found.set('pattern', [error.msg.replace(/^pattern：/, '')]);
    else if (fields.includes('name') && error.msg.includes('名称已存在')) found.set('name', [error.msg]);
  }
  return found.size ? [...found].map(([name, errors]) => ({ name, errors })) : null;
}

/** The rule select of the hit filters: a value names a kind and a rule, `prohibition:3`, or a kind alone. */
export const ruleValue = (kind: HitKind, id?: number) => (id ? `${kind}:${id}` : kind);

export function parseRuleValue(value: string | undefined): { kind?: HitKind; ruleId?: number } {
  if (!value) return {};
  const [kind, id] = value.split(':');
  if (!(HIT_KINDS as readonly string[]).includes(kind)) return {};
  if (id === undefined) return { kind: kind as HitKind };
  return Number(id) > 0 ? { kind: kind as HitKind, ruleId: Number(id) } : {};
}

/** What the hit list's filter bar holds: the rule select's value, the date picker's text and its range. */
export interface HitDraft {
  rule?: string;
  word?: string;
  ownerUserId?: number;
  deptId?: number;
  date?: string | null;
  startTime?: string;
  endTime?: string;
}

export interface HitFilters extends Record<string, unknown> {
  kind?: HitKind;
  ruleId?: number;
  word?: string;
  ownerUserId?: number;
  deptId?: number;
  startTime?: string;
  endTime?: string;
}

/** The filters of callProhibitionPage / callProhibitionCount from the bar (unset ones left out). */
export function hitFilters(d: HitDraft): HitFilters {
  const all: HitFilters = {
    ...parseRuleValue(d.rule),
    word: d.word?.trim() || undefined,
    ownerUserId: d.ownerUserId,
    deptId: d.deptId,
    startTime: d.date ? d.startTime : undefined,
    endTime: d.date ? d.endTime : undefined,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined && v !== null)) as HitFilters;
}

/** How the per-word counts are labelled: the word, and its list or rule where the same word is counted for several. */
export function wordCountLabels(byWord: { word: string; ruleName: string }[]): string[] {
  const seen = new Map<string, number>();
  for (const w of byWord) seen.set(w.word, (seen.get(w.word) ?? 0) + 1);
  return byWord.map((w) => ((seen.get(w.word) ?? 0) > 1 ? `${w.word}（${w.ruleName}）` : w.word));
}
