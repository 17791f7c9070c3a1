import { ImportWay } from '@crm/core';
import type { CallBody, contract } from '@crm/core/contract';
import { DEAL_STATUSES, type MarketBoard } from '@crm/core/contract/boards';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { type Scope, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { checkDictId, dictRows } from '../clueField';
import { narrow, percent, rangeOf } from './filter';
import { dealCounts, leadCounts, leadsFreshAt } from './rollups';
import { boardDealDay, boardLeadDay, marketCost } from './schema';

type Filter = CallBody<typeof contract.marketBoard.get>;
type MarketRow = MarketBoard['channels'][number];
interface Counts {
  leads: number;
  deals: number;
  amountFen: number;
}

function row(key: string, id: number, name: string, c: Counts, costFen: number | null): MarketRow {
  return {
    key,
    id,
    name,
    ...c,
    costFen,
    conversion: percent(c.deals, c.leads),
    costPerLeadFen: costFen !== null && c.leads ? Math.round(costFen / c.leads) : null,
    costPerDealFen: costFen !== null && c.deals ? Math.round(costFen / c.deals) : null,
  };
}

/**
 * The market board (/marketBoard): per import channel and per lead source, the leads created in the range (held by
 * staff, as the lead list counts them), the deals (orders signed in the range, confirmed or paid, of leads from there,
 * whoever holds the lead now) with their amount, both from the snapshots of rollups.ts (5 minutes old at most), and the
 * cost entered for the source's months (live). Conversion is deals per lead.
 */
export class Market {
  constructor(private readonly db: Db) {}

  async get(s: Scope, f: Filter): Promise<MarketBoard> {
    const range = rangeOf(f);
    const scope = await narrow(this.db, s, f);
    const freshAt = await leadsFreshAt(this.db, s.orgId);
    const [leads, deals, costs, sources] = await Promise.all([
      leadCounts(this.db, scope, range, { way: boardLeadDay.importWay, source: boardLeadDay.sourceId }),
      dealCounts(this.db, scope, range, DEAL_STATUSES, { way: boardDealDay.importWay, source: boardDealDay.sourceId }),
      this.db
        .select({ source: marketCost.channelSourceId, fen: sql<string>`sum(${marketCost.costFen})` })
        .from(marketCost)
        .where(
          and(
            scoped(s, marketCost),
            gte(marketCost.month, range.fromDay.slice(0, 7)),
            lte(marketCost.month, range.toDay.slice(0, 7)),
          ),
        )
        .groupBy(marketCost.channelSourceId),
      dictRows(this.db, s.orgId, 'channelSource'),
    ]);
    const ways = new Map<number, Counts>();
    const bySource = new Map<number, Counts>();
    const add = (m: Map<number, Counts>, k: number, c: Partial<Counts>) => {
      const cur = m.get(k) ?? { leads: 0, deals: 0, amountFen: 0 };
      m.set(k, {
        leads: cur.leads + (c.leads ?? 0),
        deals: cur.deals + (c.deals ?? 0),
        amountFen: cur.amountFen + (c.amountFen ?? 0),
      });
    };
    for (const r of leads) {
      add(ways, Number(r.way), { leads: Number(r.n) });
      add(bySource, Number(r.source), { leads: Number(r.n) });
    }
    for (const r of deals) {
      const c = { deals: Number(r.n), amountFen: Number(r.fen) };
      add(ways, Number(r.way), c);
      add(bySource, Number(r.source), c);
    }
    const cost = new Map(costs.map((c) => [c.source, Number(c.fen)]));
    for (const id of cost.keys()) add(bySource, id, {});
    const sourceName = new Map(sources.map((d) => [d.id, d.name]));
    const totals = [...ways.values()].reduce(
      (a, c) => ({ leads: a.leads + c.leads, deals: a.deals + c.deals, amountFen: a.amountFen + c.amountFen }),
      { leads: 0, deals: 0, amountFen: 0 },
    );
    const byLeads = (a: MarketRow, b: MarketRow) => b.leads - a.leads || b.deals - a.deals || a.id - b.id;
    return {
      freshAt,
      totals: row(
        'total',
        0,
        '合计',
        totals,
        [...cost.values()].reduce((a, b) => a + b, 0),
      ),
      channels: [...ways]
        .map(([id, c]) => row(`way:${id}`, id, ImportWay[id as keyof typeof ImportWay] ?? '未知渠道', c, null))
        .sort(byLeads),
      sources: [...bySource]
        .map(([id, c]) =>
          row(`source:${id}`, id, id ? (sourceName.get(id) ?? '已删除来源') : '未填写来源', c, cost.get(id) ?? 0),
        )
        .sort(byLeads),
    };
  }

  async costList(s: Scope, month: string) {
    const [rows, sources] = await Promise.all([
      this.db
        .select()
        .from(marketCost)
        .where(and(scoped(s, marketCost), eq(marketCost.month, month)))
        .orderBy(asc(marketCost.channelSourceId)),
      dictRows(this.db, s.orgId, 'channelSource'),
    ]);
    const name = new Map(sources.map((d) => [d.id, d.name]));
    return rows.map((r) => ({
      id: r.id,
      month: r.month,
      channelSourceId: r.channelSourceId,
      sourceName: name.get(r.channelSourceId) ?? '已删除来源',
      costFen: r.costFen,
    }));
  }

  /** One source's cost of a month, replacing what was entered before. */
  async saveCost(s: Session, input: CallBody<typeof contract.marketBoard.saveCost>): Promise<{ id: number }> {
    await checkDictId(this.db, s.orgId, 'channelSource', input.channelSourceId);
    const [row] = await this.db
      .insert(marketCost)
      .values({ organizationId: s.orgId, ...input, updatedBy: s.userId })
      .onConflictDoUpdate({
        target: [marketCost.organizationId, marketCost.month, marketCost.channelSourceId],
        set: { costFen: input.costFen, updatedBy: s.userId, updatedAt: new Date() },
      })
      .returning({ id: marketCost.id });
    return row;
  }
}
