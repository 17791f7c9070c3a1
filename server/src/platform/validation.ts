import { parseDateTime } from '@crm/core';
import { z } from 'zod';
import { PASSWORD_RULE, PASSWORD_RULE_MSG } from './password';

/**
 * zod fields shared by the administration calls (and reused by the feedback and operation-log modules).
 * The envelope names the field (`deptId：…`); the messages say in Chinese what is wrong.
 */

/** '' and null mean "not given" for optional filters the web sends from cleared form items. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A positive integer id; strings of digits are accepted (select values often arrive as text). */
export const idField = (label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}不正确`)
    .positive(`请选择${label}`);

export const optionalId = (label: string) => z.preprocess(blankToUndefined, idField(label).optional());

export const idList = (label: string) =>
  z
    .array(idField(label), { error: `${label}列表不正确` })
    .min(1, `请选择${label}`)
    .max(500, `${label}一次最多 500 个`);

/** One of a few numeric codes (status 1/2, data scope 1/2/3, …); numeric text is accepted. */
export const codeField = <const T extends readonly [number, ...number[]]>(label: string, values: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.literal(values, { error: `${label}只能是 ${values.join('、')}` }),
  );

/** 1 enabled / 2 disabled, 1 yes / 2 no: the spec's two-valued switches. */
export const switchField = (label: string) => codeField(label, [1, 2] as const);

export const optionalCode = <const T extends readonly [number, ...number[]]>(label: string, values: T) =>
  z.preprocess(blankToUndefined, codeField(label, values).optional());

export const keywordField = z.preprocess(
  blankToUndefined,
  z.string().trim().max(50, '搜索关键词最多 50 个字').optional(),
);

export const phoneField = z
  .string()
  .trim()
  .regex(/^1\d{10}$/, '请输入正确的 11 位手机号');
export const usernameField = z
  .string({ error: '请输入登录账号' })
  .trim()
  .regex(/^[A-Za-z0-9_@.-]{4,32}$/, '登录账号为 4-32 位字母、数字或 _@.-');
export const passwordField = z.string({ error: '请输入密码' }).regex(PASSWORD_RULE, PASSWORD_RULE_MSG);

export const nameField = (label: string, max = 50) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}最多 ${max} 个字`);

export const optionalText = (label: string, max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `${label}最多 ${max} 个字`).optional());

export const sortNoField = z.coerce
  .number({ error: '排序号不正确' })
  .int('排序号须为整数')
  .min(0, '排序号不能小于 0')
  .max(99999, '排序号不能大于 99999');

/** `YYYY-MM-DD HH:mm:ss` (Shanghai) → Date; a date alone is accepted as its midnight. */
export const dateTimeField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .refine((v) => parseDateTime(v) !== null, '时间格式应为 YYYY-MM-DD HH:mm:ss')
    .transform((v) => parseDateTime(v)!)
    .optional(),
);

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
