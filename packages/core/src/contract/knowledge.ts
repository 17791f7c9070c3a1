import { z } from 'zod';
import { backend, IdAnswer } from './call';
import { codeField, idField, intField, keywordField, nameField, optionalCode, pageOf, pageQuery } from './fields';

/**
 * Knowledge bases (知识库 /main/knowledgeBase: the user's own; 机构知识库 /main/instituionklg: the organisation's), under
 * /api/backend: entries and uploaded documents split into passages (/baseKnowledgeInfo), search and cited answers
 * (/aiKnowledge), and the users' ratings of answers (/knowledgeFeedback). The spec names the calls only.
 */

/** 1 个人知识库 (the user's own), 2 机构知识库 (the organisation's). */
export const KNOWLEDGE_BASES = [1, 2] as const;
export const KnowledgeBaseName = { 1: '个人知识库', 2: '机构知识库' } as const;
/** What an entry is: 1 问答, 2 产品资料, 3 价格规则, 4 异议处理, 5 文档 (uploaded, split into passages). */
export const KNOWLEDGE_KINDS = [1, 2, 3, 4, 5] as const;
export const KnowledgeKindName = { 1: '问答', 2: '产品资料', 3: '价格规则', 4: '异议处理', 5: '文档' } as const;
/** A document's parse: 1 解析中, 2 已完成, 3 解析失败 (typed entries are 2 at once). */
export const KnowledgeStatusName = { 1: '解析中', 2: '已完成', 3: '解析失败' } as const;
/** Extensions an upload may have. */
export const KNOWLEDGE_FILE_TYPES = ['docx', 'pdf', 'txt', 'md', 'xlsx'] as const;
export const KNOWLEDGE_FILE_LIMIT_MB = 20;

const baseField = codeField('知识库', KNOWLEDGE_BASES);
const titleField = nameField('标题', 100);
const contentField = z.string({ error: '请输入内容' }).trim().min(1, '请输入内容').max(5000, '内容最多 5000 个字');
const questionField = z.string({ error: '请输入问题' }).trim().min(1, '请输入问题').max(200, '问题最多 200 个字');

export const KnowledgeEntryInput = z.object({
  base: baseField,
  kind: codeField('类型', [1, 2, 3, 4] as const),
  title: titleField,
  content: contentField,
});

export const KnowledgeEntryUpdate = z.object({
  id: idField('知识'),
  kind: optionalCode('类型', [1, 2, 3, 4] as const),
  title: titleField.optional(),
  content: contentField.optional(),
});

export const KnowledgeFilter = z.object({
  ...pageQuery,
  base: baseField,
  kind: optionalCode('类型', KNOWLEDGE_KINDS),
  keyword: keywordField,
});

export const KnowledgeEntry = z.object({
  id: z.number(),
  base: z.number(),
  baseName: z.string(),
  kind: z.number(),
  kindName: z.string(),
  title: z.string(),
  /** A typed entry's text; a document's first passages. */
  content: z.string(),
  fileName: z.string().nullable(),
  status: z.number(),
  statusName: z.string(),
  /** Parse progress of a document, 0-100. */
  progress: z.number(),
  error: z.string().nullable(),
  passageCount: z.number(),
  ownerId: z.number(),
  ownerName: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

/** One passage found, with where it came from and the words it matched. */
export const KnowledgePassage = z.object({
  id: z.number(),
  entryId: z.number(),
  title: z.string(),
  base: z.number(),
  baseName: z.string(),
  kindName: z.string(),
  fileName: z.string().nullable(),
  /** The document's page (PDF) or sheet row block; null for typed entries. */
  page: z.number().nullable(),
  text: z.string(),
  /** Words of the question found in the passage, for highlighting. */
  matched: z.array(z.string()),
  score: z.number(),
});

export const KnowledgeSearchInput = z.object({
  question: questionField,
  /** Absent: both bases the user sees (the own and the organisation's). */
  base: optionalCode('知识库', KNOWLEDGE_BASES),
  /** How many passages (default 5). */
  limit: intField('条数', 1, 20).optional(),
});

export const KnowledgeSearchAnswer = z.object({
  passages: z.array(KnowledgePassage),
  /** 'words' (jieba full text) or 'words+vectors' (embeddings configured). */
  method: z.string(),
});

/** How an answer was made: llm (written by the model from the passages), passages (the passages themselves), none. */
export const KNOWLEDGE_ANSWER_MODES = ['llm', 'passages', 'none'] as const;

export const KnowledgeAskAnswer = z.object({
  questionId: z.number(),
  mode: z.enum(KNOWLEDGE_ANSWER_MODES),
  /** The model's answer with [n] markers naming passages (mode llm), else null. */
  answer: z.string().nullable(),
  /** The passages cited ([1] is citations[0]'s passage …): mode llm the cited ones, else the best ones. */
  passages: z.array(KnowledgePassage.extend({ no: z.number() })),
  /** Said to the user: a repaired or refused answer, no model, nothing found. */
  notice: z.string().nullable(),
});

export const KnowledgeFeedbackInput = z.object({
  questionId: idField('问题'),
  useful: codeField('评价', [1, 2] as const),
  comment: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(500, '评价说明最多 500 个字').optional(),
  ),
});
export const KnowledgeUsefulName = { 1: '有用', 2: '没用' } as const;

export const KnowledgeFeedbackFilter = z.object({
  ...pageQuery,
  useful: optionalCode('评价', [1, 2] as const),
  keyword: keywordField,
});

export const KnowledgeFeedback = z.object({
  id: z.number(),
  questionId: z.number(),
  question: z.string(),
  answer: z.string().nullable(),
  useful: z.number(),
  usefulName: z.string(),
  comment: z.string().nullable(),
  userId: z.number(),
  userName: z.string().nullable(),
  createdAt: z.string().nullable(),
});

/** 1 无答案 (nothing retrieved or the model could not answer), 2 差评 (rated 没用). */
export const KnowledgeGapName = { 1: '无答案', 2: '差评' } as const;
export const KnowledgeGapFilter = z.object({ ...pageQuery, reason: optionalCode('原因', [1, 2] as const) });
export const KnowledgeGap = z.object({
  questionId: z.number(),
  question: z.string(),
  reason: z.number(),
  reasonName: z.string(),
  comment: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string().nullable(),
});

const entryId = z.object({ id: idField('知识') });

export const knowledge = {
  list: backend.post('/baseKnowledgeInfo/pagelist', '知识列表（个人或机构知识库）', {
    body: KnowledgeFilter,
    answer: pageOf(KnowledgeEntry),
  }),
  save: backend.post('/baseKnowledgeInfo/save', '新增知识条目', { body: KnowledgeEntryInput, answer: IdAnswer }),
  update: backend.post('/baseKnowledgeInfo/update', '修改知识条目', { body: KnowledgeEntryUpdate, answer: IdAnswer }),
  delete: backend.post('/baseKnowledgeInfo/delete', '删除知识条目或文档', { body: entryId, answer: IdAnswer }),
  /** multipart/form-data: `file` (.docx .pdf .txt .md .xlsx, at most 20 MB) and `base` (1 or 2); parsed by a job. */
  upload: backend.post('/baseKnowledgeInfo/upload', '上传知识文档（解析为段落）', { answer: IdAnswer }),
  detail: backend.post('/baseKnowledgeInfo/detail', '知识详情（含段落）', {
    body: entryId,
    answer: KnowledgeEntry.extend({
      passages: z.array(z.object({ id: z.number(), seq: z.number(), page: z.number().nullable(), text: z.string() })),
    }),
  }),
  search: backend.post('/aiKnowledge/search', '搜索知识库', {
    body: KnowledgeSearchInput,
    answer: KnowledgeSearchAnswer,
  }),
  ask: backend.post('/aiKnowledge/ask', '向知识库提问（带引用的回答）', {
    body: KnowledgeSearchInput.omit({ limit: true }),
    answer: KnowledgeAskAnswer,
  }),
  gaps: backend.post('/aiKnowledge/gaps', '知识缺口（无答案与差评的问题）', {
    body: KnowledgeGapFilter,
    answer: pageOf(KnowledgeGap),
  }),
  feedbackSave: backend.post('/knowledgeFeedback/save', '评价知识库回答', {
    body: KnowledgeFeedbackInput,
    answer: IdAnswer,
  }),
  feedbackList: backend.post('/knowledgeFeedback/pagelist', '知识库回答评价列表', {
    body: KnowledgeFeedbackFilter,
    answer: pageOf(KnowledgeFeedback),
  }),
};

export const knowledgeFileTypeOk = (name: string): boolean =>
  (KNOWLEDGE_FILE_TYPES as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');
