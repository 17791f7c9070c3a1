/** Server-side helpers of validation; the fields themselves are the contract's (@crm/core/contract). */
export * from '@crm/core/contract/fields';

/** Escapes % and _ for ILIKE patterns: a keyword is matched literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** True for PostgreSQL unique violations (drizzle wraps the driver error in `cause`). */
export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const src = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  return src ? (src.constraint ?? '') : null;
}
