import { z } from 'zod';
import { defineCall } from '../call';
import { num } from '../fields';

/**
 * A user's columns of a lead list (/userCustomField under /api/robot, and the analysis service's
 * setClueUserCustomTable / customTableDefault / getClueUserCustomByType).
 */

/** Which list: 1 my customers, 2 data import, 3 recycle bin, … */
export const TABLE_TYPE = { customerManage: 1, dataImport: 2, recycleBin: 3 } as const;
const tableType = num(z.number().int().min(1).max(20).default(1));
const TypeBody = z.object({ type: tableType });

/** A chosen column, in order. */
export const ColumnChoice = z.object({
  fieldName: z.string(),
  width: z.number().optional(),
  fixed: z.string().nullish(),
});
export type ColumnChoice = z.infer<typeof ColumnChoice>;

const ColumnsBody = TypeBody.extend({
  columns: z
    .array(
      z.object({
        fieldName: z.string().min(1),
        width: z.number().int().positive().optional(),
        fixed: z.string().nullish(),
      }),
    )
    .max(200, '列最多200个'),
});
export type ColumnsInput = z.infer<typeof ColumnsBody>;

/** Every field a list can show, with the user's choice (isChecked) and order (sortNum; 999 when not chosen). */
export const Column = z.object({
  fieldName: z.string(),
  fieldLabel: z.string(),
  fieldType: z.number(),
  isCustom: z.number(),
  isChecked: z.number(),
  sortNum: z.number(),
  width: z.number().nullable(),
});
export type Column = z.infer<typeof Column>;

export const columns = {
  list: defineCall({
    base: 'robot',
    method: 'POST',
    path: '/userCustomField/list',
    summary: '我的列表字段',
    body: TypeBody,
    answer: z.array(Column),
  }),
  save: defineCall({
    base: 'robot',
    method: 'POST',
    path: '/userCustomField/save',
    summary: '设置我的列表字段',
    body: ColumnsBody,
    answer: z.array(ColumnChoice),
  }),
  reset: defineCall({
    base: 'robot',
    method: 'POST',
    path: '/userCustomField/reset',
    summary: '恢复默认列表字段',
    body: TypeBody,
    answer: z.array(ColumnChoice),
  }),
  set: defineCall({
    base: 'analysis',
    method: 'POST',
    path: '/asr/V1/setClueUserCustomTable',
    summary: '设置我的列表字段',
    body: ColumnsBody,
    answer: z.array(ColumnChoice),
  }),
  setDefault: defineCall({
    base: 'analysis',
    method: 'POST',
    path: '/asr/V1/customTableDefault',
    summary: '恢复默认列表字段，答复全部字段',
    body: TypeBody,
    answer: z.array(Column),
  }),
  byType: defineCall({
    base: 'analysis',
    method: 'POST',
    path: '/asr/V1/getClueUserCustomByType',
    summary: '我的列表字段',
    body: TypeBody,
    answer: z.array(Column),
  }),
  byTypeApi: defineCall({
    base: 'analysis',
    method: 'POST',
    path: '/api/clue/getClueUserCustomByType',
    summary: '我的列表字段',
    body: TypeBody,
    answer: z.array(Column),
  }),
};
