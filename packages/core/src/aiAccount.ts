/** The AI account tip of spec part 1 section 4: 1 if isLess is 1; 2 if expiry lies within the next 7 days; else 0. */
export const AI_EXPIRY_WARNING_DAYS = 7;

export interface AiAccount {
  isLess?: number | null;
  /** Expiry as 'YYYY-MM-DD HH:mm:ss' (Shanghai), ISO text or epoch ms. */
  expTime?: string | number | null;
}

export function aiAccountTip(account: AiAccount | null | undefined, now: Date = new Date()): 0 | 1 | 2 {
  if (!account) return 0;
  if (Number(account.isLess) === 1) return 1;
  if (account.expTime === null || account.expTime === undefined || account.expTime === '') return 0;
  const exp =
    typeof account.expTime === 'string' && /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(account.expTime)
      ? new Date(
          `${account.expTime.replace(' ', 'T')}${account.expTime.length === 10 ? 'T00:00:00' : ''}+08:00`,
        ).getTime()
      : new Date(account.expTime).getTime();
  if (Number.isNaN(exp)) return 0;
  const left = exp - now.getTime();
  return left >= 0 && left <= AI_EXPIRY_WARNING_DAYS * 86_400_000 ? 2 : 0;
}
