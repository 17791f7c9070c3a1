import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../codes';
import { PASSWORD_RULE, PASSWORD_RULE_MSG } from '../password';
import { parseDateTime } from '../time';
// the Chinese messages of issues without one of their own, for every contract file (they all import this one)
import './issueMessages';

/**
 * The zod fields that calls are written with, on the server (validation) and in the web (forms, types).
 * The envelope names the field (`deptId：…`); the messages say in Chinese what is wrong.
 */

/** '' and null mean "not given" for optional filters the web sends from cleared form items. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * Text of a number (query strings, form fields, select values) becomes that number, blank text "not given";
 * anything else is left to the schema, so that a JSON `true` or `[5]` is refused instead of read as 1 or 5
 * (which z.coerce would do).
 */
export function numericText(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return undefined;
  return NUMERIC_TEXT.test(v) ? Number(v) : v;
}

/** A number schema that also takes the text of a number (see numericText). */
export const num = <T extends z.ZodType>(schema: T) => z.preprocess(numericText, schema);

/** The largest value of a PostgreSQL integer column: ids and counts above it are refused, not sent to the database. */
export const INT4_MAX = 2_147_483_647;

/**
 * A positive integer id within what the column holds; strings of digits are accepted (select values often arrive as
 * text). `says` keeps the messages a call has always answered.
 */
export const idField = (label: string, says: { missing?: string; invalid?: string } = {}) =>
  num(
    z
      .number({ error: says.missing ?? `${label}不正确` })
      .int(says.invalid ?? `${label}不正确`)
      .positive(says.invalid ?? `请选择${label}`)
      .max(INT4_MAX, says.invalid ?? `${label}不正确`),
  );

/**
 * The organisation an operator call acts on (calls marked `operator: true`): the operator names it, as an
 * organisation's session never does (its own organisation comes from the session).
 */
export const operatorTarget = { organizationId: idField('机构', { missing: '请选择机构' }) };

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

/** A whole number from `min` to `max`; the messages name the field and give the bounds with their unit (' 秒'). */
export const intField = (label: string, min: number, max: number, unit = '') =>
  num(
    z
      .number()
      .int(`${label}须为整数`)
      .min(min, `${label}不能小于 ${min}${unit}`)
      .max(max, `${label}不能大于 ${max}${unit}`),
  );

export const sortNoField = num(
  z
    .number({ error: '排序号不正确' })
    .int('排序号须为整数')
    .min(0, '排序号不能小于 0')
    .max(99999, '排序号不能大于 99999'),
);

/** `YYYY-MM-DD HH:mm:ss` (Shanghai) → Date; a date alone is accepted as its midnight. */
export const dateTimeField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .refine((v) => parseDateTime(v) !== null, '时间格式应为 YYYY-MM-DD HH:mm:ss')
    .transform((v) => parseDateTime(v)!)
    .optional(),
);

/**
 * Free text an update call may clear (remark, description…): absent → undefined (unchanged), '' or null (or
 * blanks only) → null (cleared), else the trimmed text. `optionalText` stays for creates and filters.
 */
export const clearableText = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: `${label}须为文本` })
      .trim()
      .max(max, `${label}最多 ${max} 个字`)
      .nullable()
      .optional(),
  );

/** `{ pageNum, pageSize }` of every list request: pageNum from 1, pageSize one of 10, 20, 50, 100. */
export const pageQuery = {
  pageNum: num(
    z.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码最小为 1').max(INT4_MAX, '页码过大').default(1),
  ),
  pageSize: num(
    z
      .literal(PAGE_SIZES, { error: '每页条数只能是 10、20、50、100' })
      .default(DEFAULT_PAGE_SIZE as (typeof PAGE_SIZES)[number]),
  ),
};
export const PageRequest = z.object(pageQuery);
/** A page of a list searched by one keyword (roles, positions). */
export const KeywordPage = z.object({ ...pageQuery, keyword: keywordField });
export type PageRequest = z.infer<typeof PageRequest>;

/** The answer of a list call: one page of rows and the total (`Page<T>` of codes.ts, as a schema). */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ lists: z.array(row), total: z.number(), pageNum: z.number(), pageSize: z.number() });
