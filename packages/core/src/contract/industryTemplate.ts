import { z } from 'zod';
import { backend } from './call';

/**
 * Industry templates (行业模板 /main/industryTemplate), under /api/backend: bundles of AI tags, SOP rules, forbidden
 * words, regex rules, practice scripts and knowledge entries per industry, previewed, applied (all or parts) and the
 * last application undone.
 */

/** The parts of a template, in the order they are shown and applied. */
export const TEMPLATE_PARTS = ['tags', 'sop', 'words', 'regex', 'scripts', 'knowledge'] as const;
export type TemplatePart = (typeof TEMPLATE_PARTS)[number];
export const TemplatePartName: Record<TemplatePart, string> = {
  tags: 'AI 标签',
  sop: 'SOP 规则',
  words: '违禁词',
  regex: '正则规则',
  scripts: '陪练话术',
  knowledge: '知识条目',
};
/** An existing name: merged into (words, keywords and content joined) or skipped. */
export const TEMPLATE_MODES = ['merge', 'skip'] as const;
export const TemplateModeName = { merge: '合并', skip: '跳过' } as const;

const codeOf = z
  .string({ error: '请选择行业模板' })
  .trim()
  .min(1, '请选择行业模板')
  .max(40, '行业模板不存在')
  .regex(/^[a-z]+$/, '行业模板不存在');

export const TemplateSummary = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  counts: z.record(z.string(), z.number()),
  /** When this template was last applied here (not undone), else null. */
  appliedAt: z.string().nullable(),
});

/** One item of a template in the preview: what applying it would do here. */
export const TemplateItem = z.object({
  part: z.enum(TEMPLATE_PARTS),
  name: z.string(),
  summary: z.string(),
  /** 新建 (the name is new here), 已存在 (merged or skipped as chosen). */
  state: z.string(),
});

export const TemplateDetail = TemplateSummary.extend({ items: z.array(TemplateItem) });

export const TemplateApplyInput = z.object({
  code: codeOf,
  parts: z
    .array(
      z.enum(TEMPLATE_PARTS, { error: `应用内容只能是 ${TEMPLATE_PARTS.map((p) => TemplatePartName[p]).join('、')}` }),
      {
        error: '请选择要应用的部分',
      },
    )
    .min(1, '请选择要应用的部分')
    .default([...TEMPLATE_PARTS]),
  mode: z.enum(TEMPLATE_MODES, { error: '已存在的名称只能合并或跳过' }).default('skip'),
});

export const TemplateApplyAnswer = z.object({
  applicationId: z.number().nullable(),
  created: z.number(),
  merged: z.number(),
  skipped: z.number(),
  /** Items that could not be applied here, with why (e.g. 待陪练模块接入). */
  notes: z.array(z.string()),
});

export const TemplateUndoAnswer = z.object({ applicationId: z.number(), removed: z.number(), restored: z.number() });

export const industryTemplate = {
  list: backend.post('/industryTemplate/list', '行业模板列表', { answer: z.array(TemplateSummary) }),
  detail: backend.post('/industryTemplate/detail', '行业模板预览', {
    body: z.object({ code: codeOf }),
    answer: TemplateDetail,
  }),
  apply: backend.post('/industryTemplate/apply', '应用行业模板', {
    body: TemplateApplyInput,
    answer: TemplateApplyAnswer,
  }),
  undo: backend.post('/industryTemplate/undo', '撤销最近一次应用', { answer: TemplateUndoAnswer }),
};
