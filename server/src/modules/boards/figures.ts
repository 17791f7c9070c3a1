import { CustomerStage, type DatePresetKey, presetDays } from '@crm/core';
import type { BoardMetric, Figure } from '@crm/core/contract/boards';
import type { Db } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import type { AiBoards } from './ai';
import type { Deals } from './deals';
import { rangeOf } from './filter';
import type { Market } from './market';
import { leadCounts, leadsFreshAt } from './rollups';
import { boardLeadDay } from './schema';

export type DatedFigure = Figure & { startDate: string; endDate: string };

/**
 * The figures a custom board may show (BOARD_METRICS), each computed by the board that shows it elsewhere, so that
 * the same figure agrees on every screen. `key` is what a click-through filters the list by (a user, a source, a
 * stage, a day).
 */
export class Figures {
  constructor(
    private readonly db: Db,
    private readonly deals: Deals,
    private readonly market: Market,
    private readonly ai: AiBoards,
  ) {}

  async of(s: Scope, metric: BoardMetric, preset: DatePresetKey): Promise<DatedFigure> {
    const [startDate, endDate] = presetDays(preset);
    const f = { startDate, endDate };
    const dated = (fig: Figure): DatedFigure => ({ ...fig, startDate, endDate });
    switch (metric) {
      case 'dealTrend': {
        const { trend } = await this.deals.board(s, f);
        return dated({ unit: 'fen', points: trend.map((p) => ({ label: p.day, value: p.amountFen, key: p.day })) });
      }
      case 'dealRank': {
        const { rows } = await this.deals.board(s, f);
        return dated({
          unit: 'fen',
          points: rows.map((r) => ({ label: r.userName, value: r.amountFen, key: String(r.userId) })),
        });
      }
      case 'leadSource': {
        const { sources } = await this.market.get(s, f);
        return dated({
          unit: 'count',
          points: sources.filter((r) => r.leads).map((r) => ({ label: r.name, value: r.leads, key: String(r.id) })),
        });
      }
      case 'stageFunnel':
        return dated(await this.stageFunnel(s, f));
      case 'callTrend': {
        const trend = await this.ai.trend(s, f);
        return dated({ unit: 'count', points: trend.map((p) => ({ label: p.day, value: p.calls, key: p.day })) });
      }
      case 'intentionMix': {
        const { intentionMix } = await this.ai.overview(s, f);
        return dated({
          unit: 'count',
          points: intentionMix.map((m) => ({ label: m.name, value: m.n, key: String(m.intention) })),
        });
      }
      case 'scoreTrend': {
        const trend = await this.ai.trend(s, f);
        return dated({
          unit: 'score',
          points: trend.map((p) => ({ label: p.day, value: p.avgScore ?? 0, key: p.day })),
        });
      }
      case 'effectivenessRank': {
        const rows = await this.ai.rank(s, f);
        return dated({
          unit: 'count',
          points: rows.map((r) => ({ label: r.userName, value: r.strongCustomers, key: String(r.userId) })),
        });
      }
    }
  }

  /** Leads created in the range by their customer stage, in the stages' order. */
  private async stageFunnel(s: Scope, f: { startDate: string; endDate: string }): Promise<Figure> {
    await leadsFreshAt(this.db, s.orgId);
    const rows = await leadCounts(this.db, s, rangeOf(f), { stage: boardLeadDay.stage });
    const n = new Map(rows.map((r) => [Number(r.stage), r.n]));
    return {
      unit: 'count',
      points: Object.entries(CustomerStage).map(([k, label]) => ({ label, value: n.get(Number(k)) ?? 0, key: k })),
    };
  }
}
