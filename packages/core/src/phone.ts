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

const MOBILE = /^1[3-9]\d{9}$/;
/** 0 + area code + local number: 010 and 02x are followed by 8 digits, the other (4-digit) area codes by 7 or 8. */
const LANDLINE = /^0(?:[12]\d\d{8}|[3-9]\d{2}\d{7,8})$/;
const SERVICE = /^[48]00\d{7}$/;
/** A +86 number that is not a mobile (a landline without its leading 0), or another country's (E.164: 8-15 digits). */
const CHINA_LANDLINE = /^\+86(?:[12]\d\d{8}|[3-9]\d{2}\d{7,8})$/;
const INTERNATIONAL = /^\+(?!86)[1-9]\d{6,14}$/;

/** The kinds of numbers a lead may have; the messages below say them in these words. */
export const PHONE_KINDS = '手机号（11 位）、带区号的固定电话、400/800 号码或以 + 开头的国际号码';

/**
 * Why a phone number (as typed, any separators) cannot be dialled, in Chinese, or null when it is a dialable number:
 * a mainland mobile (1[3-9] and nine more digits), a landline with its area code (010-12345678, 0571-8888666), a
 * 400/800 number (10 digits) or an international number with + and its country code. Empty text is not judged
 * (null): whether a number is required is the caller's rule.
 */
export function phoneProblem(text: string): string | null {
  const raw = text.trim();
  if (!raw) return null;
  const p = normalizePhone(raw);
  if (!/^\+?\d+$/.test(p)) return `“${raw}”不是电话号码：只能有数字，国际号码以 + 开头`;
  if (MOBILE.test(p) || LANDLINE.test(p) || SERVICE.test(p) || CHINA_LANDLINE.test(p) || INTERNATIONAL.test(p))
    return null;
  if (p.startsWith('+')) return `国际号码“${raw}”不正确：应为 + 国家代码和号码，共 8–15 位数字`;
  if (p.startsWith('1')) {
    if (p.length !== 11) return `手机号“${raw}”应为 11 位数字（现为 ${p.length} 位）`;
    return `手机号“${raw}”不正确：应以 13–19 开头`;
  }
  if (/^[48]00/.test(p)) return `400/800 号码“${raw}”应为 10 位数字（现为 ${p.length} 位）`;
  if (p.startsWith('0')) return `固定电话“${raw}”不正确：应为区号加 7–8 位号码，如 010-12345678`;
  if (p.length === 7 || p.length === 8) return `固定电话“${raw}”缺少区号，如 010-12345678`;
  return `“${raw}”不是有效的电话号码：应为${PHONE_KINDS}`;
}

/** True for a number phoneProblem accepts (after normalizePhone: the stored form). */
export function isDialable(text: string): boolean {
  return text.trim() !== '' && phoneProblem(text) === null;
}
