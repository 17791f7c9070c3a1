import type { StatsFilter, StatsGroup, WorkRow } from '@crm/core/contract/stats';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { anyOf } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { leadWorkFacts } from '../clue';
import { callDayFacts, uploadDayFacts } from '../telephony';
import { addDays, dayStart, daysOf, maxDay, today } from './days';
import { freshnessOf, freshText, refreshWork } from './rollup';
import { type Audience, audienceOf } from './scope';

/**
 * The work figures (calls, answered, missed, talk time, leads taken, follow-ups) of a filter, by user, department
 * or day: the days the rollup covers from stats_user_day, the rest (today) live from the read models. One function
 * for every screen, so the same figure agrees wherever it shows.
 */

interface Totals {
  calls: number;
  answered: number;
  missed: number;
  talkSeconds: number;
  taken: number;
  followUps: number;
  uploads: number;
  uploadSeconds: number;
}
const ZERO: Totals = {
  calls: 0,
  answered: 0,
  missed: 0,
  talkSeconds: 0,
  taken: 0,
  followUps: 0,
  uploads: 0,
  uploadSeconds: 0,
};

export const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

export function workRow(id: number, name: string, deptName: string | null, t: Totals): WorkRow {
  return {
    id,
    name,
    deptName,
    ...t,
    answerRate: rate(t.answered, t.calls),
    avgTalkSeconds: t.answered > 0 ? Math.round(t.talkSeconds / t.answered) : 0,
  };
}

const add = (a: Totals, b: Totals): Totals => ({
  calls: a.calls + b.calls,
  answered: a.answered + b.answered,
  missed: a.missed + b.missed,
  talkSeconds: a.talkSeconds + b.talkSeconds,
  taken: a.taken + b.taken,
  followUps: a.followUps + b.followUps,
  uploads: a.uploads + b.uploads,
  uploadSeconds: a.uploadSeconds + b.uploadSeconds,
});

/** Totals per user and day of the audience over the period. */
async function facts(db: Db, s: Session, f: StatsFilter, who: Audience, key: 'user_id' | 'day') {
  if (!who.userIds.length) return new Map<string, Totals>();
  let fresh = await freshnessOf(db, s.orgId, 'work');
  if (!fresh.coveredUntil) {
    await refreshWork(db, s.orgId);
    fresh = await freshnessOf(db, s.orgId, 'work');
  }
  const covered = fresh.coveredUntil ?? today();
  const users = who.everyone ? sql`true` : anyOf(sql`user_id`, who.userIds);
  const parts: SQL[] = [];
  if (f.startDate < covered)
    parts.push(sql`select day, user_id, calls, answered, missed, talk_seconds, taken, follow_ups, 0 as uploads,
        0 as upload_seconds from stats_user_day
      where organization_id = ${s.orgId} and day between ${f.startDate} and ${f.endDate} and ${users}`);
  if (f.endDate >= covered) {
    const from = dayStart(maxDay(f.startDate, covered));
    const to = dayStart(addDays(f.endDate, 1));
    parts.push(sql`select day, user_id, calls, answered, missed, talk_seconds, 0 as taken, 0 as follow_ups,
        0 as uploads, 0 as upload_seconds
      from (${callDayFacts(s.orgId, from, to)}) c where ${users}`);
    parts.push(sql`select day, user_id, 0 as calls, 0 as answered, 0 as missed, 0 as talk_seconds, taken, follow_ups,
        0 as uploads, 0 as upload_seconds
      from (${leadWorkFacts(s.orgId, from, to)}) w where ${users}`);
  }
  // uploaded calls are read live over the whole period (an upload may carry an old call time: no rollup day is final)
  parts.push(sql`select day, user_id, 0 as calls, 0 as answered, 0 as missed, 0 as talk_seconds, 0 as taken,
      0 as follow_ups, uploads, upload_seconds
    from (${uploadDayFacts(s.orgId, dayStart(f.startDate), dayStart(addDays(f.endDate, 1)))}) u where ${users}`);
  const res = await db.execute<Record<string, string | number>>(sql`select ${sql.raw(key)}::text as k,
      sum(calls)::int as calls, sum(answered)::int as answered, sum(missed)::int as missed,
      sum(talk_seconds)::bigint as talk_seconds, sum(taken)::int as taken, sum(follow_ups)::int as follow_ups,
      sum(uploads)::int as uploads, sum(upload_seconds)::bigint as upload_seconds
    from (${sql.join(parts, sql` union all `)}) f group by 1`);
  return new Map(
    res.rows.map((r) => [
      String(r.k),
      {
        calls: Number(r.calls),
        answered: Number(r.answered),
        missed: Number(r.missed),
        talkSeconds: Number(r.talk_seconds),
        taken: Number(r.taken),
        followUps: Number(r.follow_ups),
        uploads: Number(r.uploads),
        uploadSeconds: Number(r.upload_seconds),
      },
    ]),
  );
}

export interface WorkResult {
  rows: WorkRow[];
  sum: WorkRow;
  freshAt: string | null;
}

/** Rows of every user (or department, or day) of the audience, those with nothing too; the sum over them. */
export async function workFigures(db: Db, s: Session, f: StatsFilter, group: StatsGroup): Promise<WorkResult> {
  const who = await audienceOf(db, s, f);
  const byUser = await facts(db, s, f, who, group === 'day' ? 'day' : 'user_id');
  const totalOf = (k: string | number) => byUser.get(String(k)) ?? ZERO;
  let rows: WorkRow[];
  if (group === 'day') rows = daysOf(f.startDate, f.endDate).map((d) => workRow(0, d, null, totalOf(d)));
  else if (group === 'user')
    rows = who.userIds.map((id) => {
      const u = who.users.get(id)!;
      return workRow(id, u.realName, u.deptName, totalOf(id));
    });
  else {
    const depts = new Map<number, { name: string; t: Totals }>();
    for (const id of who.userIds) {
      const u = who.users.get(id)!;
      const key = u.deptId ?? 0;
      const d = depts.get(key) ?? { name: u.deptName ?? '未分配部门', t: ZERO };
      depts.set(key, { name: d.name, t: add(d.t, totalOf(id)) });
    }
    rows = [...depts.entries()].map(([id, d]) => workRow(id, d.name, null, d.t));
  }
  const sum = workRow(0, '合计', null, [...byUser.values()].reduce(add, ZERO));
  const fresh = await freshnessOf(db, s.orgId, 'work');
  return { rows, sum, freshAt: freshText(fresh) };
}

/** A page of rows, the busiest first (by calls, then answered), with the sum of all. */
export function pageOf(r: WorkResult, pageNum: number, pageSize: number) {
  const sorted = [...r.rows].sort((a, b) => b.calls - a.calls || b.answered - a.answered || a.id - b.id);
  return {
    lists: sorted.slice((pageNum - 1) * pageSize, pageNum * pageSize),
    total: sorted.length,
    pageNum,
    pageSize,
    sum: r.sum,
    freshAt: r.freshAt,
  };
}
