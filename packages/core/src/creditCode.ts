/** 统一社会信用代码 (GB 32100-2015): 18 characters, the last a check character over the first 17. */
const CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function isCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  const sum = WEIGHTS.reduce((s, w, i) => s + CHARS.indexOf(code[i]) * w, 0);
  return CHARS[(31 - (sum % 31)) % 31] === code[17];
}
