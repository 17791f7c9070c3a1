import { account as accountCalls } from '@crm/core/contract/account';
import { Alert, Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { type ApiError, api } from '../../api/client';
import { navigateTo } from '../../app/navigation';
import AuthCard from './AuthCard';
import { completeSignIn } from './signIn';

/**
 * Sign-in from the team-messaging (DingTalk) workbench: the shell opens this page with the 免登 code in `?code=`
 * (or `authCode`), the server exchanges it for the user's phone and signs that user in.
 */
export default function DingLogin() {
  const code =
    new URLSearchParams(window.location.search).get('code') ??
    new URLSearchParams(window.location.search).get('authCode');
  const [error, setError] = useState<string | null>(code ? null : '缺少钉钉免登授权码，请从钉钉工作台打开本应用');

  useEffect(() => {
    if (!code) return;
    // Silent: the page itself says why the sign-in failed.
    api
      .call(accountCalls.dingLogin, { code }, { silent: true })
      .then(completeSignIn)
      .catch((e: ApiError) => setError(e.msg || '钉钉登录失败'));
  }, [code]);

  return (
    <AuthCard title="钉钉登录">
      {error ? (
        <>
          <Alert type="error" showIcon message={error} data-testid="ding-error" />
          <Button type="link" style={{ marginTop: 16, paddingLeft: 0 }} onClick={() => navigateTo('/login')}>
            使用账号密码登录
          </Button>
        </>
      ) : (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin tip="正在通过钉钉登录…" />
        </div>
      )}
    </AuthCard>
  );
}
