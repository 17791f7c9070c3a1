import { deductionSubject } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import type { Scope } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { createExportRecord, exportStamp, runExportRecord } from '../clueImport';
import { type CheckFilter, checkRowsFor, countChecks } from './checkList';

/**
 * The quality list's export as a background job, on the import/export records of the lead export (kind 2): the
 * record's progress is read with /importRecords/detail and the file downloaded with /organizationClue/exportDownload,
 * as for a lead export; only the sheet written here is the quality list's.
 */

type Calls = typeof contract.qualityCheck;

export const CHECK_EXPORT_JOB = 'quality.checkExport';
const BATCH = 1000;

interface CheckExportOptions {
  filter: CheckFilter;
  scope: Scope;
}

export async function startCheckExport(
  ctx: AppContext,
  s: Session,
  body: CallBody<Calls['callCheckExport']>,
): Promise<CallAnswer<Calls['callCheckExport']>> {
  const { mode: _mode, ...filter } = body;
  const options: CheckExportOptions = { filter, scope: { orgId: s.orgId, visibleUserIds: s.visibleUserIds } };
  const rec = await createExportRecord(ctx.db, s, {
    fileName: `AI质检列表_${exportStamp()}.xlsx`,
    folder: 'quality-export',
    options,
  });
  await ctx.jobs.send(CHECK_EXPORT_JOB, { recordId: rec.id }, { singletonKey: `check-export-${rec.id}` });
  return { recordId: rec.id, status: 1 };
}

const COLUMNS: [string, number][] = [
  ['录音ID', 10],
  ['坐席', 12],
  ['部门', 14],
  ['通话时间', 20],
  ['通话时长', 10],
  ['得分', 8],
  ['是否合格', 10],
  ['致命项', 8],
  ['违规次数', 10],
  ['违规规则', 24],
  ['SOP覆盖率', 10],
  ['缺失环节数', 10],
  ['扣分明细', 40],
  ['评分卡', 14],
  ['质检时间', 20],
];

export function runCheckExport(ctx: AppContext, recordId: number): Promise<void> {
  return runExportRecord(ctx.db, ctx.storage, recordId, async (options) => {
    const { filter, scope } = options as CheckExportOptions;
    // dates went through JSON
    const f = {
      ...filter,
      startTime: filter.startTime ? new Date(filter.startTime) : undefined,
      endTime: filter.endTime ? new Date(filter.endTime) : undefined,
    };
    async function* pages() {
      for await (const rows of checkRowsFor(ctx, scope, f, BATCH))
        yield rows.map((r) => [
          r.recordingId,
          r.ownerName,
          r.deptName,
          r.callTime,
          r.durationText,
          r.score,
          r.passedName,
          r.fatal ? '是' : '否',
          r.violationCount,
          r.violationRules,
          r.sopCoverage === null ? null : `${Math.round(r.sopCoverage * 100)}%`,
          r.missedItemCount,
          r.deductions.map((d) => `${deductionSubject(d)}${d.fatal ? ' 致命' : ` -${d.points}`}`),
          r.scorecardName,
          r.checkedAt,
        ]);
    }
    return {
      name: 'AI质检',
      columns: COLUMNS.map(([header, width]) => ({ header, width })),
      total: await countChecks(ctx, scope, f),
      pages: pages(),
    };
  });
}
