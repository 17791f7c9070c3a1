import { z } from 'zod';
import {
  clearableText,
  idField,
  idList,
  keywordField,
  nameField,
  optionalId,
  optionalText,
  pageQuery,
  sortNoField,
} from '../fields';
import { boolField as bool, wordList } from './common';

/** AI tags and tag groups, AI fields, and which parts of an analysis show. */

// ---------- AI tags and tag groups ----------

export const AI_TAG_SPEAKERS = ['agent', 'customer', 'any'] as const;
export type AiTagSpeaker = (typeof AI_TAG_SPEAKERS)[number];
export const AiTagSpeakerName: Record<AiTagSpeaker, string> = { agent: '销售', customer: '客户', any: '不限' };
const speakerField = z.enum(AI_TAG_SPEAKERS, { error: '说话方只能是销售、客户或不限' });

export const AiTag = z.object({
  id: z.number(),
  groupId: z.number(),
  groupName: z.string(),
  name: z.string(),
  /** The tag is hit when one of these is said (by `speaker`). */
  keywords: z.array(z.string()),
  speaker: z.enum(AI_TAG_SPEAKERS),
  speakerName: z.string(),
  show: z.boolean(),
  sort: z.number(),
  createdAt: z.string().nullable(),
});
export type AiTag = z.infer<typeof AiTag>;

export const AiTagGroupRow = z.object({ id: z.number(), name: z.string(), sort: z.number(), tagCount: z.number() });
export const AiTagGroup = AiTagGroupRow.extend({ tags: z.array(AiTag) });
export type AiTagGroup = z.infer<typeof AiTagGroup>;

const tagKeywords = wordList('关键词', 50, 30);
const kindField = z.enum(['group', 'tag'], { error: '类型只能是标签组或标签' });
const givenKeywords = tagKeywords.refine((k) => k.length > 0, '请输入关键词');

export const AiTagFilter = z.object({
  ...pageQuery,
  groupId: optionalId('标签组'),
  keyword: keywordField,
  show: bool('是否展示').optional(),
});

/** A tag needs its group and keywords; a group takes only its name and sort. */
function requireTagParts(v: { kind: string; groupId?: number; keywords?: string[] }, ctx: z.RefinementCtx) {
  if (v.kind !== 'tag') return;
  if (v.groupId === undefined) ctx.addIssue({ code: 'custom', path: ['groupId'], message: '请选择标签组' });
  if (v.keywords === undefined) ctx.addIssue({ code: 'custom', path: ['keywords'], message: '请输入关键词' });
}

/** `kind` says what is written: a tag group or a tag (the calls of /aiTagOrganization serve both). */
export const AiTagSave = z
  .object({
    kind: kindField,
    name: nameField('名称', 20),
    groupId: optionalId('标签组'),
    keywords: givenKeywords.optional(),
    speaker: speakerField.default('any'),
    show: bool('是否展示').default(true),
    sort: sortNoField.optional(),
  })
  .superRefine(requireTagParts);

/** What is given is changed; a group's update takes only name and sort. */
export const AiTagUpdate = z.object({
  kind: kindField,
  id: idField('标签或标签组'),
  name: nameField('名称', 20).optional(),
  groupId: optionalId('标签组'),
  keywords: givenKeywords.optional(),
  speaker: speakerField.optional(),
  show: bool('是否展示').optional(),
  sort: sortNoField.optional(),
});

export const AiTagDelete = z.object({ kind: kindField, id: idField('标签或标签组') });

// ---------- AI fields ----------

export const AiField = z.object({
  id: z.number(),
  /** Stable key of the values the analysis stores; not changed once created. */
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Words that point at the sentence holding the value. */
  hints: z.array(z.string()),
  enabled: z.boolean(),
  sort: z.number(),
});
export type AiField = z.infer<typeof AiField>;

export const MAX_AI_FIELDS = 30;
const fieldHints = wordList('提示词', 30, 20);

export const AiFieldInput = z.object({
  key: z
    .string({ error: '请输入字段标识' })
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, '字段标识须以字母开头，由字母、数字、下划线组成，最多 40 个字符'),
  name: nameField('字段名称', 20),
  description: optionalText('字段说明', 200),
  hints: fieldHints.default([]),
  enabled: bool('是否启用').default(true),
  sort: sortNoField.optional(),
});

export const AiFieldUpdate = z.object({
  id: idField('AI 字段'),
  name: nameField('字段名称', 20).optional(),
  description: clearableText('字段说明', 200),
  hints: fieldHints.optional(),
  enabled: bool('是否启用').optional(),
  sort: sortNoField.optional(),
});

// ---------- which AI results show ----------

/** The parts of an analysis the call detail and the list may show, and their names. */
export const AI_SHOW_ITEMS = {
  intention: '意向标签',
  intentionDegree: '意向度',
  aiLabel: 'AI 标签',
  callTag: '通话标签',
  customTag: '自定义 AI 标签',
  churnRisk: '流失风险',
  risk: '风险',
  violation: '违规',
  flags: '表现标记',
  keywords: '关键词',
  fields: 'AI 字段',
  summary: '通话小结',
  figures: '对话指标',
} as const;
export type AiShowKey = keyof typeof AI_SHOW_ITEMS;
export const AI_SHOW_KEYS = Object.keys(AI_SHOW_ITEMS) as [AiShowKey, ...AiShowKey[]];
const showKeyField = z.enum(AI_SHOW_KEYS, { error: `展示项只能是 ${Object.values(AI_SHOW_ITEMS).join('、')}` });

export const AiShowSet = z.object({
  items: z.array(z.object({ key: z.enum(AI_SHOW_KEYS), name: z.string(), show: z.boolean() })),
});

export const AiShowSetSave = z.object({
  items: z
    .array(z.object({ key: showKeyField, show: bool('是否展示') }), { error: '展示设置列表不正确' })
    .min(1, '请至少设置一项')
    .max(AI_SHOW_KEYS.length, `展示项只有 ${AI_SHOW_KEYS.length} 个`),
});

export const AiTagSetShow = z.object({ ids: idList('标签'), show: bool('是否展示') });
