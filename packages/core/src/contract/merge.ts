import { z } from 'zod';
import { robot } from './call';
import { Clue, clueId } from './clue';
import { idField, num, pageOf, pageQuery } from './fields';

/**
 * Duplicates and merging (/mergeCustomer 7.10, /clue/duplicate 7.3): groups of leads that the organisation's
 * duplicate rules (/clue/clueFieldRepeat; the phone number when none is on) find alike, the check of one lead, the
 * merge with a choice of value per field, and the merge records.
 */

/** A duplicate rule as the groups are listed by it. */
export const DuplicateRule = z.object({ ruleNo: z.number(), label: z.string() });

export const DuplicateGroup = z.object({
  ruleNo: z.number(),
  ruleLabel: z.string(),
  clueIds: z.array(z.number()),
  leads: z.array(Clue),
});

const GroupsRequest = z.object({
  ...pageQuery,
  /** Which rule (0 first); see `rules` in the answer. */
  ruleNo: num(z.number().int().min(0).max(20).default(0)),
});
const GroupsAnswer = pageOf(DuplicateGroup).extend({ rules: z.array(DuplicateRule) });

const CheckAnswer = z.object({ clueId: z.number(), groups: z.array(DuplicateGroup) });

export const MergeInput = z.object({
  /** The lead kept. */
  keepId: clueId,
  /** Every lead of the merge (the kept one may be among them). */
  clueIds: z.array(clueId).min(1, '请选择要合并的客户').max(20, '一次最多合并 20 个客户'),
  /** Field name → the lead whose value is kept (fields left out: the kept lead's, or the first filled one). */
  choices: z.record(z.string().max(64), clueId).default({}),
});

export const MergeAnswer = z.object({ recordId: z.number(), clueId: z.number(), count: z.number() });

export const MergeRecord = z.object({
  id: z.number(),
  keptClueId: z.number(),
  keptName: z.string(),
  mergedClueIds: z.array(z.number()),
  mergedNames: z.array(z.string()),
  userName: z.string(),
  createdAt: z.string().nullable(),
});

export const MergeRecordDetail = MergeRecord.extend({
  /** Each chosen field: which lead's value was kept, and the value as shown. */
  choices: z.array(
    z.object({ fieldName: z.string(), fieldLabel: z.string(), fromClueId: z.number(), value: z.string() }),
  ),
  /** The leads as they were before the merge, the kept one first. */
  leads: z.array(Clue),
});

/** The fields a merge offers, with labels (standard ones; the organisation's custom fields follow). */
export const MERGE_FIELD_LABELS: Record<string, string> = {
  name: '客户名称',
  company: '公司名称',
  phone: '手机号',
  type: '客户类型',
  ownerId: '跟进人',
  stage: '客户阶段',
  channelSourceId: '渠道来源',
  followStatusId: '跟进状态',
  followPhaseId: '跟进阶段',
  gender: '性别',
  age: '年龄',
  birthday: '生日',
  area: '所在地区',
  address: '详细地址',
  remark: '备注',
  nextFollowTime: '下次跟进时间',
};

export const mergeCustomer = {
  merge: robot.post('/mergeCustomer/mergeCustomer', '合并客户（逐字段选择保留的值）', {
    body: MergeInput,
    answer: MergeAnswer,
  }),
  goingToMerge: robot.post('/mergeCustomer/queryGoingToMergeCustomerList', '待合并的重复客户组', {
    body: GroupsRequest,
    answer: GroupsAnswer,
  }),
  repeatCheck: robot.post('/mergeCustomer/repeatCheckAndQueryMergeCustomer', '查重：一个客户的重复客户', {
    body: z.object({ clueId }),
    answer: CheckAnswer,
  }),
  repeatMerge: robot.post('/mergeCustomer/repeatMergeCustomer', '把查重找到的重复客户合并到该客户', {
    body: z.object({ clueId }),
    answer: MergeAnswer,
  }),
  recordDetail: robot.get('/mergeCustomer/queryMergeRecordDetail', '合并记录详情', {
    query: z.object({ id: idField('合并记录') }),
    answer: MergeRecordDetail,
  }),
  records: robot.post('/mergeCustomer/queryMergeRecordList', '合并记录', {
    body: z.object(pageQuery),
    answer: pageOf(MergeRecord),
  }),
};

export const clueDuplicate = {
  pagelist: robot.post('/clue/duplicate/pagelist', '重复客户组（按查重规则）', {
    body: GroupsRequest,
    answer: GroupsAnswer,
  }),
  check: robot.post('/clue/duplicate/check', '一个客户的重复客户', { body: z.object({ clueId }), answer: CheckAnswer }),
};

/** A lead's merge field as shown (the name beside an id; a custom field's display text): '' when empty. */
export function mergeFieldText(lead: z.infer<typeof Clue>, field: string): string {
  const key: Record<string, keyof z.infer<typeof Clue>> = {
    ownerId: 'ownerName',
    type: 'typeName',
    stage: 'stageName',
    channelSourceId: 'channelSourceName',
    followStatusId: 'followStatusName',
    followPhaseId: 'followPhaseName',
    gender: 'genderName',
    area: 'areaName',
  };
  const v = key[field] ? lead[key[field]] : ((lead as Record<string, unknown>)[field] ?? lead.customText?.[field]);
  return v === null || v === undefined ? '' : String(v);
}
