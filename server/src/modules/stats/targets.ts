import { UserStatus } from '@crm/core';
import type { StatsFilter, TargetConfigInput, TargetRow } from '@crm/core/contract/stats';
import { and, between, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db';
import { forbidden, notFound } from '../../platform/errors';
import { anyOf, seesUser } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { orgUsers } from '../org';
import { statsTarget } from './schema';
import { audienceOf, scopeUsers } from './scope';
import { rate, workFigures } from './work';

/**
 * Employee performance targets: each user's monthly target of new leads (stats_target), and per user or department
 * the target of a period against the leads taken in it (the `taken` of the work figures, so that both tables of the
 * staff screen agree). A period's target is the sum of the targets of the months it touches: 本月 (the 1st to today)
 * reads against the whole month's target, as does a week inside the month.
 */

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

async function targetsOf(db: Db, orgId: number, from: string, to: string, userIds: number[] | null) {
  return db
    .select({ userId: statsTarget.userId, month: statsTarget.month, target: statsTarget.target })
    .from(statsTarget)
    .where(
      and(
        eq(statsTarget.organizationId, orgId),
        between(statsTarget.month, monthStart(from), monthStart(to)),
        userIds ? anyOf(statsTarget.userId, userIds) : undefined,
      ),
    );
}

/** The month's targets of the users the caller sees (enabled ones, and disabled ones that have a target). */
export async function getTargetConfig(db: Db, s: Session, month: string) {
  const first = `${month}-01`;
  const set = new Map((await targetsOf(db, s.orgId, first, first, null)).map((t) => [t.userId, t.target]));
  const users = (await scopeUsers(db, s)).filter((u) => u.status === UserStatus.ENABLED || set.has(u.id));
  return {
    month,
    users: users.map((u) => ({ userId: u.id, realName: u.realName, deptName: u.deptName, target: set.get(u.id) ?? 0 })),
  };
}

export async function saveTargetConfig(db: Db, s: Session, input: z.output<typeof TargetConfigInput>) {
  const all = new Set((await orgUsers(db, s.orgId)).map((u) => u.id));
  if (input.targets.some((t) => !all.has(t.userId))) throw notFound('员工不存在');
  if (input.targets.some((t) => !seesUser(s, t.userId))) throw forbidden('只能设置数据权限内员工的目标');
  const month = `${input.month}-01`;
  const byUser = new Map(input.targets.map((t) => [t.userId, t.target]));
  await db
    .insert(statsTarget)
    .values([...byUser].map(([userId, target]) => ({ organizationId: s.orgId, userId, month, target })))
    .onConflictDoUpdate({
      target: [statsTarget.organizationId, statsTarget.month, statsTarget.userId],
      set: { target: sql`excluded.target`, updatedAt: new Date() },
    });
  return getTargetConfig(db, s, input.month);
}

const targetRow = (id: number, name: string, deptName: string | null, target: number, actual: number): TargetRow => ({
  id,
  name,
  deptName,
  target,
  actual,
  rate: rate(actual, target),
});

/** Target, leads taken and completion per user (or department) of the filter's audience, and their sum. */
export async function targetFigures(db: Db, s: Session, f: StatsFilter, byDept: boolean) {
  const who = await audienceOf(db, s, f);
  const work = await workFigures(db, s, f, 'user');
  const targets = new Map<number, number>();
  for (const t of await targetsOf(db, s.orgId, f.startDate, f.endDate, who.everyone ? null : who.userIds))
    targets.set(t.userId, (targets.get(t.userId) ?? 0) + t.target);
  const users = work.rows.map((w) => targetRow(w.id, w.name, w.deptName, targets.get(w.id) ?? 0, w.taken));
  let rows = users;
  if (byDept) {
    const depts = new Map<number, TargetRow>();
    for (const r of users) {
      const u = who.users.get(r.id)!;
      const key = u.deptId ?? 0;
      const d = depts.get(key) ?? targetRow(key, u.deptName ?? '未分配部门', null, 0, 0);
      depts.set(key, targetRow(key, d.name, null, d.target + r.target, d.actual + r.actual));
    }
    rows = [...depts.values()];
  }
  const total = users.reduce((a, r) => a + r.target, 0);
  return { rows, sum: targetRow(0, '合计', null, total, work.sum.taken), freshAt: work.freshAt };
}
