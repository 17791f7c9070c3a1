import { z } from 'zod';
import { NoAnswer, robot } from '../call';
import { num } from '../fields';
import { CascadeNode, FieldGroupItem } from '../shapes';
import { flag, IdBody, SortBody, settingId } from './common';

/**
 * Field definitions: the lead form's standard and custom fields (/customFieldShow, /customFieldShowV2) and the order
 * and product fields (/clueOrderField), under /api/robot.
 */

/** Custom field types (fieldType). */
export const FieldType = {
  1: '单行文本',
  2: '多行文本',
  3: '数字',
  4: '日期',
  5: '日期时间',
  6: '单选',
  7: '多选',
  8: '级联',
  9: '手机号',
  10: '邮箱',
} as const;
export type FieldTypeId = keyof typeof FieldType;

/** How a field is shown (showType): the spec names it without values; these are the ones chosen here. */
export const ShowType = {
  1: '输入框',
  2: '文本域',
  3: '下拉框',
  4: '单选按钮',
  5: '复选框',
  6: '日期选择',
  7: '级联选择',
} as const;

/** Number limits or text length of a field. */
export const FieldRules = z.object({
  min: z.number().optional(),
  max: z.number().optional(),
  maxLength: z.number().optional(),
  decimals: z.number().optional(),
});
export type FieldRules = z.infer<typeof FieldRules>;

const GroupItemInput = z.object({
  fieldValue: z.string().max(50).optional(),
  fieldLabel: z.string().trim().min(1, '选项名称不能为空').max(50),
  groupId: z.number().int().nullish(),
  groupName: z.string().max(50).nullish(),
  groupSortNum: z.number().int().optional(),
  itemSortNum: z.number().int().optional(),
});

const CascadeInput: z.ZodType<CascadeNode> = z
  .lazy(() =>
    z.object({
      value: z.string().min(1).max(100),
      label: z.string().min(1).max(100),
      children: z.array(CascadeInput).max(500, '级联选项每层最多500个').optional(),
    }),
  )
  .meta({ id: 'CascadeInput' });

const fieldBody = {
  fieldLabel: z.string({ error: '请输入字段名称' }).trim().min(1, '请输入字段名称').max(20, '字段名称不能超过20个字'),
  fieldTopic: z.string().trim().max(20).optional(),
  fieldType: num(z.number({ error: '请选择字段类型' }).int()),
  showType: num(z.number().int().optional()),
  isRequired: flag.optional(),
  isShow: flag.optional(),
  groupList: z.array(GroupItemInput).max(500, '选项最多500个').optional(),
  cascadeData: z.array(CascadeInput).max(500, '级联选项每层最多500个').optional(),
  rules: z
    .object({
      min: z.number().optional(),
      max: z.number().optional(),
      maxLength: z.number().int().positive().optional(),
      decimals: z.number().int().min(0).max(6).optional(),
    })
    .optional(),
  sortNo: z.number().int().optional(),
};

/** A new custom field; options without a value take their label as value. */
export const FieldInput = z.object(fieldBody);
export type FieldInput = z.infer<typeof FieldInput>;

/** Changes to a field: what is left out stays (its type cannot change). */
export const FieldUpdate = z.object({
  id: settingId,
  ...fieldBody,
  fieldLabel: fieldBody.fieldLabel.optional(),
  fieldType: fieldBody.fieldType.optional(),
});
export type FieldUpdate = z.infer<typeof FieldUpdate>;

/** One field as the forms read it: standard or custom, with what the caller's role may do with it. */
export const FieldDef = z.object({
  /** null for the standard fields. */
  id: z.number().nullable(),
  fieldName: z.string(),
  fieldLabel: z.string(),
  fieldTopic: z.string(),
  fieldType: z.number(),
  fieldTypeName: z.string(),
  showType: z.number(),
  showTypeName: z.string(),
  isRequired: z.number(),
  isShow: z.number(),
  /** 0 standard, 1 custom. */
  isCustom: z.number(),
  groupList: z.array(FieldGroupItem),
  cascadeData: z.array(CascadeNode),
  rules: FieldRules,
  sortNo: z.number(),
  /** 0 hidden, 1 read-only, 2 editable. */
  access: z.number(),
  masked: flag,
});
export type FieldDef = z.infer<typeof FieldDef>;

/** The fields of one topic (fieldTopic), as /customFieldShowV2/list groups them. */
export const FieldTopic = z.object({ groupName: z.string(), fieldList: z.array(FieldDef) });
export type FieldTopic = z.infer<typeof FieldTopic>;

/** Order fields (1) and product fields (3) of /clueOrderField. */
const orderType = z.union([z.literal(1), z.literal(3)], { error: '只能是1（订单）或3（产品）' });

export const fields = {
  list: robot.post('/customFieldShow/list', '客户字段列表（标准字段和自定义字段，不含角色隐藏的）', {
    answer: z.array(FieldDef),
  }),
  topics: robot.post('/customFieldShowV2/list', '客户字段列表，按分组（fieldTopic）', { answer: z.array(FieldTopic) }),
  add: robot.post('/customFieldShow/add', '新增自定义字段', { body: FieldInput, answer: FieldDef }),
  update: robot.post('/customFieldShow/update', '修改自定义字段', { body: FieldUpdate, answer: FieldDef }),
  delete: robot.post('/customFieldShow/delete', '删除自定义字段', { body: IdBody, answer: NoAnswer }),
  sort: robot.post('/customFieldShow/sort', '自定义字段排序', { body: SortBody, answer: NoAnswer }),
  setNextFollowTimeField: robot.post('/customFieldShow/setNextFollowTimeField', '启用或停用“下次跟进时间”字段', {
    body: z.object({ enabled: z.boolean({ error: '必须是布尔值' }) }),
    answer: z.object({ enabled: z.boolean() }),
  }),
};

export const orderFields = {
  list: robot.post('/clueOrderField/queryOrderOrganizationField', '订单字段（type 1）或产品字段（type 3）列表', {
    body: z.object({ type: orderType }),
    answer: z.object({ lists: z.array(FieldDef) }),
  }),
  add: robot.post('/clueOrderField/add', '新增订单或产品字段', {
    body: FieldInput.extend({ type: orderType }),
    answer: FieldDef,
  }),
  update: robot.post('/clueOrderField/update', '修改订单或产品字段', { body: FieldUpdate, answer: FieldDef }),
  delete: robot.post('/clueOrderField/delete', '删除订单或产品字段', { body: IdBody, answer: NoAnswer }),
};
