import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { anyOf } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { deptSubtree, usersInDepts } from '../org';
import { HIGH_CHURN } from './rollup';

type Calls = typeof contract.insight;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type Item = Answer<'insights'>['needs'][number];

const KINDS = { needs: 'need', objections: 'objection', competitors: 'competitor', questions: 'question' } as const;

/** The days from start to end (YYYY-MM-DD, inclusive). */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The period in Shanghai time, as timestamps, and the day of a row's call_at. */
export const periodOf = (start: string, end: string) => ({
  from: new Date(`${start}T00:00:00+08:00`),
  to: new Date(Date.parse(`${end}T00:00:00+08:00`) + 86_400_000),
});
export const shanghaiDaySql = (col: SQL) => sql`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

/**
 * The owners whose rows the caller reads: the session's data scope, narrowed to the chosen department and those below
 * it; null for everyone.
 */
async function ownersOf(db: DbOrTx, s: Session, f: Body<'insights'>): Promise<number[] | null> {
  const dept = f.deptId ? await usersInDepts(db, s.orgId, await deptSubtree(db, s.orgId, f.deptId)) : null;
  if (s.visibleUserIds === null) return dept;
  if (dept === null) return s.visibleUserIds;
  const visible = new Set(s.visibleUserIds);
  return dept.filter((id) => visible.has(id));
}

/** Rows (alias `t`) of the organisation, the owners and the period, on the timestamp column `call_at`. */
function rawWhere(s: Session, f: Body<'insights'>, owners: number[] | null): SQL {
  const { from, to } = periodOf(f.startDate, f.endDate);
  const parts: SQL[] = [sql`t.organization_id = ${s.orgId}`, sql`t.call_at >= ${from}`, sql`t.call_at < ${to}`];
  if (owners !== null) parts.push(anyOf(sql`t.owner_user_id`, owners));
  if (f.stage) parts.push(sql`t.stage = ${f.stage}`);
  return sql.join(parts, sql` and `);
}

type Counts = { d: string; n: number; strong: number; churn: number };
type LabelCount = { kind: string; label: string; n: number };
type DayCount = LabelCount & { d: string };

/**
 * Where the counts come from: the daily counts per owner (insight_daily) for any period, or, with a stage filter (a
 * dimension the daily counts do not keep), the calls' and mentions' own rows.
 */
function countSource(s: Session, f: Body<'insights'>, owners: number[] | null) {
  const kinds = sql`${sql.param(Object.values(KINDS))}::text[]`;
  if (f.stage) {
    const where = rawWhere(s, f, owners);
    const day = shanghaiDaySql(sql`t.call_at`);
    return {
      calls: sql`select ${day} as d, count(*)::int as n, count(*) filter (where t.intention = 1)::int as strong,
        count(*) filter (where t.churn_risk >= ${HIGH_CHURN})::int as churn from insight_call t where ${where} group by 1`,
      labels: sql`select t.kind, t.label, count(*)::int as n from insight_mention t
        where ${where} and t.kind = any(${kinds}) group by 1, 2`,
      trend: (chosen: SQL) => sql`select t.kind, t.label, ${day} as d, count(*)::int as n from insight_mention t
        where ${where} and t.kind = any(${kinds}) and ${chosen} group by 1, 2, 3`,
    };
  }
  const parts: SQL[] = [
    sql`t.organization_id = ${s.orgId}`,
    sql`t.day >= ${f.startDate}::date`,
    sql`t.day <= ${f.endDate}::date`,
  ];
  if (owners !== null) parts.push(anyOf(sql`t.owner_user_id`, owners));
  const where = sql.join(parts, sql` and `);
  const day = sql`to_char(t.day, 'YYYY-MM-DD')`;
  return {
    calls: sql`select ${day} as d, sum(t.n)::int as n, sum(t.strong)::int as strong, sum(t.high_churn)::int as churn
      from insight_daily t where ${where} and t.kind = 'call' group by 1`,
    labels: sql`select t.kind, t.label, sum(t.n)::int as n from insight_daily t
      where ${where} and t.kind = any(${kinds}) group by 1, 2 having sum(t.n) > 0`,
    trend: (chosen: SQL) => sql`select t.kind, t.label, ${day} as d, sum(t.n)::int as n from insight_daily t
      where ${where} and t.kind = any(${kinds}) and ${chosen} group by 1, 2, 3`,
  };
}

/**
 * Customer insight across the organisation for a period (department, stage): calls, customers, strong intention and
 * high churn counts per day, and the top needs, objections, competitors and questions with their counts, daily trend
 * and latest example sentences.
 */
export async function organisationInsights(db: DbOrTx, s: Session, f: Body<'insights'>): Promise<Answer<'insights'>> {
  const owners = await ownersOf(db, s, f);
  const source = countSource(s, f, owners);
  const raw = rawWhere(s, f, owners);
  const days = daysBetween(f.startDate, f.endDate);
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const kinds = Object.values(KINDS);

  const [perDay, totals, labels] = await Promise.all([
    db.execute<Counts>(source.calls),
    db.execute<{ customers: number }>(
      sql`select count(distinct t.clue_id)::int as customers from insight_call t where ${raw}`,
    ),
    db.execute<LabelCount>(source.labels),
  ]);
  const top = new Map<string, LabelCount[]>();
  for (const kind of kinds)
    top.set(
      kind,
      labels.rows
        .filter((r) => r.kind === kind)
        .sort((a, b) => Number(b.n) - Number(a.n) || a.label.localeCompare(b.label))
        .slice(0, f.top),
    );
  const chosenRows = [...top.values()].flat();
  const keys = chosenRows.map((r) => `${r.kind}\u0001${r.label}`);
  const chosen = sql`(t.kind || chr(1) || t.label) = any(${sql.param(keys)}::text[])`;
  const [trendRows, exampleRows] = keys.length
    ? await Promise.all([
        db.execute<DayCount>(source.trend(chosen)),
        // the latest three sentences of each chosen label, by the label index
        db.execute<{
          kind: string;
          label: string;
          recording_id: number;
          call_at: string;
          segment: number;
          start_ms: number;
          speaker: string;
          sentence: string;
        }>(sql`
          select k.kind, k.label, e.* from unnest(${sql.param(chosenRows.map((r) => r.kind))}::text[],
            ${sql.param(chosenRows.map((r) => r.label))}::text[]) k(kind, label)
          cross join lateral (
            select t.recording_id, t.call_at, t.segment, t.start_ms, t.speaker, t.sentence from insight_mention t
            where ${raw} and t.kind = k.kind and t.label = k.label order by t.call_at desc limit 3
          ) e`),
      ])
    : [{ rows: [] as DayCount[] }, { rows: [] }];

  const item = (kind: string, r: LabelCount): Item => {
    const trend = days.map(() => 0);
    for (const t of trendRows.rows)
      if (t.kind === kind && t.label === r.label && dayIndex.has(t.d)) trend[dayIndex.get(t.d)!] += Number(t.n);
    return {
      label: r.label,
      count: Number(r.n),
      trend,
      examples: exampleRows.rows
        .filter((e) => e.kind === kind && e.label === r.label)
        .map((e) => ({
          recordingId: Number(e.recording_id),
          callTime: formatDateTime(new Date(e.call_at)),
          segment: Number(e.segment),
          startMs: Number(e.start_ms),
          speaker: e.speaker,
          sentence: e.sentence,
        })),
    };
  };
  const callsPerDay = days.map(() => 0);
  let calls = 0;
  let strong = 0;
  let churn = 0;
  for (const r of perDay.rows) {
    if (dayIndex.has(r.d)) callsPerDay[dayIndex.get(r.d)!] += Number(r.n);
    calls += Number(r.n);
    strong += Number(r.strong);
    churn += Number(r.churn);
  }
  const section = (kind: string) => (top.get(kind) ?? []).map((r) => item(kind, r));
  return {
    days,
    calls,
    customers: Number(totals.rows[0]?.customers ?? 0),
    strongIntention: strong,
    highChurn: churn,
    callsPerDay,
    needs: section(KINDS.needs),
    objections: section(KINDS.objections),
    competitors: section(KINDS.competitors),
    questions: section(KINDS.questions),
  };
}
