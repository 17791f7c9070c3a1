import { IntentionLabel } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { AI_PANELS, type AiPanelKey, DEAL_STATUSES } from '@crm/core/contract/boards';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { analysedCallRows } from '../insight';
import { dealRows } from '../order';
import { checkRows } from '../quality';
import { callRows, PLACED } from '../telephony';
import { People } from './directory';
import { daysOf, narrow, percent, type Range, rangeOf } from './filter';
import { callDays } from './rollups';
import { aiBoardPanels } from './schema';

type Filter = CallBody<typeof contract.aiBossStatis.getOverview>;
type Overview = CallAnswer<typeof contract.aiBossStatis.getOverview>;
type TrendPoint = CallAnswer<typeof contract.aiBossStatis.getTrend>[number];
type RankRow = CallAnswer<typeof contract.aiBossStatis.getRank>[number];

const day = (col: string) => `((${col} at time zone 'Asia/Shanghai')::date)::text`;
const avg = (sum: number, n: number) => (n ? Math.round((sum / n) * 10) / 10 : null);

/** The figures of one query, grouped by `key` (a day or a user; '' for the totals). */
interface Sources {
  calls: SQL;
  analysed: SQL;
  checks: SQL;
}

/**
 * The AI boards for managers (/clue/aibossstatis): calls and talk time (telephony, through the daily rollup with
 * today live: rollups.ts), intention and churn risk of the
 * analysed calls (insight), violations and machine quality scores (quality), deals (orders), over the filter's range
 * and scope; totals, a point per day, a row per person.
 */
export class AiBoards {
  constructor(private readonly db: Db) {}

  private async sources(s: Scope, f: Filter): Promise<{ range: Range; scope: Scope; src: Sources }> {
    const range = rangeOf(f);
    const scope = await narrow(this.db, s, f);
    return {
      range,
      scope,
      src: {
        calls: await callDays(this.db, scope, range),
        analysed: analysedCallRows(scope, range),
        checks: checkRows(scope, range),
      },
    };
  }

  /** Calls, analysed calls and checks grouped by one key of each (a day or the owner). */
  private async grouped(src: Sources, by: { calls: string; analysed: string; checks: string }) {
    const [calls, analysed, checks] = await Promise.all([
      this.db.execute<{ k: string; n: number; answered: number; talk: string }>(sql`
        select ${sql.raw(by.calls)} as k, sum(calls)::int as n, sum(answered)::int as answered,
          coalesce(sum(talk_seconds), 0)::bigint as talk
        from (${src.calls}) c group by 1`),
      this.db.execute<{ k: string; n: number; strong: number; churn: number; strong_customers: number }>(sql`
        select ${sql.raw(by.analysed)} as k, count(*)::int as n, (count(*) filter (where strong))::int as strong,
          (count(*) filter (where high_churn))::int as churn,
          (count(distinct clue_id) filter (where strong))::int as strong_customers
        from (${src.analysed}) a group by 1`),
      this.db.execute<{ k: string; n: number; score: string; passed: number; violations: string }>(sql`
        select ${sql.raw(by.checks)} as k, count(*)::int as n, coalesce(sum(score), 0)::bigint as score,
          (count(*) filter (where passed))::int as passed, coalesce(sum(violation_count), 0)::bigint as violations
        from (${src.checks}) q group by 1`),
    ]);
    const key = <R extends { k: string }>(rows: R[]) => new Map(rows.map((r) => [String(r.k), r]));
    return { calls: key(calls.rows), analysed: key(analysed.rows), checks: key(checks.rows) };
  }

  async overview(s: Scope, f: Filter): Promise<Overview> {
    const { src, scope, range } = await this.sources(s, f);
    const [g, mix, uploads] = await Promise.all([
      this.grouped(src, { calls: "''", analysed: "''", checks: "''" }),
      this.db.execute<{ intention: number; n: number }>(
        sql`select intention, count(*)::int as n from (${src.analysed}) a where intention is not null group by 1 order by 1`,
      ),
      this.db.execute<{ n: number }>(
        sql`select count(*)::int as n from (${callRows(scope, range)}) c where source <> ${PLACED}`,
      ),
    ]);
    const c = g.calls.get('');
    const a = g.analysed.get('');
    const q = g.checks.get('');
    return {
      calls: Number(c?.n ?? 0),
      uploads: Number(uploads.rows[0]?.n ?? 0),
      answered: Number(c?.answered ?? 0),
      talkSeconds: Number(c?.talk ?? 0),
      analysed: Number(a?.n ?? 0),
      strongIntention: Number(a?.strong ?? 0),
      highChurn: Number(a?.churn ?? 0),
      violations: Number(q?.violations ?? 0),
      avgScore: avg(Number(q?.score ?? 0), Number(q?.n ?? 0)),
      passRate: percent(Number(q?.passed ?? 0), Number(q?.n ?? 0)),
      intentionMix: mix.rows.map((r) => ({
        intention: Number(r.intention),
        name: IntentionLabel[Number(r.intention) as keyof typeof IntentionLabel] ?? '未知',
        n: Number(r.n),
      })),
    };
  }

  async trend(s: Scope, f: Filter): Promise<TrendPoint[]> {
    const { range, src } = await this.sources(s, f);
    const g = await this.grouped(src, { calls: 'day', analysed: day('call_at'), checks: day('call_time') });
    return daysOf(range).map((d) => {
      const c = g.calls.get(d);
      const a = g.analysed.get(d);
      const q = g.checks.get(d);
      return {
        day: d,
        calls: Number(c?.n ?? 0),
        talkSeconds: Number(c?.talk ?? 0),
        analysed: Number(a?.n ?? 0),
        strongIntention: Number(a?.strong ?? 0),
        highChurn: Number(a?.churn ?? 0),
        violations: Number(q?.violations ?? 0),
        avgScore: avg(Number(q?.score ?? 0), Number(q?.n ?? 0)),
      };
    });
  }

  /** AI per-person effectiveness: every enabled user of the scope, and anyone else with figures, most deals first. */
  async rank(s: Scope, f: Filter): Promise<RankRow[]> {
    const { range, scope, src } = await this.sources(s, f);
    const deals = dealRows(scope, { fromDay: range.fromDay, toDay: range.toDay, statuses: DEAL_STATUSES });
    const [g, dealsBy, people] = await Promise.all([
      this.grouped(src, { calls: 'user_id', analysed: 'owner_user_id', checks: 'owner_user_id' }),
      this.db.execute<{ k: string; n: number; fen: string }>(
        sql`select owner_id as k, count(*)::int as n, sum(total_fen)::bigint as fen from (${deals}) d group by 1`,
      ),
      People.of(this.db, s.orgId),
    ]);
    const d = new Map(dealsBy.rows.map((r) => [String(r.k), r]));
    const ids = new Set([
      ...people.inScope(scope).map(String),
      ...[g.calls, g.analysed, g.checks, d].flatMap((m) => [...m.keys()]).filter((k) => k !== 'null'),
    ]);
    return [...ids]
      .map((k) => {
        const c = g.calls.get(k);
        const a = g.analysed.get(k);
        const q = g.checks.get(k);
        const userId = Number(k);
        return {
          userId,
          userName: people.name(userId),
          deptName: people.dept(userId),
          calls: Number(c?.n ?? 0),
          answered: Number(c?.answered ?? 0),
          talkSeconds: Number(c?.talk ?? 0),
          strongCustomers: Number(a?.strong_customers ?? 0),
          deals: Number(d.get(k)?.n ?? 0),
          amountFen: Number(d.get(k)?.fen ?? 0),
          violations: Number(q?.violations ?? 0),
          avgScore: avg(Number(q?.score ?? 0), Number(q?.n ?? 0)),
        };
      })
      .sort(
        (x, y) =>
          y.deals - x.deals || y.strongCustomers - x.strongCustomers || y.calls - x.calls || x.userId - y.userId,
      );
  }

  async panels(orgId: number): Promise<{ panels: AiPanelKey[] }> {
    const [row] = await this.db.select().from(aiBoardPanels).where(eq(aiBoardPanels.organizationId, orgId));
    return { panels: (row?.panels as AiPanelKey[]) ?? (Object.keys(AI_PANELS) as AiPanelKey[]) };
  }

  async savePanels(s: Session, panels: AiPanelKey[]): Promise<{ panels: AiPanelKey[] }> {
    await this.db
      .insert(aiBoardPanels)
      .values({ organizationId: s.orgId, panels, updatedBy: s.userId })
      .onConflictDoUpdate({
        target: aiBoardPanels.organizationId,
        set: { panels, updatedBy: s.userId, updatedAt: new Date() },
      });
    return { panels };
  }
}
