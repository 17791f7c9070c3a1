/**
 * Phone numbers as stored, compared and searched: one form whatever way the number was typed or pasted.
 *
 * - full-width characters become ASCII (NFKC: `１３８` → `138`, `＋` → `+`, `（）` → `()`, the ideographic space);
 * - spaces, dashes (hyphen, en/em dash, minus sign), dots and parentheses are dropped, as is a leading `'` (the
 *   quote a spreadsheet export puts before `+86 …` so that the cell is not taken for a formula);
 * - a leading country code +86, 0086 or 86 is dropped when what remains is a mainland mobile number
 *   (1[3-9] and nine more digits): `+86 138 0013 8017` and `86-138-0013-8016` → `13800138017`, `13800138016`;
 * - landlines keep their digits: `010-12345678` → `01012345678`; numbers of other countries keep their `+`.
 */

const SEPARATORS = /[\s\-.()\u2010-\u2015\u2212]/g;
const MOBILE_WITH_COUNTRY_CODE = /^(?:\+86|0086|86)(1[3-9]\d{9})$/;
const PARTIAL_MOBILE = /^1(?:[3-9]\d{0,9})?$/;

function clean(text: string): string {
  return text.normalize('NFKC').trim().replace(/^'/, '').replace(SEPARATORS, '');
}

/**
 * The stored form of a phone number (see above). Text that is not a number once the separators are gone (letters,
 * a `+` in the middle…) is returned trimmed but otherwise unchanged, so that the caller's validation rejects it
 * quoting what was typed; empty text gives ''.
 */
export function normalizePhone(text: string): string {
  const t = clean(text);
  if (!/^\+?\d+$/.test(t)) return text.trim();
  return MOBILE_WITH_COUNTRY_CODE.exec(t)?.[1] ?? t;
}

/**
 * What a prefix search over stored numbers looks for when a user types (the start of) a number: the same form as
 * normalizePhone, except that an explicit +86 / 0086 is dropped before the start of a mobile number however short
 * (`+86 138` → `138`). Null when the text is not (part of) a number.
 */
export function phoneSearchText(text: string): string | null {
  const t = clean(text);
  if (!/^\+?\d+$/.test(t)) return null;
  const rest = /^(?:\+|00)86(\d+)$/.exec(t)?.[1];
  if (rest && PARTIAL_MOBILE.test(rest)) return rest;
  return normalizePhone(t);
}
