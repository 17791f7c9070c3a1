import { z } from 'zod';
import { boolField as bool } from './common';

/** AI open and the AI-demand questionnaire (/aiOpenPage). */

// ---------- AI open ----------

export const AiOpenSet = z.object({ open: bool('是否开通').default(true) });

export const AiOpenState = z.object({
  open: z.boolean(),
  openedAt: z.string().nullable(),
  openedByName: z.string().nullable(),
  /** The trial pack of AI analysis was given when AI was first opened. */
  trialGranted: z.boolean(),
});

// ---------- the AI-demand questionnaire ----------

const option = (value: string, label: string) => ({ value, label });

/** The questions of the AI-demand questionnaire (/aiOpenPage). Answers are lists of option values. */
export const AI_DEMAND_QUESTIONS = [
  {
    key: 'industry',
    title: '所属行业',
    multiple: false,
    options: [
      option('education', '教育培训'),
      option('finance', '金融理财'),
      option('insurance', '保险'),
      option('home', '家居装修'),
      option('saas', '企业服务 / SaaS'),
      option('property', '房产'),
      option('healthcare', '医疗健康'),
      option('auto', '汽车'),
      option('retail', '电商零售'),
      option('other', '其他'),
    ],
  },
  {
    key: 'teamSize',
    title: '销售团队规模',
    multiple: false,
    options: [
      option('1-10', '10 人以下'),
      option('11-50', '11-50 人'),
      option('51-200', '51-200 人'),
      option('201-500', '201-500 人'),
      option('500+', '500 人以上'),
    ],
  },
  {
    key: 'dailyCalls',
    title: '每日通话量',
    multiple: false,
    options: [
      option('<100', '100 通以下'),
      option('100-500', '100-500 通'),
      option('500-2000', '500-2000 通'),
      option('2000-10000', '2000-10000 通'),
      option('10000+', '10000 通以上'),
    ],
  },
  {
    key: 'goals',
    title: '希望 AI 分析什么',
    multiple: true,
    options: [
      option('intention', '客户意向识别'),
      option('compliance', '违规与合规检查'),
      option('coaching', '销售话术辅导'),
      option('churn', '客户流失预警'),
      option('complaint', '投诉风险预警'),
      option('summary', '通话小结'),
      option('fields', '关键信息提取'),
      option('keywords', '关键词与热点'),
    ],
  },
  {
    key: 'sources',
    title: '通话来源',
    multiple: true,
    options: [
      option('phone', '企业电话'),
      option('wecom', '企业微信'),
      option('wechat', '个人微信'),
      option('meeting', '视频会议'),
      option('badge', '智能工牌'),
      option('upload', '录音上传'),
    ],
  },
] as const;

export const AiDemandQuestion = z.object({
  key: z.string(),
  title: z.string(),
  multiple: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});

type DemandQuestion = (typeof AI_DEMAND_QUESTIONS)[number];
type DemandKey = DemandQuestion['key'];

const demandAnswer = (q: DemandQuestion) => {
  const values = q.options.map((o) => o.value) as [string, ...string[]];
  return z
    .array(z.enum(values, { error: `${q.title}的选项不正确` }), { error: `请选择${q.title}` })
    .min(1, `请选择${q.title}`)
    .max(q.multiple ? values.length : 1, `${q.title}只能选一项`)
    .transform((v) => [...new Set(v)]);
};

export const AiDemandAnswers = z.object(
  Object.fromEntries(AI_DEMAND_QUESTIONS.map((q) => [q.key, demandAnswer(q)])) as Record<
    DemandKey,
    ReturnType<typeof demandAnswer>
  >,
  { error: '请填写问卷' },
);

export const AiDemand = z.object({
  questions: z.array(AiDemandQuestion),
  /** The organisation's answers (question key → option values); empty before the first save. */
  answers: z.record(z.string(), z.array(z.string())),
  remark: z.string().nullable(),
  savedAt: z.string().nullable(),
});
