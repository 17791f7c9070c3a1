import { contract } from '@crm/core/contract';
import { BackgroundExport } from '../export/BackgroundExport';
import type { ClueFilterInput } from './filters';

/** Exports the filtered leads to .xlsx as a background job: progress, then a download link. */
export function ExportButton({
  filter,
  disabled,
  call = contract.clueImport.export,
}: {
  filter: () => ClueFilterInput;
  disabled?: boolean;
  /** The export call (a pool's export takes the pool in its filter). */
  call?: typeof contract.clueImport.export | typeof contract.organizationPublicsea.export;
}) {
  return (
    <BackgroundExport
      call={call}
      input={filter}
      disabled={disabled}
      title="导出客户"
      lostHint="导出仍在后台进行，稍后可在导入记录（导出记录）中下载。"
    />
  );
}
