import { formatDateTime, secondsToHMS } from '@crm/core';
import type { WorkRow } from '@crm/core/contract/stats';
import type { FastifyReply } from 'fastify';
import { sendXlsx } from '../../platform/xlsxExport';

/** The statistics tables as .xlsx downloads: the rows shown on the screen, then the sum. */

const stamp = () => formatDateTime(new Date())!.replace(/\D/g, '');

export function sendWork(reply: FastifyReply, title: string, firstColumn: string, rows: WorkRow[], sum: WorkRow) {
  const withDept = firstColumn === '员工';
  return sendXlsx(
    reply,
    `${title}_${stamp()}.xlsx`,
    async (x) => {
      const sheet = x.sheet(title, [
        { header: firstColumn, width: 16 },
        ...(withDept ? [{ header: '部门', width: 16 }] : []),
        '外呼数',
        '接通数',
        '未接通数',
        '接通率',
        '通话总时长',
        '平均通话时长',
        '领取/分配线索数',
        '跟进次数',
      ]);
      for (const r of [...rows, sum])
        sheet.add([
          r.name,
          ...(withDept ? [r.deptName ?? ''] : []),
          r.calls,
          r.answered,
          r.missed,
          `${r.answerRate}%`,
          secondsToHMS(r.talkSeconds),
          secondsToHMS(r.avgTalkSeconds),
          r.taken,
          r.followUps,
        ]);
    },
    'stats.xlsx',
  );
}

export interface Matrix {
  heads: { id: number; name: string }[];
  rows: { name: string; deptName: string | null; counts: Record<string, number>; total: number }[];
  sum: { name: string; counts: Record<string, number>; total: number };
}

export function sendMatrix(reply: FastifyReply, title: string, firstColumn: string, m: Matrix) {
  const withDept = firstColumn === '员工';
  return sendXlsx(
    reply,
    `${title}_${stamp()}.xlsx`,
    async (x) => {
      const sheet = x.sheet(title, [
        { header: firstColumn, width: 16 },
        ...(withDept ? [{ header: '部门', width: 16 }] : []),
        ...m.heads.map((h) => h.name),
        '合计',
      ]);
      for (const r of [...m.rows, { ...m.sum, deptName: '' }])
        sheet.add([
          r.name,
          ...(withDept ? [r.deptName ?? ''] : []),
          ...m.heads.map((h) => r.counts[h.id] ?? 0),
          r.total,
        ]);
    },
    'stats.xlsx',
  );
}
