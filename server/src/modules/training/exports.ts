import type { CallBody, contract } from '@crm/core/contract';
import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { pageSlice } from '../../platform/paging';
import type { Session } from '../../platform/session';
import type { XlsxExport } from '../../platform/xlsxExport';
import { trainViews } from './present';
import { callTrainLog } from './schema';
import { trainFilter } from './service';

const COLUMNS = [
  { header: '培训标题', width: 28 },
  { header: '类型', width: 10 },
  { header: '案例', width: 10 },
  { header: '剧本', width: 16 },
  { header: '学习人', width: 12 },
  { header: '部门', width: 14 },
  { header: '状态', width: 10 },
  { header: '截止时间', width: 20 },
  { header: '开始学习', width: 20 },
  { header: '完成时间', width: 20 },
  { header: '学习心得', width: 40 },
  { header: '指派人', width: 12 },
  { header: '指派时间', width: 20 },
];

/** The trainings of the filter (the session's scope), 500 rows a query, as one sheet. */
export async function writeTrainings(
  db: DbOrTx,
  s: Session,
  f: CallBody<typeof contract.training.export>,
  x: XlsxExport,
): Promise<void> {
  const where = await trainFilter(db, s, f);
  const sheet = x.sheet('员工培训', COLUMNS);
  for (let pageNum = 1; ; pageNum++) {
    const rows = await pageSlice(db, callTrainLog, where, [desc(callTrainLog.createdAt), desc(callTrainLog.id)], {
      pageNum,
      pageSize: 500 as 100,
    });
    for (const r of await trainViews(db, s.orgId, rows))
      sheet.add([
        r.title,
        r.sourceName,
        r.kindName ?? '-',
        r.scriptName ?? '-',
        r.userName ?? '-',
        r.deptName ?? '-',
        r.statusName,
        r.deadline,
        r.startedAt ?? '-',
        r.completedAt ?? '-',
        r.takeaway ?? '',
        r.assignedByName ?? '-',
        r.createdAt,
      ]);
    if (rows.length < 500) return;
  }
}
