import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIELD_LABELS } from './fieldLabels';
import { contract } from './index';
import { configureIssueMessages, fieldLabel } from './issueMessages';

z.config(z.locales.zhCN());
configureIssueMessages();

type Schema = z.ZodType & { _zod: { def: Record<string, unknown> } };

/** Every object key of a schema, however deep (inside lists, unions, optional and preprocessed fields). */
function keysOf(schema: Schema | undefined, out = new Set<string>(), depth = 0): Set<string> {
  const def = schema?._zod?.def;
  if (!def || depth > 8) return out;
  const shape = def.shape as Record<string, Schema> | undefined;
  for (const [key, inner] of Object.entries(shape ?? {})) {
    out.add(key);
    keysOf(inner, out, depth + 1);
  }
  const inners = [
    def.innerType,
    def.in,
    def.out,
    def.element,
    def.schema,
    def.valueType,
    ...((def.options as []) ?? []),
  ];
  for (const inner of inners) keysOf(inner as Schema, out, depth + 1);
  return out;
}

const calls = Object.entries(contract).flatMap(([domain, group]) =>
  Object.entries(group as Record<string, { body?: Schema; query?: Schema }>).flatMap(([name, call]) => {
    const schema = call.body ?? call.query;
    return schema ? [{ name: `${domain}.${name}`, schema }] : [];
  }),
);

/** Wrong inputs for a call: nothing, and each key with an empty value, a wrong type, a negative, a huge text, a list. */
function wrongInputs(schema: Schema): unknown[] {
  const wrong = [undefined, null, '', { 甲: 1 }, -1, 1.5, 99_999_999_999, '测'.repeat(20_000), [1], ['测'], true];
  const out: unknown[] = [{}, null, []];
  for (const key of keysOf(schema)) for (const value of wrong) out.push({ [key]: value });
  return out;
}

/**
 * Latin words a Chinese user may read in a message: acronyms (AI, SOP, ID, ASR), date formats, an example address, the names WeCom's own
 * console and FreeSWITCH show (AgentId, Secret, EncodingAESKey) and the regex flags a user types (i、m、s、u). Anything else (a key, a
 * type name, an English option) is a bug.
 */
const ALLOWED =
  /YYYY-MM-DD|HH:mm(:ss)?|\b[A-Z][A-Z0-9]+\b|https?:\/\/[\w./-]*|AgentId|Secret|EncodingAESKey|FreeSWITCH|WebSocket|Token|i、m、s、u/g;

describe('validation messages', () => {
  it('every key of every call has a Chinese label', () => {
    const missing = new Set<string>();
    for (const { schema } of calls) for (const key of keysOf(schema)) if (!FIELD_LABELS[key]) missing.add(key);
    expect([...missing].sort()).toEqual([]);
  });

  it('name the field in Chinese and carry no Latin words', () => {
    const latin = new Map<string, string>();
    let seen = 0;
    for (const { name, schema } of calls)
      for (const input of wrongInputs(schema)) {
        const r = schema.safeParse(input);
        if (r.success) continue;
        for (const issue of r.error.issues) {
          seen++;
          if (/[A-Za-z]/.test(issue.message.replace(ALLOWED, '')))
            latin.set(issue.message, `${name} ${issue.path.join('.')}`);
        }
      }
    expect(seen).toBeGreaterThan(10_000);
    expect(Object.fromEntries(latin)).toEqual({});
  });

  it('say what is wrong with the field, by its label', () => {
    const body = z.object({ deptId: z.number(), name: z.string().max(5), userIds: z.array(z.number()).min(1) });
    const messages = (input: unknown) => body.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ name: 'x', userIds: [1] })).toEqual(['请填写部门']);
    expect(messages({ deptId: 'a', name: 'x', userIds: [1] })).toEqual(['部门格式不正确']);
    expect(messages({ deptId: 1, name: '123456', userIds: [] })).toEqual(['名称最多 5 个字', '请选择用户']);
    expect(fieldLabel(['userIds', 2])).toBe('用户第 3 项');
    expect(fieldLabel(['unknownKey'])).toBe('参数');
  });
});
