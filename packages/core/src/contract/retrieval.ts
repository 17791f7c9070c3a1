import { z } from 'zod';
import { robot } from './call';
import { clueIds } from './clue';
import { intField, num, pageOf, pageQuery } from './fields';
import { MoveResult } from './publicSea';

/**
 * Customer retrieval (客户找回): an owner sees the customers that left them within the retention period (dropped or
 * moved to the sea, taken by a colleague, deleted) and takes them back, within the organisation's settings. The spec
 * names no call: these paths are named here.
 */

export const RetrievalKindName = { 1: '掉入公海', 2: '被同事领取', 3: '已删除' } as const;

export const RetrievalSetting = z.object({
  enabled: num(z.literal([1, 2])),
  days: intField('可找回天数', 1, 365, ' 天'),
  fromSea: num(z.literal([1, 2])),
  fromColleague: num(z.literal([1, 2])),
  fromDeleted: num(z.literal([1, 2])),
  dailyLimit: intField('每日找回上限', 0, 10000, ' 条'),
});

export const RetrievalItem = z.object({
  clueId: z.number(),
  name: z.string(),
  phone: z.string(),
  company: z.string(),
  kind: z.number(),
  kindName: z.string(),
  leftAt: z.string().nullable(),
  reason: z.string(),
  /** Where it is now: the colleague, or the pool. */
  currentOwnerName: z.string(),
  poolName: z.string(),
  /** False when the settings do not allow taking it back (kind switched off). */
  canRetrieve: z.boolean(),
});

export const customerRetrieval = {
  pagelist: robot.post('/customerRetrieval/pagelist', '可找回的客户', {
    body: z.object({ ...pageQuery, kind: num(z.number().int().min(1).max(3).optional()) }),
    answer: pageOf(RetrievalItem).extend({
      counts: z.object({ sea: z.number(), colleague: z.number(), deleted: z.number() }),
      setting: RetrievalSetting,
    }),
  }),
  retrieve: robot.post('/customerRetrieval/retrieve', '找回客户', { body: z.object({ clueIds }), answer: MoveResult }),
  getSetting: robot.post('/customerRetrieval/getSetting', '客户找回设置', { answer: RetrievalSetting }),
  saveSetting: robot.post('/customerRetrieval/saveSetting', '保存客户找回设置', {
    body: RetrievalSetting,
    answer: RetrievalSetting,
  }),
};
