import { z } from 'zod';
import { AI_MESSAGE_TYPES } from '../../enums';
import { codeField, intField } from '../fields';
import { boolField as bool, wordList } from './common';

/** Risk rules, intention rules, hot words and message push. */

// ---------- risk rules ----------

export const RiskThresholds = z.object({
  /** The agent speaks too fast above this many characters per minute. */
  fastCharsPerMinute: intField('语速过快阈值', 100, 1000, ' 字/分钟'),
  /** The agent talks too much above this share of the talk time. */
  talkTooMuchPercent: intField('说话过多阈值', 10, 100, '%'),
  /** A churn risk at or above this counts as a risk. */
  churnRiskAlert: intField('流失风险阈值', 0, 100),
  /** A yes/no label scored from this (percent) on is decided yes, 待确认 below confirmHighPercent. */
  confirmLowPercent: intField('待确认下限', 1, 100, '%'),
  /** From this score (percent) on a yes/no label is confirmed (sends its AI message). */
  confirmHighPercent: intField('待确认上限', 1, 100, '%'),
});

export const RiskWordRule = z.object({ name: z.string(), words: z.array(z.string()), enabled: z.boolean() });
export const RiskRegexRule = z.object({
  name: z.string(),
  pattern: z.string(),
  flags: z.string(),
  enabled: z.boolean(),
});
export const RiskConfig = z.object({
  thresholds: z.object({
    fastCharsPerMinute: z.number(),
    talkTooMuchPercent: z.number(),
    churnRiskAlert: z.number(),
    confirmLowPercent: z.number(),
    confirmHighPercent: z.number(),
  }),
  /** Detect the agent abusing the customer (violation 辱骂客户, flag 4). */
  abuse: z.boolean(),
  /** The built-in forbidden-word rules, each switched and with its words. */
  wordRules: z.array(RiskWordRule),
  /** The built-in regular-expression rules, each switched and with its pattern. */
  regexRules: z.array(RiskRegexRule),
});
export type RiskConfig = z.infer<typeof RiskConfig>;

const ruleName = z.string({ error: '请指定规则名称' }).trim().min(1, '请指定规则名称').max(50, '规则名称最多 50 个字');

/** Changes to the risk rules: what is given is set, the rest stays. Rules are named by their built-in name. */
export const RiskConfigSave = z.object({
  thresholds: RiskThresholds.partial().optional(),
  abuse: bool('辱骂客户检测').optional(),
  wordRules: z
    .array(
      z.object({
        name: ruleName,
        enabled: bool('是否启用').optional(),
        words: wordList('违禁词', 500, 30).optional(),
      }),
      { error: '违禁词规则列表不正确' },
    )
    .max(100, '违禁词规则最多 100 条')
    .optional(),
  regexRules: z
    .array(
      z.object({
        name: ruleName,
        enabled: bool('是否启用').optional(),
        pattern: z
          .string({ error: '请输入正则表达式' })
          .min(1, '请输入正则表达式')
          .max(500, '正则表达式最多 500 个字符')
          .optional(),
        flags: z
          .string()
          .regex(/^(?!.*(.).*\1)[imsu]*$/, '正则标志只能是 i、m、s、u 且不重复')
          .optional(),
      }),
      { error: '正则规则列表不正确' },
    )
    .max(100, '正则规则最多 100 条')
    .optional(),
});

// ---------- intention rules ----------

export const INTENTION_VALUES = [1, 2, 3, 4, 5, 6] as const;
export const IntentionNameValue = z.object({ name: z.string(), value: z.number() });

export const IntentionRule = z.object({
  value: z.number(),
  name: z.string(),
  /** The analyser's key of the label (strong, general, none, mismatch, complaint, invalid). */
  key: z.string(),
  /** The organisation's own phrases for this label. */
  phrases: z.array(z.string()),
  /** The built-in phrases (read only). */
  defaultPhrases: z.array(z.string()),
});
export const IntentionRules = z.object({ items: z.array(IntentionRule) });

export const IntentionRulesSave = z.object({
  items: z
    .array(
      z.object({
        value: codeField('意向等级', INTENTION_VALUES),
        phrases: wordList('话术', 100, 30),
      }),
      { error: '意向规则列表不正确' },
    )
    .min(1, '请至少设置一个意向等级')
    .max(6, '意向等级只有 6 个'),
});

// ---------- hot words ----------

export const HotWords = z.object({ hotWords: z.array(z.string()) });
export const HotWordChange = z.object({
  words: wordList('热词', 200, 20).refine((w) => w.length > 0, '请输入热词'),
});

// ---------- message push ----------

export const AiMessageTypeName: Record<(typeof AI_MESSAGE_TYPES)[number], string> = {
  ai_intention_degree: '意向度提醒',
  ai_churn_risk: '流失风险提醒',
  ai_risk: '风险提醒',
  ai_label: 'AI 标签提醒',
  ai_violation: '违规提醒',
  ai_keyword: '关键词提醒',
  ai_model: '模型异常提醒',
  ai_chat_key: '会话要点提醒',
};

/** The message types that go out only at or above a threshold (0-100), and what it measures. */
export const AiMessageThresholdName: Partial<Record<(typeof AI_MESSAGE_TYPES)[number], string>> = {
  ai_intention_degree: '意向度不低于',
  ai_churn_risk: '流失风险不低于',
};

const msgTypeField = z.enum(AI_MESSAGE_TYPES, { error: '消息类型不正确' });

export const MsgPushRow = z.object({
  msgType: z.enum(AI_MESSAGE_TYPES),
  name: z.string(),
  enabled: z.boolean(),
  toOwner: z.boolean(),
  toManager: z.boolean(),
  threshold: z.number().nullable(),
  thresholdName: z.string().nullable(),
});
export const MsgPushConfig = z.object({ items: z.array(MsgPushRow) });

export const MsgPushSave = z.object({
  items: z
    .array(
      z.object({
        msgType: msgTypeField,
        enabled: bool('是否推送'),
        toOwner: bool('推送给负责人'),
        toManager: bool('推送给主管'),
        threshold: intField('阈值', 0, 100).nullable().optional(),
      }),
      { error: '推送设置列表不正确' },
    )
    .min(1, '请至少设置一种消息')
    .max(AI_MESSAGE_TYPES.length, `消息类型只有 ${AI_MESSAGE_TYPES.length} 种`),
});
