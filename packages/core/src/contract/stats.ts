import { z } from 'zod';
import { robot } from './call';
import { idField, optionalId } from './fields';

/**
 * Statistics and reports (plan group G-1), under /api/robot: every figure is computed from the rows of the modules
 * that own them (leads, calls, orders), scoped by the session's organisation and data scope. A filter is a period
 * of whole Shanghai days, a department (with those below it) and users, always within the caller's data scope.
 */

/** The longest period one statistics call covers. */
export const STATS_MAX_DAYS = 366;

const dayField = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label}不是有效日期`);

const userIds = z.preprocess(
  (v) => (v === '' || v === null || (Array.isArray(v) && v.length === 0) ? undefined : v),
  z.array(idField('员工'), { error: '员工列表不正确' }).max(500, '员工一次最多 500 个').optional(),
);

export const statsFilterShape = {
  startDate: dayField('开始日期'),
  endDate: dayField('结束日期'),
  /** The department and every department below it. */
  deptId: optionalId('部门'),
  userIds,
};

const daysBetween = (a: string, b: string) =>
  (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

/** The period checks every statistics filter shares. */
export const periodChecks = <T extends z.ZodType<{ startDate: string; endDate: string }>>(schema: T) =>
  schema
    .refine((f) => f.endDate >= f.startDate, { message: '结束日期不能早于开始日期', path: ['endDate'] })
    .refine((f) => daysBetween(f.startDate, f.endDate) < STATS_MAX_DAYS, {
      message: `统计时间最长 ${STATS_MAX_DAYS} 天`,
      path: ['endDate'],
    });

export const StatsFilter = periodChecks(z.object(statsFilterShape));
export type StatsFilter = z.output<typeof StatsFilter>;

/** A department of the caller's scope, as a tree. */
export interface ScopeDept {
  id: number;
  name: string;
  parentId: number | null;
  children: ScopeDept[];
}
const ScopeDeptSchema: z.ZodType<ScopeDept> = z.lazy(() =>
  z.object({ id: z.number(), name: z.string(), parentId: z.number().nullable(), children: z.array(ScopeDeptSchema) }),
);
export const ScopeUser = z.object({
  id: z.number(),
  realName: z.string(),
  deptId: z.number().nullable(),
  status: z.number(),
});

export const stats = {
  getDeptInfo: robot.post('/clue/rxfxstastic/getDeptInfo', '统计范围内的部门（树）', {
    answer: z.array(ScopeDeptSchema),
  }),
  getAnalyzeUserInfo: robot.post('/clue/rxfxstastic/getAnalyzeUserInfo', '统计范围内的员工', {
    body: z.object({ deptId: optionalId('部门') }),
    answer: z.array(ScopeUser),
  }),
};
