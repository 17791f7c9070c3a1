import { formatDateTime, secondsToHMS } from '@crm/core';
import type { TargetRow, WorkRow } from '@crm/core/contract/stats';
import type { FastifyReply } from 'fastify';
import { sendXlsx, type XlsxExport } from '../../platform/xlsxExport';

/** The statistics tables as .xlsx downloads: the rows shown on the screen, then the sum; a sheet per table. */

const stamp = () => formatDateTime(new Date())!.replace(/\D/g, '');

/** A download named after its title, with the sheets `write` adds. */
export const sendSheets = (reply: FastifyReply, title: string, write: (x: XlsxExport) => void) =>
  sendXlsx(reply, `${title}_${stamp()}.xlsx`, async (x) => write(x), 'stats.xlsx');

/** The first columns of a row: its name, and the department when the rows are users. */
const who = (firstColumn: string) => {
  const withDept = firstColumn === '员工';
  return {
    columns: [{ header: firstColumn, width: 16 }, ...(withDept ? [{ header: '部门', width: 16 }] : [])],
    cells: (r: { name: string; deptName?: string | null }) => [r.name, ...(withDept ? [r.deptName ?? ''] : [])],
  };
};

export function workSheet(x: XlsxExport, title: string, firstColumn: string, rows: WorkRow[], sum: WorkRow) {
  const w = who(firstColumn);
  const sheet = x.sheet(title, [
    ...w.columns,
    '外呼数',
    '接通数',
    '未接通数',
    '接通率',
    '通话总时长',
    '平均通话时长',
    '领取/分配线索数',
    '跟进次数',
  ]);
  for (const r of [...rows, { ...sum, deptName: '' }])
    sheet.add([
      ...w.cells(r),
      r.calls,
      r.answered,
      r.missed,
      `${r.answerRate}%`,
      secondsToHMS(r.talkSeconds),
      secondsToHMS(r.avgTalkSeconds),
      r.taken,
      r.followUps,
    ]);
}

export interface Matrix {
  heads: { id: number; name: string }[];
  rows: { name: string; deptName: string | null; counts: Record<string, number>; total: number }[];
  sum: { name: string; counts: Record<string, number>; total: number };
}

export function matrixSheet(x: XlsxExport, title: string, firstColumn: string, m: Matrix) {
  const w = who(firstColumn);
  const sheet = x.sheet(title, [...w.columns, ...m.heads.map((h) => h.name), '合计']);
  for (const r of [...m.rows, { ...m.sum, deptName: '' }])
    sheet.add([...w.cells(r), ...m.heads.map((h) => r.counts[h.id] ?? 0), r.total]);
}

export function targetSheet(x: XlsxExport, title: string, firstColumn: string, rows: TargetRow[], sum: TargetRow) {
  const w = who(firstColumn);
  const sheet = x.sheet(title, [...w.columns, '目标线索数', '领取/分配线索数', '完成率']);
  for (const r of [...rows, { ...sum, deptName: '' }]) sheet.add([...w.cells(r), r.target, r.actual, `${r.rate}%`]);
}

export const sendWork = (reply: FastifyReply, title: string, firstColumn: string, rows: WorkRow[], sum: WorkRow) =>
  sendSheets(reply, title, (x) => workSheet(x, title, firstColumn, rows, sum));

export const sendMatrix = (reply: FastifyReply, title: string, firstColumn: string, m: Matrix) =>
  sendSheets(reply, title, (x) => matrixSheet(x, title, firstColumn, m));
