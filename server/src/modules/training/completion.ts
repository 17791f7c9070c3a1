import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { Session } from '../../platform/session';
import { deptNamesByIds, deptSubtree, orgUsersByIds } from '../org';
import { callTrainLog } from './schema';
import { trainScope } from './service';

type Answer = CallAnswer<typeof contract.training.completion>;

/** The status as shown: 4 已逾期 when not completed and the deadline has passed (present.ts statusOf, in SQL). */
const shown = sql`case when ${callTrainLog.status} <> 3 and ${callTrainLog.deadline} < now() then 4 else ${callTrainLog.status} end`;

const figures = {
  total: sql<number>`count(*)::int`,
  notStarted: sql<number>`(count(*) filter (where ${shown} = 1))::int`,
  studying: sql<number>`(count(*) filter (where ${shown} = 2))::int`,
  completed: sql<number>`(count(*) filter (where ${shown} = 3))::int`,
  overdue: sql<number>`(count(*) filter (where ${shown} = 4))::int`,
};

const rate = (completed: number, total: number) => (total ? Math.round((completed / total) * 1000) / 10 : null);

/**
 * Completion of the trainings the session manages (its data scope), per person and per department (the trainee's
 * department when assigned), for trainings assigned within the range.
 */
export async function completion(
  db: DbOrTx,
  s: Session,
  f: CallBody<typeof contract.training.completion>,
): Promise<Answer> {
  const depts = f.deptId ? await deptSubtree(db, s.orgId, f.deptId) : undefined;
  const where = and(
    trainScope(s),
    depts ? inArray(callTrainLog.deptId, depts.length ? depts : [0]) : undefined,
    f.startTime ? gte(callTrainLog.createdAt, f.startTime) : undefined,
    f.endTime ? lte(callTrainLog.createdAt, f.endTime) : undefined,
  );
  const [byUser, byDept] = await Promise.all([
    db
      .select({ userId: callTrainLog.userId, ...figures })
      .from(callTrainLog)
      .where(where)
      .groupBy(callTrainLog.userId),
    db
      .select({ deptId: callTrainLog.deptId, ...figures })
      .from(callTrainLog)
      .where(where)
      .groupBy(callTrainLog.deptId),
  ]);
  const [users, deptNames] = await Promise.all([
    orgUsersByIds(
      db,
      s.orgId,
      byUser.map((r) => r.userId),
    ),
    deptNamesByIds(
      db,
      s.orgId,
      byDept.flatMap((r) => (r.deptId ? [r.deptId] : [])),
    ),
  ]);
  const byRate = <T extends { completed: number; total: number }>(rows: T[]) =>
    rows
      .map((r) => ({ ...r, rate: rate(r.completed, r.total) }))
      .sort((a, b) => (b.rate ?? 0) - (a.rate ?? 0) || b.total - a.total);
  return {
    users: byRate(byUser).map((r) => ({
      ...r,
      userName: users.get(r.userId)?.realName ?? null,
      deptName: users.get(r.userId)?.deptName ?? null,
    })),
    depts: byRate(byDept).map((r) => ({
      ...r,
      deptName: r.deptId ? (deptNames.get(r.deptId) ?? '已删除部门') : '未分配部门',
    })),
  };
}
