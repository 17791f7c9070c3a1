import { contract } from '@crm/core/contract';
import { Alert, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { type ApiError, api } from '../api/client';
import { navigateTo } from '../app/navigation';
import AuthCard from '../pages/account/AuthCard';
import { BIND_KEY, completeWeComSignIn, type PendingBind, safeRedirect } from './signIn';

/**
 * /weComAuth?org=<id>: the WeCom app's home page (and where an expired session inside WeCom comes back to). Without a
 * code it goes to WeCom's OAuth2 page (oauth2/url); with one it signs the member in (oauth2/login), or sends an
 * unbound member to /userBindOrg/userBindOrg.
 */
export default function WeComAuth() {
  const params = new URLSearchParams(window.location.search);
  const org = Number(params.get('org'));
  const code = params.get('code');
  const redirect = safeRedirect(params.get('redirect'));
  const [error, setError] = useState<string | null>(org > 0 ? null : '缺少机构参数，请从企业微信应用中打开');

  useEffect(() => {
    if (!(org > 0)) return;
    const fail = (e: ApiError) => setError(e.msg || '企业微信登录失败');
    if (!code) {
      api
        .call(contract.wecomAuth.oauthUrl, { org, redirect }, { silent: true })
        .then((a) => window.location.replace(a.url))
        .catch(fail);
      return;
    }
    api
      .call(contract.wecomAuth.oauthLogin, { org, code }, { silent: true })
      .then((a) => {
        if (a.bound && a.signedIn) return completeWeComSignIn(a.signedIn, redirect);
        const pending: PendingBind = { ticket: a.bindTicket, memberName: a.memberName, redirect };
        sessionStorage.setItem(BIND_KEY, JSON.stringify(pending));
        navigateTo('/userBindOrg/userBindOrg', { replace: true });
      })
      .catch(fail);
  }, [org, code, redirect]);

  return (
    <AuthCard title="企业微信登录">
      {error ? (
        <Alert type="error" showIcon message={error} data-testid="wecom-error" />
      ) : (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin tip="正在通过企业微信登录…" />
        </div>
      )}
    </AuthCard>
  );
}
