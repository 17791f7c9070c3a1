import { z } from 'zod';
import { idField } from '../fields';

/** Pieces shared by the sections of the business settings (contract/clueField.ts). */

/** The id of a setting (a field, a dictionary item, a tag, a role…), with the messages these calls have always given. */
export const settingId = idField('设置', { missing: '必须是数字', invalid: '必须是正整数' });

export const IdBody = z.object({ id: settingId });

/** The new order of a list: every id, first to last. */
export const SortBody = z.object({
  ids: z.array(settingId).min(1, '请提供排序').max(1000, '一次最多排序1000项'),
});

/** A 0 / 1 switch (isRequired, isShow, enabled, masked…). */
export const flag = z.union([z.literal(0), z.literal(1)]);
