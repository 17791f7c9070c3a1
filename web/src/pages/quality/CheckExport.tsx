import { contract } from '@crm/core/contract';
import { BackgroundExport } from '../../features/export/BackgroundExport';
import type { CheckFilterBody } from '../../features/quality/check';

/** 导出 of the AI 质检 list: a background job on the import/export records (as the lead export). */
export function CheckExport({ filter }: { filter: () => CheckFilterBody & { mode: 'call' | 'seat' } }) {
  return (
    <BackgroundExport
      call={contract.qualityCheck.callCheckExport}
      input={filter}
      title="导出AI质检列表"
      testId="check-export"
    />
  );
}
