/** Number input rules of spec part 1 section 5. */
export interface NumberInputRules {
  /** Decimals kept after the point (0: integers only). Default 2. */
  decimals?: number;
  /** Allow a single leading minus. Default true. */
  negative?: boolean;
}

/**
 * Keeps only digits, minus and one decimal point; a single leading minus; at most `decimals` decimals.
 * '-1-2.345a' → '-12.34'.
 */
export function sanitizeNumber(text: string | number | null | undefined, rules: NumberInputRules = {}): string {
  const decimals = rules.decimals ?? 2;
  const negative = rules.negative ?? true;
  const raw = String(text ?? '').replace(/[^\d.-]/g, '');
  const minus = negative && raw.startsWith('-') ? '-' : '';
  let body = raw.replace(/-/g, '');
  const dot = body.indexOf('.');
  if (dot >= 0) {
    const int = body.slice(0, dot);
    const frac = body.slice(dot + 1).replace(/\./g, '');
    body = decimals > 0 ? `${int}.${frac.slice(0, decimals)}` : int;
  }
  return minus + body;
}

/** The number qualifier: coerces the text to a number (null when empty or only a sign or point). */
export function toNumber(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  const t = text.trim();
  if (!t || t === '-' || t === '.' || t === '-.') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** Range check: the value must not be smaller than the minimum nor larger than the maximum. Null when it holds. */
export function rangeMessage(
  value: number | null | undefined,
  min?: number | null,
  max?: number | null,
): string | null {
  if (value === null || value === undefined || Number.isNaN(value)) return null;
  if (min !== null && min !== undefined && value < min) return `数值不能小于${min}`;
  if (max !== null && max !== undefined && value > max) return `数值不能大于${max}`;
  return null;
}
