import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { anyOf } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { deptSubtree } from '../org/service';

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
 * The WHERE of the organisation's insight rows (insight_call or insight_mention, alias `t`): organisation, the
 * session's data scope on the owner, the period, and the department (with those below) and stage filters.
 */
async function whereOf(db: DbOrTx, s: Session, f: Body<'insights'>): Promise<SQL> {
  const { from, to } = periodOf(f.startDate, f.endDate);
  const parts: SQL[] = [sql`t.organization_id = ${s.orgId}`, sql`t.call_at >= ${from}`, sql`t.call_at < ${to}`];
  if (s.visibleUserIds !== null) parts.push(anyOf(sql`t.owner_user_id`, s.visibleUserIds));
  if (f.deptId) parts.push(sql`t.dept_id = any(${sql.param(await deptSubtree(db, s.orgId, f.deptId))}::int[])`);
  if (f.stage) parts.push(sql`t.stage = ${f.stage}`);
  return sql.join(parts, sql` and `);
}

/**
 * Customer insight across the organisation for a period (department, stage): calls, customers, strong intention and
 * high churn counts per day, and the top needs, objections, competitors and questions with their counts, customers,
 * daily trend and latest example sentences. Indexed aggregations of insight_call and insight_mention.
 */
export async function organisationInsights(db: DbOrTx, s: Session, f: Body<'insights'>): Promise<Answer<'insights'>> {
  const where = await whereOf(db, s, f);
  const days = daysBetween(f.startDate, f.endDate);
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const kinds = Object.values(KINDS);
  const day = shanghaiDaySql(sql`t.call_at`);

  const [perDay, totals, labels] = await Promise.all([
    db.execute<{ d: string; n: number; strong: number; churn: number }>(sql`
      select ${day} as d, count(*)::int as n, count(*) filter (where t.intention = 1)::int as strong,
        count(*) filter (where t.churn_risk >= 60)::int as churn
      from insight_call t where ${where} group by 1`),
    db.execute<{ customers: number }>(sql`
      select count(distinct t.clue_id)::int as customers from insight_call t where ${where}`),
    db.execute<{ kind: string; label: string; n: number; customers: number }>(sql`
      select t.kind, t.label, count(*)::int as n, count(distinct t.clue_id)::int as customers
      from insight_mention t where ${where} and t.kind = any(${sql.param(kinds)}::text[])
      group by t.kind, t.label`),
  ]);
  const top = new Map<string, { label: string; n: number; customers: number }[]>();
  for (const kind of kinds)
    top.set(
      kind,
      labels.rows
        .filter((r) => r.kind === kind)
        .sort((a, b) => b.n - a.n || a.label.localeCompare(b.label))
        .slice(0, f.top),
    );
  const keys = [...top.entries()].flatMap(([kind, rows]) => rows.map((r) => `${kind}\u0001${r.label}`));
  const chosen = sql`(t.kind || chr(1) || t.label) = any(${sql.param(keys)}::text[])`;
  const [trendRows, exampleRows] = keys.length
    ? await Promise.all([
        db.execute<{ kind: string; label: string; d: string; n: number }>(sql`
          select t.kind, t.label, ${day} as d, count(*)::int as n from insight_mention t
          where ${where} and t.kind = any(${sql.param(kinds)}::text[]) and ${chosen} group by 1, 2, 3`),
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
          select * from (
            select t.kind, t.label, t.recording_id, t.call_at, t.segment, t.start_ms, t.speaker, t.sentence,
              row_number() over (partition by t.kind, t.label order by t.call_at desc, t.id desc) as rn
            from insight_mention t
            where ${where} and t.kind = any(${sql.param(kinds)}::text[]) and ${chosen}
          ) x where rn <= 3`),
      ])
    : [{ rows: [] }, { rows: [] }];

  const item = (kind: string, r: { label: string; n: number; customers: number }): Item => {
    const trend = days.map(() => 0);
    for (const t of trendRows.rows)
      if (t.kind === kind && t.label === r.label) trend[dayIndex.get(t.d) ?? 0] += Number(t.n);
    return {
      label: r.label,
      count: Number(r.n),
      customers: Number(r.customers),
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
    callsPerDay[dayIndex.get(r.d) ?? 0] += Number(r.n);
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
