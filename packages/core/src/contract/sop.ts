import { z } from 'zod';
import { analysis, backend, IdAnswer } from './call';
import {
  codeField,
  dateTimeField,
  idField,
  keywordField,
  nameField,
  optionalCode,
  optionalId,
  pageOf,
  pageQuery,
} from './fields';

/**
 * SOP rules (spec plan group C, 7.8 /sop/ and the analysis-base twins of 7.5): an organisation's sales scripts, an
 * ordered list of items each found in a call by keywords, example sentences (similarity) or regular expressions;
 * which departments and follow-up stages a rule applies to; and each analysed call's coverage of the rules that
 * applied to it (every item hit or missed with the evidence sentence and time, and the order the items came in).
 */

/** Whose sentences an item is looked for in. */
export const SOP_SPEAKERS = ['agent', 'customer', 'any'] as const;
export type SopSpeaker = (typeof SOP_SPEAKERS)[number];
export const SopSpeakerName: Record<SopSpeaker, string> = { agent: '销售', customer: '客户', any: '双方' };

/** 1 enabled, 2 disabled. */
export const SopRuleStatusName = { 1: '启用', 2: '停用' } as const;

/** disableAndDeleteSopRule's operation: 1 enable, 2 disable, 3 delete. */
export const SopOperationName = { 1: '启用', 2: '停用', 3: '删除' } as const;

/** How an item was found in a call. */
export const SOP_HOWS = ['keyword', 'example', 'regex', 'llm'] as const;
export type SopHowName = (typeof SOP_HOWS)[number];
export const SopHowLabel: Record<SopHowName, string> = {
  keyword: '关键词',
  example: '例句相似',
  regex: '正则',
  llm: '大模型判断',
};

export const MAX_SOP_ITEMS = 30;
export const MAX_SOP_WORDS = 50;
export const MAX_SOP_WORD_LENGTH = 50;
export const MAX_SOP_EXAMPLE_LENGTH = 200;
export const MAX_SOP_REGEX_LENGTH = 200;
/** The message of a pattern that does not compile: this prefix, the item's name and the engine's error. */
export const SOP_REGEX_ERROR = '正则表达式无法编译：';

/** A list of texts: an array, or one text separated by line breaks (a pasted list); trimmed, blanks and repeats dropped. */
const textList = (label: string, max: number, maxLength: number, split: RegExp) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? [] : typeof v === 'string' ? v.split(split) : v),
    z
      .array(z.string({ error: `${label}须为文本` }), { error: `${label}须为列表` })
      .transform((xs) => [...new Set(xs.map((x) => x.trim()).filter((x) => x !== ''))])
      .pipe(
        z
          .array(z.string().max(maxLength, `每个${label}最多 ${maxLength} 个字`))
          .max(max, `每个环节最多 ${max} 个${label}`),
      ),
  );

const keywordsField = (label = '关键词') => textList(label, MAX_SOP_WORDS, MAX_SOP_WORD_LENGTH, /[\n\r,，、;；]+/);
const examplesField = textList('例句', MAX_SOP_WORDS, MAX_SOP_EXAMPLE_LENGTH, /[\n\r]+/);
const regexListField = (label = '正则表达式') => textList(label, MAX_SOP_WORDS, MAX_SOP_REGEX_LENGTH, /[\n\r]+/);

const compileError = (pattern: string): string | null => {
  try {
    new RegExp(pattern, 'i');
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

export const SopItemInput = z
  .object({
    /** Absent on a new item; an existing item's id keeps its results comparable across edits. */
    id: optionalId('环节'),
    name: nameField('环节名称', 30),
    keywords: keywordsField(),
    examples: examplesField,
    regex: regexListField(),
    speaker: z
      .enum(SOP_SPEAKERS, {
        error: `检测对象只能是 ${SOP_SPEAKERS.map((s) => SopSpeakerName[s]).join('、')}`,
      })
      .default('agent'),
    /** A question for the language model (yes/no about the call); used only when a model is configured. */
    llmQuestion: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.string({ error: '大模型问题须为文本' }).trim().max(200, '大模型问题最多 200 个字').nullable().default(null),
    ),
    /** Precondition (optional): the item counts only shortly after the other side says one of these. */
    afterKeywords: keywordsField('前置关键词'),
    afterRegex: regexListField('前置正则'),
  })
  .superRefine((item, ctx) => {
    if (!item.keywords.length && !item.examples.length && !item.regex.length && !item.llmQuestion?.trim())
      ctx.addIssue({
        code: 'custom',
        path: ['keywords'],
        message: `环节「${item.name}」至少需要一个关键词、例句、正则表达式或大模型问题`,
      });
    for (const [key, list] of [
      ['regex', item.regex],
      ['afterRegex', item.afterRegex],
    ] as const)
      list.forEach((p, i) => {
        const error = compileError(p);
        if (error)
          ctx.addIssue({
            code: 'custom',
            path: [key, i],
            message: `${SOP_REGEX_ERROR}环节「${item.name}」的 ${p}：${error}`,
          });
      });
  });
export type SopItemInput = z.output<typeof SopItemInput>;

const idArray = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    z
      .array(idField(label), { error: `${label}须为列表` })
      .max(500, `${label}一次最多 500 个`)
      .transform((ids) => [...new Set(ids)]),
  );

const ruleFields = {
  name: nameField('规则名称', 50),
  /** Departments the rule applies to (and the departments below them); empty: every department. */
  deptIds: idArray('适用部门'),
  /** Follow statuses of the lead (the SOP stages); empty: any stage. */
  followStatusIds: idArray('跟进阶段'),
  status: codeField('状态', [1, 2] as const).default(1),
  /** The script, in order (the order sent is the items' order). */
  items: z
    .array(SopItemInput, { error: '请添加SOP环节' })
    .min(1, '请至少添加 1 个SOP环节')
    .max(MAX_SOP_ITEMS, `一条规则最多 ${MAX_SOP_ITEMS} 个环节`)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.name))
          ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `环节名称「${item.name}」重复` });
        seen.add(item.name);
      });
    }),
};

export const SopRuleInput = z.object(ruleFields);
export type SopRuleInput = z.output<typeof SopRuleInput>;

/** Update: the whole rule as edited (items not sent are removed; items sent with their id keep it). */
export const SopRuleUpdate = z.object({ id: idField('SOP规则'), ...ruleFields });
export type SopRuleUpdate = z.output<typeof SopRuleUpdate>;

export const SopRuleFilter = z.object({
  ...pageQuery,
  /** Rules whose name contains this text. */
  name: keywordField,
  status: optionalCode('状态', [1, 2] as const),
  createdBy: optionalId('创建人'),
});

export const SopItem = z.object({
  id: z.number(),
  name: z.string(),
  sort: z.number(),
  keywords: z.array(z.string()),
  examples: z.array(z.string()),
  regex: z.array(z.string()),
  speaker: z.enum(SOP_SPEAKERS),
  speakerName: z.string(),
  llmQuestion: z.string().nullable(),
  afterKeywords: z.array(z.string()),
  afterRegex: z.array(z.string()),
});

const NamedId = z.object({ id: z.number(), name: z.string() });

export const SopRuleRow = z.object({
  id: z.number(),
  name: z.string(),
  status: z.number(),
  statusName: z.string(),
  depts: z.array(NamedId),
  followStatuses: z.array(NamedId),
  itemCount: z.number(),
  /** The item names in script order. */
  itemNames: z.array(z.string()),
  createdBy: z.number().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

export const SopRuleDetail = SopRuleRow.extend({
  deptIds: z.array(z.number()),
  followStatusIds: z.array(z.number()),
  items: z.array(SopItem),
});

/** The call whose coverage is asked for. */
export const SopCallQuery = z.object({ recordingId: idField('录音') });

export const SopItemCoverage = z.object({
  itemId: z.number(),
  name: z.string(),
  sort: z.number(),
  hit: z.boolean(),
  how: z.enum(SOP_HOWS).nullable(),
  howName: z.string().nullable(),
  /** 1 for a keyword or regex; the similarity (0..1) for an example; 0 for a miss. */
  score: z.number(),
  /** The first sentence that covered the item (null: missed). */
  sentence: z.string().nullable(),
  /** The words matched (keyword or regex), when not by example. */
  match: z.string().nullable(),
  segment: z.number().nullable(),
  startMs: z.number().nullable(),
  endMs: z.number().nullable(),
  speaker: z.enum(['agent', 'customer']).nullable(),
  speakerName: z.string().nullable(),
  /** 1.. in the order items were first covered (null: missed). */
  position: z.number().nullable(),
});

export const SopRuleCoverage = z.object({
  ruleId: z.number(),
  /** The rule's name when the call was checked. */
  ruleName: z.string(),
  /** Share of the items covered, 0..1. */
  coverage: z.number(),
  hitCount: z.number(),
  missedCount: z.number(),
  /** True when the covered items came in script order. */
  inOrder: z.boolean(),
  /** Item ids in the order they were first covered. */
  order: z.array(z.number()),
  orderNames: z.array(z.string()),
  items: z.array(SopItemCoverage),
  checkedAt: z.string(),
});

export const SopCallCoverage = z.object({
  recordingId: z.number(),
  /** One per rule that applied to the call at its last analysis (none: no rule applied, or not analysed yet). */
  rules: z.array(SopRuleCoverage),
});

/** Filter of the rules that applied to calls: by call time. */
export const SopRulesInQualityFilter = z.object({ startTime: dateTimeField, endTime: dateTimeField });

export const SopRuleInQuality = z.object({
  ruleId: z.number(),
  ruleName: z.string(),
  /** Calls it applied to (in the time range). */
  calls: z.number(),
});

export const SopItemName = z.object({ ruleId: z.number(), ruleName: z.string(), itemId: z.number(), name: z.string() });

const SopItemNameFilter = z.object({ ruleId: optionalId('SOP规则') });

export const sop = {
  getSopCreateUserList: backend.post('/sop/getSopCreateUserList', 'SOP规则创建人列表（筛选）', {
    answer: z.array(z.object({ userId: z.number(), name: z.string() })),
  }),
  getSopExecuteDeptList: backend.post('/sop/getSopExecuteDeptList', 'SOP规则可适用的部门', {
    answer: z.array(z.object({ id: z.number(), name: z.string(), parentId: z.number().nullable() })),
  }),
  createSopRule: backend.post('/sop/createSopRule', '新增SOP规则（含环节）', { body: SopRuleInput, answer: IdAnswer }),
  getSopRuleList: backend.post('/sop/getSopRuleList', 'SOP规则列表', {
    body: SopRuleFilter,
    answer: pageOf(SopRuleRow),
  }),
  selectSopAndItemInfoByRuleId: backend.post('/sop/selectSopAndItemInfoByRuleId', 'SOP规则详情（含环节）', {
    body: z.object({ id: idField('SOP规则') }),
    answer: SopRuleDetail,
  }),
  updateSopRule: backend.post('/sop/updateSopRule', '修改SOP规则', { body: SopRuleUpdate, answer: IdAnswer }),
  disableAndDeleteSopRule: backend.post('/sop/disableAndDeleteSopRule', '启用、停用或删除SOP规则', {
    body: z.object({ id: idField('SOP规则'), operation: codeField('操作', [1, 2, 3] as const) }),
    answer: IdAnswer,
  }),
  getSopItemInfoInQuality: backend.post('/sop/getSopItemInfoInQuality', '通话的SOP环节命中情况', {
    body: SopCallQuery,
    answer: SopCallCoverage,
  }),
  getSopRuleListInQuality: backend.post('/sop/getSopRuleListInQuality', '质检中已应用的SOP规则（筛选）', {
    body: SopRulesInQualityFilter,
    answer: z.array(SopRuleInQuality),
  }),
  getOrganizationRegisterTime: backend.post('/sop/getOrganizationRegisterTime', '组织注册时间（最早可选日期）', {
    answer: z.object({ registerTime: z.string() }),
  }),
  getOrganizationClueFollowStatusList: backend.post(
    '/sop/getOrganizationClueFollowStatusList',
    '线索跟进状态（SOP阶段）',
    { answer: z.array(z.object({ id: z.number(), name: z.string(), status: z.number() })) },
  ),
  getSopItemNameByOrg: backend.post('/sop/getSopItemNameByOrg', '本组织SOP环节名称（筛选）', {
    body: SopItemNameFilter,
    answer: z.array(SopItemName),
  }),
  /** Analysis-base twins (the iframe host of the call detail). */
  asrGetSopRuleListInQuality: analysis.post('/asr/V1/getSopRuleListInQuality', '质检中已应用的SOP规则（分析服务）', {
    body: SopRulesInQualityFilter,
    answer: z.array(SopRuleInQuality),
  }),
  asrGetSopItemInfoInQuality: analysis.post('/asr/V1/getSopItemInfoInQuality', '通话的SOP环节命中情况（分析服务）', {
    body: SopCallQuery,
    answer: SopCallCoverage,
  }),
};
