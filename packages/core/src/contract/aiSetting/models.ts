import { z } from 'zod';
import { idField, intField, nameField, optionalId, optionalText } from '../fields';
import { boolField as bool } from './common';

/** Analysis models: the built-in analyser and OpenAI-compatible endpoints. */

// ---------- analysis models ----------

export const AI_MODEL_KINDS = ['builtin', 'openai'] as const;
export const AiModelKindName = { builtin: '内置分析', openai: 'OpenAI 兼容接口' } as const;

export const AiModel = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(AI_MODEL_KINDS),
  kindName: z.string(),
  baseUrl: z.string().nullable(),
  /** The key is never answered: its first and last characters only, e.g. `sk-****abcd`. */
  apiKeyMasked: z.string().nullable(),
  model: z.string().nullable(),
  timeoutMs: z.number(),
  /** Exactly one model of an organisation is active. */
  active: z.boolean(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AiModel = z.infer<typeof AiModel>;

const baseUrlField = z
  .string({ error: '请输入接口地址' })
  .trim()
  .min(1, '请输入接口地址')
  .max(300, '接口地址最多 300 个字符')
  .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, '接口地址须以 http:// 或 https:// 开头，如 https://api.deepseek.com/v1')
  .transform((v) => v.replace(/\/+$/, ''));
const apiKeyField = optionalText('API 密钥', 300);
const modelNameField = nameField('模型', 100);
const timeoutField = intField('超时时间', 1000, 300_000, ' 毫秒');

export const AiModelInput = z.object({
  name: nameField('模型名称', 30),
  baseUrl: baseUrlField,
  apiKey: apiKeyField,
  model: modelNameField,
  timeoutMs: timeoutField.default(60_000),
  active: bool('是否启用').default(false),
});

/** Blank apiKey keeps the stored key. `active: true` makes this the one model in use; false falls back to built-in. */
export const AiModelUpdate = z.object({
  id: idField('模型'),
  name: nameField('模型名称', 30).optional(),
  baseUrl: baseUrlField.optional(),
  apiKey: apiKeyField,
  model: modelNameField.optional(),
  timeoutMs: timeoutField.optional(),
  active: bool('是否启用').optional(),
});

/** A saved model (id), the form's unsaved values, or a saved model with some values changed in the form. */
export const AiModelTest = z.object({
  id: optionalId('模型'),
  baseUrl: baseUrlField.optional(),
  apiKey: apiKeyField,
  model: modelNameField.optional(),
  timeoutMs: timeoutField.optional(),
});
export const AiModelTestResult = z.object({ ok: z.boolean(), latencyMs: z.number().nullable(), message: z.string() });
