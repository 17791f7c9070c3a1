import { contract } from '@crm/core/contract';
import { Alert } from 'antd';
import { useCallQuery } from '../../api/hooks';

/** The WeCom chat archive's state above the chat list: what to install when the Finance SDK is missing. */
export function ArchiveStatusBar() {
  const q = useCallQuery(contract.msg.archiveStatus, undefined, { silent: true });
  const s = q.data;
  if (!s) return null;
  if (!s.sdkInstalled) return <Alert type="warning" showIcon title={s.message} style={{ marginBottom: 12 }} />;
  if (!s.configured) return null;
  const failed = s.failedCount ? `，${s.failedCount} 条消息无法解密（请核对会话存档私钥）` : '';
  return (
    <Alert
      type={s.failedCount ? 'warning' : 'info'}
      showIcon
      title={`企业微信会话存档${s.open ? '已开启' : '已关闭'}，已拉取到第 ${s.lastSeq} 条${s.lastPullTime ? `（${s.lastPullTime}）` : ''}${failed}`}
      style={{ marginBottom: 12 }}
    />
  );
}
