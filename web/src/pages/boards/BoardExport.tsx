import { DownloadOutlined } from '@ant-design/icons';
import type { Call, CallInput } from '@crm/core/contract';
import { Button } from 'antd';
import { useCallDownload } from '../../api/hooks';
import { useHasSign } from '../../app/session';

/** 导出 of a board's table (sign board:export): the .xlsx of `call` with the filters shown. */
export function BoardExport<C extends Call>({
  call,
  input,
  label = '导出',
}: {
  call: C;
  input: CallInput<C>;
  label?: string;
}) {
  const canExport = useHasSign('board:export');
  const exporting = useCallDownload(call, { success: '导出成功' });
  if (!canExport) return null;
  return (
    <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate(input)}>
      {label}
    </Button>
  );
}
