import { z } from 'zod';
import { analysis, NoAnswer, robot } from '../call';
import { flag, settingId } from './common';

/**
 * Per role: each lead field hidden, read-only or editable, and masked or not (/customFieldShow/getRoleFieldAuth,
 * saveRoleFieldAuth); phone masking per role (/maskConfig under /api/robot, queryMaskConfig also under
 * /api/analysis).
 */

/** 0 hidden, 1 read-only, 2 editable. */
export const FIELD_ACCESS = [0, 1, 2] as const;
export const FieldAccessName = { 0: '隐藏', 1: '只读', 2: '可编辑' } as const;

/** What one role may do with one field. */
export const RoleFieldAccess = z.object({
  fieldName: z.string(),
  fieldLabel: z.string(),
  access: z.number(),
  masked: flag,
});
export type RoleFieldAccess = z.infer<typeof RoleFieldAccess>;

export const RoleFieldAccessInput = z.object({
  fieldName: z.string().min(1),
  access: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  masked: z.union([z.boolean(), flag]).optional(),
});
export type RoleFieldAccessInput = z.infer<typeof RoleFieldAccessInput>;

/** Phone masking: how numbers are masked and which roles see them masked. */
export const MaskConfig = z.object({
  maskType: z.number(),
  maskTypeName: z.string(),
  roles: z.array(z.object({ roleId: z.number(), masked: flag })),
});
export type MaskConfig = z.infer<typeof MaskConfig>;

const roleBody = z.object({ roleId: settingId });

export const fieldAccess = {
  get: robot.post('/customFieldShow/getRoleFieldAuth', '角色的字段权限', {
    body: roleBody,
    answer: z.array(RoleFieldAccess),
  }),
  save: robot.post('/customFieldShow/saveRoleFieldAuth', '设置角色的字段权限', {
    body: roleBody.extend({ items: z.array(RoleFieldAccessInput).max(1000, '字段最多1000个') }),
    answer: NoAnswer,
  }),
};

export const mask = {
  get: robot.post('/maskConfig/queryMaskConfig', '号码脱敏设置', { answer: MaskConfig }),
  save: robot.post('/maskConfig/saveMaskConfig', '设置角色的号码脱敏', {
    body: roleBody.extend({ masked: z.union([z.boolean(), flag]) }),
    answer: MaskConfig,
  }),
  /** The same answer for the analysis service. */
  getForAnalysis: analysis.post('/api/clue/queryMaskConfig', '号码脱敏设置', { answer: MaskConfig }),
};
