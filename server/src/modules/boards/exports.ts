import { durationHms, fenToYuan } from '@crm/core';
import type { CallAnswer, contract } from '@crm/core/contract';
import type { XlsxExport } from '../../platform/xlsxExport';

type Board = CallAnswer<typeof contract.boardPages.getBoardPageList>;
type BoardData = CallAnswer<typeof contract.customBoard.data>;

/** The deals board's ranking as a sheet. */
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
      fenToYuan(r.amountFen),
      r.targetCount || '-',
      r.targetFen ? fenToYuan(r.targetFen) : '-',
      r.progress === null ? '-' : `${r.progress}%`,
    ]);
  sheet.add([
    '合计',
    '',
    '',
    '',
    board.dealCount,
    fenToYuan(board.amountFen),
    board.teamTargetCount || '-',
    board.teamTargetFen ? fenToYuan(board.teamTargetFen) : '-',
    board.progress === null ? '-' : `${board.progress}%`,
  ]);
}

/** A sheet name of the spreadsheet rules (≤ 31 characters, none of : \ / ? * [ ], no edge apostrophes). */
export const sheetName = (i: number, title: string) =>
  `${i + 1} ${title.replace(/[:\\/?*[\]]/g, '').replace(/^'+|'+$/g, '')}`.slice(0, 31).trim();

const valueText = (unit: string, v: number) =>
  unit === 'fen' ? fenToYuan(v) : unit === 'seconds' ? durationHms(v) : v;
const UNIT_HEADER: Record<string, string> = { fen: '金额（元）', seconds: '时长', score: '平均分', count: '数量' };

/** A custom board: one sheet per panel, its points as rows. */
export function writeCustomBoard(data: BoardData, x: XlsxExport): void {
  data.board.panels.forEach((p, i) => {
    const fig = data.figures[i];
    const sheet = x.sheet(sheetName(i, p.title), ['项目', UNIT_HEADER[fig.unit], '统计时间']);
    for (const pt of fig.points)
      sheet.add([
        pt.label,
        valueText(fig.unit, pt.value),
        `${fig.startTime.slice(0, 10)}至${fig.endTime.slice(0, 10)}`,
      ]);
  });
}
