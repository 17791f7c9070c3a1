import { SHARE_LINK_EXPIRED, SHARE_LINK_INVALID } from '@crm/core/contract/boards';
import { Result } from 'antd';

/** A share link that does not open what it shares: malformed or tampered (链接无效) or past its expiry (链接已过期). */
export function ShareLinkFailure({ state }: { state: 'invalid' | 'expired' }) {
  const expired = state === 'expired';
  return (
    <Result
      status={expired ? 'warning' : '404'}
      title={<span data-testid="status-title">{expired ? SHARE_LINK_EXPIRED : SHARE_LINK_INVALID}</span>}
      subTitle={
        expired ? '该分享链接已超过有效期，请联系分享人重新分享。' : '请检查链接是否完整，或联系分享人重新发送。'
      }
    />
  );
}
