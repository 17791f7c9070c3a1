import { DownloadOutlined } from '@ant-design/icons';
import type { FunctionSign } from '@crm/core';
import type { Call, CallInput } from '@crm/core/contract';
import { Button } from 'antd';
import { useCallDownload } from '../api/hooks';
import { useHasSign } from '../app/session';

/** 导出: the download (.xlsx) of `call` with the filters shown, for users with `sign` (none for the others). */
export function SignedDownload<C extends Call>({
  call,
  input,
  sign,
  label = '导出',
}: {
  call: C;
  input: CallInput<C>;
  sign: FunctionSign;
  label?: string;
}) {
  const allowed = useHasSign(sign);
  const exporting = useCallDownload(call, { success: '导出成功' });
  if (!allowed) return null;
  return (
    <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate(input)}>
      {label}
    </Button>
  );
}
