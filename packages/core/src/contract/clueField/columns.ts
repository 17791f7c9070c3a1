import { z } from 'zod';
import { analysis, robot } from '../call';
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
  list: robot.post('/userCustomField/list', '我的列表字段', { body: TypeBody, answer: z.array(Column) }),
  save: robot.post('/userCustomField/save', '设置我的列表字段', { body: ColumnsBody, answer: z.array(ColumnChoice) }),
  reset: robot.post('/userCustomField/reset', '恢复默认列表字段', { body: TypeBody, answer: z.array(ColumnChoice) }),
  set: analysis.post('/asr/V1/setClueUserCustomTable', '设置我的列表字段', {
    body: ColumnsBody,
    answer: z.array(ColumnChoice),
  }),
  setDefault: analysis.post('/asr/V1/customTableDefault', '恢复默认列表字段，答复全部字段', {
    body: TypeBody,
    answer: z.array(Column),
  }),
  byType: analysis.post('/asr/V1/getClueUserCustomByType', '我的列表字段', { body: TypeBody, answer: z.array(Column) }),
  byTypeApi: analysis.post('/api/clue/getClueUserCustomByType', '我的列表字段', {
    body: TypeBody,
    answer: z.array(Column),
  }),
};
