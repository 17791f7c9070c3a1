/**
 * Money as people type it and gateways write it (yuan text) ↔ whole fen, with no floating point: '1,234.5' → 123450,
 * 123450 → '1234.50'. Display with separators is fenToYuan (format.ts).
 */

/** Yuan text (up to two decimals, separators allowed) to fen; null when it is not an amount. */
export function yuanToFen(text: string | null | undefined): number | null {
  const m = /^\s*(\d{1,13})(?:\.(\d{0,2}))?\s*$/.exec((text ?? '').replace(/,/g, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Fen to yuan text without separators, two decimals: 123450 → '1234.50'; negative amounts keep their sign. */
export function fenToYuanText(fen: number): string {
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
