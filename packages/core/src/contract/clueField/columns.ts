import { z } from 'zod';
import { analysis, robot } from '../call';
import { num } from '../fields';

/**
 * A user's columns of a lead list (/userCustomField under /api/robot, and the analysis service's
 * setClueUserCustomTable / customTableDefault / getClueUserCustomByType).
 */

/** Which list: 1 my customers, 2 data import, 3 recycle bin, … 10 call analysis. */
export const TABLE_TYPE = { customerManage: 1, dataImport: 2, recycleBin: 3, callAnalysis: 10 } as const;

/** The columns the call-analysis list can show (TABLE_TYPE.callAnalysis), in their default order of choice. */
export const CALL_ANALYSIS_COLUMNS = {
  callTime: '通话时间',
  durationText: '通话时长',
  ownerName: '归属员工',
  deptName: '部门',
  phone: '号码',
  clueName: '客户',
  analysisStatus: '分析状态',
  intention: '意向标签',
  intentionDegree: '意向度',
  aiLabels: 'AI 标签',
  callTags: '通话标签',
  customTags: '自定义 AI 标签',
  churnRisk: '流失风险',
  riskName: '风险',
  violationCount: '违规',
  flagNames: '表现标记',
  keywords: '关键词',
  summary: '通话小结',
  sourceName: '录音来源',
  callTypeName: '通话类型',
  commentCount: '评论',
  analysedAt: '分析时间',
  fileName: '文件名',
} as const;
export type CallAnalysisColumn = keyof typeof CALL_ANALYSIS_COLUMNS;

/** Shown until the user chooses: the columns a sales manager reads first. */
export const CALL_ANALYSIS_DEFAULT_COLUMNS: CallAnalysisColumn[] = [
  'callTime',
  'durationText',
  'ownerName',
  'phone',
  'analysisStatus',
  'intention',
  'aiLabels',
  'callTags',
  'churnRisk',
  'violationCount',
  'flagNames',
  'summary',
];
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
