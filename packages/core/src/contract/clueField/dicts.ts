import { z } from 'zod';
import { analysis, callsOf, NoAnswer, type ServiceBase } from '../call';
import { clearableText } from '../fields';
import { IdBody, SortBody, settingId } from './common';

/**
 * The small option lists of an organisation ("dictionaries"): follow-up ways, statuses and phases and lost-order
 * reasons under /api/robot/clue/<kind>, channel sources under /api/backend/channelSourceSet, each with the same five
 * calls; the analysis service reads the enabled channel sources and lost-order reasons.
 */

export const DictKindLabel = {
  followWay: '跟进方式',
  followStatus: '跟进状态',
  followPhase: '跟进阶段',
  channelSource: '渠道来源',
  lostReason: '丢单原因',
} as const;
export type DictKindName = keyof typeof DictKindLabel;

/** One item of a dictionary. */
export const DictItem = z.object({
  id: z.number(),
  name: z.string(),
  /** 1 enabled, 2 disabled. */
  status: z.number(),
  sortNo: z.number(),
  /** '' when none. */
  remark: z.string(),
});
export type DictItem = z.infer<typeof DictItem>;

export const DictInput = z.object({
  name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(30, '名称不能超过30个字'),
  remark: z.string().max(200).optional(),
  status: z.union([z.literal(1), z.literal(2)]).optional(),
});
export type DictInput = z.infer<typeof DictInput>;

/** Changes to an item: what is left out stays; '' or null clears the remark. */
export const DictUpdate = DictInput.partial().extend({ id: settingId, remark: clearableText('备注', 200) });
export type DictUpdate = z.infer<typeof DictUpdate>;

/** The five calls of one dictionary at `prefix` (e.g. /clue/followWay). */
const dictCalls = (base: ServiceBase, prefix: string, label: string) => {
  const { post } = callsOf(base);
  return {
    list: post(`${prefix}/list`, `${label}列表`, {
      body: z.object({ onlyEnabled: z.boolean().optional() }).optional(),
      answer: z.array(DictItem),
    }),
    add: post(`${prefix}/add`, `新增${label}`, { body: DictInput, answer: DictItem }),
    update: post(`${prefix}/update`, `修改${label}`, { body: DictUpdate, answer: DictItem }),
    delete: post(`${prefix}/delete`, `删除${label}`, { body: IdBody, answer: NoAnswer }),
    sort: post(`${prefix}/sort`, `${label}排序`, { body: SortBody, answer: NoAnswer }),
  };
};

export const dicts = {
  followWay: dictCalls('robot', '/clue/followWay', DictKindLabel.followWay),
  followStatus: dictCalls('robot', '/clue/followStatus', DictKindLabel.followStatus),
  followPhase: dictCalls('robot', '/clue/followPhase', DictKindLabel.followPhase),
  lostReason: dictCalls('robot', '/clue/lostReason', DictKindLabel.lostReason),
  channelSource: dictCalls('backend', '/channelSourceSet', DictKindLabel.channelSource),
} satisfies Record<DictKindName, unknown>;

/** The enabled items, as the analysis service reads them. */
export const enabledDicts = {
  channelSource: analysis.post('/api/clue/getChannelSourceListNew', '启用的渠道来源', { answer: z.array(DictItem) }),
  lostReason: analysis.post('/api/clue/getLostOrderReasonByOrg', '启用的丢单原因', { answer: z.array(DictItem) }),
};
