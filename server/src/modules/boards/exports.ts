import { durationHms, fenToYuan } from '@crm/core';
import type { CallAnswer, contract } from '@crm/core/contract';
import type { MarketBoard } from '@crm/core/contract/boards';
import type { XlsxExport } from '../../platform/xlsxExport';

/**
 * The boards' tables as spreadsheets, written from figures already computed (a refused query answers its error
 * before the download starts).
 */

type Board = CallAnswer<typeof contract.boardPages.getBoardPageList>;
type RankRow = CallAnswer<typeof contract.aiBossStatis.getRank>[number];
type TrendPoint = CallAnswer<typeof contract.aiBossStatis.getTrend>[number];
type BoardData = CallAnswer<typeof contract.customBoard.data>;

const money = (fen: number | null) => (fen === null ? '-' : fenToYuan(fen));
const pct = (v: number | null) => (v === null ? '-' : `${v}%`);

export function writeDealBoard(board: Board, x: XlsxExport): void {
  const sheet = x.sheet('成交排行', [
    '排名',
    '员工',
    '部门',
    '销冠',
    '成交单数',
    '成交金额（元）',
    '目标单数',
    '目标金额（元）',
    '完成率',
  ]);
  for (const r of board.rows)
    sheet.add([
      r.rank,
      r.userName,
      r.deptName ?? '-',
      r.isSalesChampion ? '是' : '',
      r.dealCount,
      money(r.amountFen),
      r.targetCount || '-',
      r.targetFen ? money(r.targetFen) : '-',
      pct(r.progress),
    ]);
  sheet.add([
    '合计',
    '',
    '',
    '',
    board.dealCount,
    money(board.amountFen),
    board.teamTargetCount || '-',
    board.teamTargetFen ? money(board.teamTargetFen) : '-',
    pct(board.progress),
  ]);
}

export function writeMarket(board: MarketBoard, x: XlsxExport): void {
  const columns = [
    '线索数',
    '成交数',
    '转化率',
    '成交金额（元）',
    '投放成本（元）',
    '线索成本（元）',
    '成交成本（元）',
  ];
  const cells = (r: MarketBoard['totals']) => [
    r.name,
    r.leads,
    r.deals,
    pct(r.conversion),
    money(r.amountFen),
    money(r.costFen),
    money(r.costPerLeadFen),
    money(r.costPerDealFen),
  ];
  const sources = x.sheet('渠道来源', [{ header: '渠道来源', width: 18 }, ...columns]);
  for (const r of [...board.sources, board.totals]) sources.add(cells(r));
  const channels = x.sheet('导入渠道', [{ header: '导入渠道', width: 18 }, ...columns]);
  for (const r of board.channels) channels.add(cells(r));
}

export function writeRank(rows: RankRow[], x: XlsxExport): void {
  const sheet = x.sheet('AI人效', [
    '员工',
    '部门',
    '通话数',
    '接通数',
    '通话时长',
    '强意向客户',
    '成交数',
    '成交金额（元）',
    '违规次数',
    '平均质检分',
  ]);
  for (const r of rows)
    sheet.add([
      r.userName,
      r.deptName ?? '-',
      r.calls,
      r.answered,
      durationHms(r.talkSeconds),
      r.strongCustomers,
      r.deals,
      money(r.amountFen),
      r.violations,
      r.avgScore ?? '-',
    ]);
}

export function writeTrend(points: TrendPoint[], x: XlsxExport): void {
  const sheet = x.sheet('AI统计', [
    '日期',
    '通话数',
    '通话时长',
    'AI 分析数',
    '强意向',
    '高流失风险',
    '违规次数',
    '平均质检分',
  ]);
  for (const p of points)
    sheet.add([
      p.day,
      p.calls,
      durationHms(p.talkSeconds),
      p.analysed,
      p.strongIntention,
      p.highChurn,
      p.violations,
      p.avgScore ?? '-',
    ]);
}

/** A sheet name of the spreadsheet rules (≤ 31 characters, none of : \ / ? * [ ], no edge apostrophes). */
export const sheetName = (i: number, title: string) =>
  `${i + 1} ${title.replace(/[:\\/?*[\]]/g, '').replace(/^'+|'+$/g, '')}`.slice(0, 31).trim();

const UNIT_HEADER: Record<string, string> = { fen: '金额（元）', seconds: '时长', score: '平均分', count: '数量' };
const valueText = (unit: string, v: number) => (unit === 'fen' ? money(v) : unit === 'seconds' ? durationHms(v) : v);

/** A custom board: one sheet per panel, its points as rows. */
export function writeCustomBoard(data: BoardData, x: XlsxExport): void {
  data.board.panels.forEach((p, i) => {
    const fig = data.figures[i];
    const sheet = x.sheet(sheetName(i, p.title), ['项目', UNIT_HEADER[fig.unit], '统计时间']);
    const range = `${fig.startDate}至${fig.endDate}`;
    for (const pt of fig.points) sheet.add([pt.label, valueText(fig.unit, pt.value), range]);
  });
}

type DealPage = CallAnswer<typeof contract.dealManager.pagelist>;
/** Pages an export writes at most (100 rows each). */
const MAX_PAGES = 500;

/** The deals behind the board, page after page from the first (already read). */
export async function writeDeals(first: DealPage, pageOf: (n: number) => Promise<DealPage>, x: XlsxExport) {
  const sheet = x.sheet('成交明细', [
    { header: '订单编号', width: 18 },
    { header: '客户', width: 20 },
    '负责人',
    '状态',
    '订单金额（元）',
    '已回款（元）',
    '签约日期',
  ]);
  let page = first;
  for (let n = 1; ; page = await pageOf(++n)) {
    for (const r of page.lists)
      sheet.add([
        r.orderNo,
        r.customerName,
        r.ownerName,
        r.statusName,
        money(r.totalFen),
        money(r.paidFen),
        r.signedOn,
      ]);
    if (page.lists.length < page.pageSize || n >= MAX_PAGES) return;
  }
}
