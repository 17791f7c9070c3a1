import { z } from 'zod';
import { backend, IdAnswer } from './call';
import {
  dateTimeField,
  idField,
  keywordField,
  nameField,
  optionalCode,
  optionalId,
  optionalText,
  pageOf,
  pageQuery,
  switchField,
} from './fields';

/**
 * Quality inspection (spec plan group C), first slice: the organisation's forbidden-word lists (/aiCallCheck
 * prohibitionWordList, saveProhibitionWord, deleteProhibitionWord), its regular-expression rules (/regex), and the
 * hits both leave on analysed calls (/aiCallCheck callProhibitionPage, callProhibitionCount). SOP rules, scorecards
 * and human review come later in this file.
 */

/** `whole`: the hit must be a whole word (jieba token boundaries); `contain`: anywhere inside the text. */
export const MATCH_MODES = ['whole', 'contain'] as const;
export type MatchMode = (typeof MATCH_MODES)[number];
export const MatchModeName: Record<MatchMode, string> = { whole: '整词匹配', contain: '包含匹配' };

/** Whose sentences a rule checks. */
export const RULE_SIDES = ['agent', 'customer', 'both'] as const;
export type RuleSide = (typeof RULE_SIDES)[number];
export const RuleSideName: Record<RuleSide, string> = { agent: '销售', customer: '客户', both: '双方' };

/** 1 enabled, 2 disabled. */
export const RuleStatusName = { 1: '启用', 2: '停用' } as const;

/** The kinds of hit this module stores: a forbidden-word list, an organisation regex rule. */
export const HIT_KINDS = ['prohibition', 'orgRegex'] as const;
export type HitKind = (typeof HIT_KINDS)[number];
export const HitKindName: Record<HitKind, string> = { prohibition: '违禁词', orgRegex: '正则规则' };

export const MAX_WORDS_PER_LIST = 500;
export const MAX_WORD_LENGTH = 30;
export const MAX_REGEX_LENGTH = 200;
/** Flags a rule may carry: case-insensitive, multi-line, dot-all, unicode (g and y make no sense for a check). */
export const REGEX_FLAGS = ['i', 'm', 's', 'u'] as const;
/** The message of a pattern that does not compile: this prefix and the engine's error. */
export const REGEX_COMPILE_ERROR = '正则表达式无法编译：';

const enumField = <const T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
  names: Record<T[number], string>,
) => z.enum(values, { error: `${label}只能是 ${values.map((v) => names[v as T[number]]).join('、')}` });

const optionalEnum = <const T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
  names: Record<T[number], string>,
) => z.preprocess((v) => (v === '' || v === null ? undefined : v), enumField(label, values, names).optional());

/**
 * The words of a list: an array, or one text separated by line breaks, commas or 、 (a pasted list). Each word is
 * trimmed; blanks and repeats are dropped; 1-500 words of 1-30 characters.
 */
const wordsField = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(/[\n\r,，、;；]+/) : v),
  z
    .array(z.string({ error: '违禁词须为文本' }), { error: '请输入违禁词' })
    .transform((words) => [...new Set(words.map((w) => w.trim()).filter((w) => w !== ''))])
    .pipe(
      z
        .array(
          z
            .string()
            .max(MAX_WORD_LENGTH, `每个违禁词最多 ${MAX_WORD_LENGTH} 个字`)
            .regex(/[\p{L}\p{N}]/u, '违禁词须含文字或数字（只有标点无法匹配）'),
        )
        .min(1, '请输入违禁词')
        .max(MAX_WORDS_PER_LIST, `一个词库最多 ${MAX_WORDS_PER_LIST} 个违禁词`),
    ),
);

const listId = idField('违禁词库');
const regexId = idField('正则规则');

/** Filter of the rule lists: paged, or every row at once with `all: true` (for selects). */
const RuleListFilter = z.object({
  ...pageQuery,
  keyword: keywordField,
  status: optionalCode('状态', [1, 2] as const),
  all: z.boolean({ error: '是否全部须为是或否' }).optional(),
});

export const ProhibitionWordInput = z.object({
  /** Absent: a new list; present: that list is replaced by what is sent. */
  id: optionalId('违禁词库'),
  name: nameField('词库名称', 50),
  words: wordsField,
  matchMode: enumField('匹配方式', MATCH_MODES, MatchModeName).default('contain'),
  side: enumField('检测对象', RULE_SIDES, RuleSideName).default('agent'),
  status: switchField('状态').default(1),
  remark: optionalText('备注', 200),
});

/** Audit columns shared by both kinds of rule. */
const RuleAudit = {
  status: z.number(),
  statusName: z.string(),
  side: z.enum(RULE_SIDES),
  sideName: z.string(),
  remark: z.string().nullable(),
  createdBy: z.number().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
};

export const ProhibitionWordList = z.object({
  id: z.number(),
  name: z.string(),
  words: z.array(z.string()),
  wordCount: z.number(),
  matchMode: z.enum(MATCH_MODES),
  matchModeName: z.string(),
  ...RuleAudit,
});

/** The compile check shared by the form and the server: the flags are valid and the pattern compiles with them. */
const compiles = (v: { pattern?: string; flags?: string }, ctx: z.RefinementCtx) => {
  if (v.pattern === undefined) return;
  try {
    new RegExp(v.pattern, v.flags ?? '');
  } catch (e) {
    ctx.addIssue({ code: 'custom', path: ['pattern'], message: `${REGEX_COMPILE_ERROR}${(e as Error).message}` });
  }
};

const patternField = z
  .string({ error: '请输入正则表达式' })
  .min(1, '请输入正则表达式')
  .max(MAX_REGEX_LENGTH, `正则表达式最多 ${MAX_REGEX_LENGTH} 个字符`)
  .refine((p) => p.trim() !== '', '请输入正则表达式');

/** Flags as text ('i', 'im'); each at most once, only REGEX_FLAGS. Kept in a canonical order. */
const flagsField = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string({ error: '修饰符须为文本' })
    .trim()
    .refine(
      (f) => [...f].every((c) => (REGEX_FLAGS as readonly string[]).includes(c)) && new Set(f).size === f.length,
      `修饰符只能是 ${REGEX_FLAGS.join('、')}，且每个最多一次`,
    )
    .transform((f) => REGEX_FLAGS.filter((c) => f.includes(c)).join('')),
);

const regexFields = {
  name: nameField('规则名称', 50),
  pattern: patternField,
  flags: flagsField,
  side: enumField('检测对象', RULE_SIDES, RuleSideName).default('agent'),
  status: switchField('状态').default(1),
  remark: optionalText('备注', 200),
};

export const OrgRegexInput = z.object(regexFields).superRefine(compiles);

/** Update: only what is sent changes (a switch may send `{ id, status }` alone). */
export const OrgRegexUpdate = z
  .object({
    id: regexId,
    name: regexFields.name.optional(),
    pattern: patternField.optional(),
    flags: z.preprocess((v) => (v === null ? '' : v), flagsField.optional()),
    side: enumField('检测对象', RULE_SIDES, RuleSideName).optional(),
    status: switchField('状态').optional(),
    remark: optionalText('备注', 200),
  })
  .superRefine(compiles);

export const OrgRegex = z.object({
  id: z.number(),
  name: z.string(),
  pattern: z.string(),
  flags: z.string(),
  ...RuleAudit,
});

/** Filter of the hits and of their counts. Dates are the call time. */
export const ProhibitionHitFilter = z.object({
  ...pageQuery,
  kind: optionalEnum('规则类型', HIT_KINDS, HitKindName),
  /** A forbidden-word list's id (kind prohibition) or a regex rule's (kind orgRegex); with no kind, either. */
  ruleId: optionalId('规则'),
  /** Hits whose word (or words as said) contain this text. */
  word: keywordField,
  ownerUserId: optionalId('员工'),
  /** The department and every department below it. */
  deptId: optionalId('部门'),
  startTime: dateTimeField,
  endTime: dateTimeField,
});

/** One hit: a rule broken in one sentence of one call. */
export const ProhibitionHit = z.object({
  id: z.number(),
  recordingId: z.number(),
  fileName: z.string().nullable(),
  kind: z.enum(HIT_KINDS),
  kindName: z.string(),
  ruleId: z.number(),
  ruleName: z.string(),
  /** The list's word that was hit (a regex rule: its match); what the counts per word count. */
  word: z.string(),
  /** The words as said (spaces, punctuation, homophones as in the transcript). */
  words: z.string(),
  /** The sentence it was said in. */
  sentence: z.string(),
  segment: z.number(),
  startMs: z.number(),
  speaker: z.enum(['agent', 'customer']),
  speakerName: z.string(),
  ownerUserId: z.number().nullable(),
  ownerName: z.string().nullable(),
  deptId: z.number().nullable(),
  deptName: z.string().nullable(),
  clueId: z.number().nullable(),
  clueName: z.string().nullable(),
  phone: z.string().nullable(),
  callTime: z.string().nullable(),
  createdAt: z.string().nullable(),
});

export const ProhibitionCount = z.object({
  /** Hits in all. */
  total: z.number(),
  /** Calls with at least one hit. */
  calls: z.number(),
  byRule: z.array(
    z.object({
      kind: z.enum(HIT_KINDS),
      kindName: z.string(),
      ruleId: z.number(),
      ruleName: z.string(),
      count: z.number(),
    }),
  ),
  byWord: z.array(
    z.object({
      kind: z.enum(HIT_KINDS),
      ruleId: z.number(),
      ruleName: z.string(),
      word: z.string(),
      count: z.number(),
    }),
  ),
});

const { pageNum: _n, pageSize: _s, ...hitFilterFields } = ProhibitionHitFilter.shape;
export const ProhibitionCountFilter = z.object(hitFilterFields);

export const quality = {
  prohibitionWordList: backend.post('/aiCallCheck/prohibitionWordList', '违禁词库列表（含词）', {
    body: RuleListFilter,
    answer: pageOf(ProhibitionWordList),
  }),
  saveProhibitionWord: backend.post('/aiCallCheck/saveProhibitionWord', '新增或修改违禁词库', {
    body: ProhibitionWordInput,
    answer: IdAnswer,
  }),
  deleteProhibitionWord: backend.post('/aiCallCheck/deleteProhibitionWord', '删除违禁词库', {
    body: z.object({ id: listId }),
    answer: IdAnswer,
  }),
  callProhibitionPage: backend.post('/aiCallCheck/callProhibitionPage', '违禁词与正则命中列表', {
    body: ProhibitionHitFilter,
    answer: pageOf(ProhibitionHit),
  }),
  callProhibitionCount: backend.post('/aiCallCheck/callProhibitionCount', '违禁词与正则命中统计（按词库、按词）', {
    body: ProhibitionCountFilter,
    answer: ProhibitionCount,
  }),
  selectOrgRegex: backend.post('/regex/selectOrgRegex', '本组织正则规则列表', {
    body: RuleListFilter,
    answer: pageOf(OrgRegex),
  }),
  createOrgRegex: backend.post('/regex/createOrgRegex', '新增正则规则', { body: OrgRegexInput, answer: IdAnswer }),
  updateOrgRegex: backend.post('/regex/updateOrgRegex', '修改正则规则', { body: OrgRegexUpdate, answer: IdAnswer }),
  deleteOrgRegex: backend.post('/regex/deleteOrgRegex', '删除正则规则', {
    body: z.object({ id: regexId }),
    answer: IdAnswer,
  }),
};
