import { DownloadOutlined } from '@ant-design/icons';
import type { Call, CallInput } from '@crm/core/contract';
import { Button } from 'antd';
import { useCallDownload } from '../../api/hooks';
import { useHasSign } from '../../app/session';

/** 导出 of a statistics table (sign stats:export): the download of `call` with the filters shown. */
export function ExportButton<C extends Call>({ call, input }: { call: C; input: CallInput<C> }) {
  const canExport = useHasSign('stats:export');
  const exporting = useCallDownload(call, { success: '导出成功' });
  if (!canExport) return null;
  return (
    <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate(input)}>
      导出
    </Button>
  );
}
