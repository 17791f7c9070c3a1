import { z } from 'zod';
import { CountAnswer, IdAnswer, robot } from './call';
import { idField, intField, nameField, num, optionalId } from './fields';

/**
 * Automatic assignment rules (/clue/autoassign, 7.9): which new leads a rule takes (source, import way, region,
 * custom-field values) and who receives them, round robin or weighted, with daily caps and an option to skip users
 * who are off work. New leads from import, manual creation and the open API go to the first enabled rule in order.
 */

export const AssignModeName = { 1: '轮流分配', 2: '按权重分配' } as const;
export const RuleStatusName = { 1: '启用', 2: '停用' } as const;

const ruleId = idField('规则');

export const AssignMemberInput = z.object({
  userId: idField('接收人'),
  weight: num(intField('权重', 1, 100)).default(1),
  dailyCap: num(intField('每日上限', 0, 100000, ' 条')).default(0),
});

export const AssignRuleInput = z.object({
  id: optionalId('规则'),
  name: nameField('规则名称', 30),
  channelSourceIds: z.array(idField('渠道来源')).max(100).default([]),
  importWays: z
    .array(num(z.number().int().min(1, '导入方式为1-16').max(16, '导入方式为1-16')))
    .max(16)
    .default([]),
  areaCodes: z.array(z.string().max(12)).max(100).default([]),
  customConditions: z
    .array(z.object({ fieldName: z.string().min(1).max(64), values: z.array(z.string().max(100)).min(1).max(50) }))
    .max(10)
    .default([]),
  mode: num(z.literal([1, 2], { error: '分配方式只能是 1（轮流）或 2（按权重）' })),
  members: z.array(AssignMemberInput).min(1, '请选择接收人').max(200, '接收人最多 200 个'),
  skipOffWork: num(z.literal([1, 2])).default(2),
  status: num(z.literal([1, 2])).default(1),
});

export const AssignRule = z.object({
  id: z.number(),
  name: z.string(),
  status: z.number(),
  statusName: z.string(),
  sortNum: z.number(),
  channelSourceIds: z.array(z.number()),
  channelSourceNames: z.array(z.string()),
  importWays: z.array(z.number()),
  importWayNames: z.array(z.string()),
  areaCodes: z.array(z.string()),
  customConditions: z.array(z.object({ fieldName: z.string(), values: z.array(z.string()) })),
  mode: z.number(),
  modeName: z.string(),
  members: z.array(
    z.object({
      userId: z.number(),
      realName: z.string(),
      weight: z.number(),
      dailyCap: z.number(),
      /** Leads this rule gave the member in all and today. */
      total: z.number(),
      today: z.number(),
    }),
  ),
  skipOffWork: z.number(),
  /** The conditions in words. */
  conditionText: z.string(),
  createdAt: z.string().nullable(),
});

export const autoAssign = {
  list: robot.get('/clue/autoassign/getAutoAssignRuleList', '自动分配规则（按顺序）', { answer: z.array(AssignRule) }),
  importTips: robot.get('/clue/autoassign/getImportTips', '导入时由哪条规则接收线索', {
    query: z.object({
      importWay: num(z.number().int().min(1).max(16).optional()),
      channelSourceId: optionalId('渠道来源'),
    }),
    answer: z.object({
      ruleId: z.number().nullable(),
      ruleName: z.string(),
      tip: z.string(),
      /** Enabled rules whose conditions depend on the rows (region, custom fields): they may take some rows first. */
      maybe: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  }),
  detail: robot.post('/clue/autoassign/getAutoAssignRuleById', '自动分配规则详情', {
    query: z.object({ id: ruleId }),
    answer: AssignRule,
  }),
  sort: robot.post('/clue/autoassign/editRuleSort', '自动分配规则排序', {
    body: z.object({ ids: z.array(ruleId).min(1, '请选择规则').max(200) }),
    answer: CountAnswer,
  }),
  save: robot.post('/clue/autoassign/addAutoAssignRule', '新建或修改自动分配规则', {
    body: AssignRuleInput,
    answer: IdAnswer,
  }),
  users: robot.post('/clue/autoassign/getToAutoAssignUserList', '可接收自动分配的员工（含工作状态）', {
    answer: z.array(
      z.object({
        userId: z.number(),
        realName: z.string(),
        deptName: z.string(),
        workStatus: z.number(),
        workStatusName: z.string(),
      }),
    ),
  }),
  del: robot.post('/clue/autoassign/delAutoAssignRule', '删除自动分配规则', {
    query: z.object({ id: ruleId }),
    answer: CountAnswer,
  }),
  setStatus: robot.post('/clue/autoassign/setAutoAssignRuleStatus', '启用或停用自动分配规则', {
    body: z.object({ id: ruleId, status: num(z.literal([1, 2], { error: '状态只能是 1（启用）或 2（停用）' })) }),
    answer: IdAnswer,
  }),
};
