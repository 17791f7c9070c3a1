import { contract } from '@crm/core/contract';
import { useQuery } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { keyOf } from '../api/hooks';
import { isWeComClient } from '../app/expiry';
import { ANONYMOUS, useSessionOwner, useUser } from '../app/session';
import { loadUser } from '../app/user';
import { MobileLoading, MobileScreen } from '../mobile';
import { addressWithoutToken } from './address';
import { H5Tabs } from './H5Layout';

/** What an H5 page shows without a valid credential (none in the address and no session, or an expired one). */
export const EXPIRED = '访问凭证过期';

/** 访问凭证过期: the page cannot be shown; a new link (the pushed message again) brings a new token. */
function Expired() {
  return (
    <MobileScreen>
      <ErrorBlock status="default" title={EXPIRED} description="请从消息中重新打开" data-testid="h5-expired" />
    </MobileScreen>
  );
}

/**
 * The session of an H5 page opened from a link (a pushed message): the root stored the address's token as the session
 * (app/Root arrive); here it leaves the address (history.replaceState through the router) and the user info is loaded
 * with it, which checks it. Without a session it says 访问凭证过期 (inside WeCom it goes to /weComAuth instead).
 */
export function H5Session({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const owner = useSessionOwner();
  const user = useUser();
  const signedIn = owner !== ANONYMOUS;
  const clean = addressWithoutToken(pathname, search, hash);
  useEffect(() => {
    if (clean) navigate(clean, { replace: true });
  }, [clean, navigate]);
  const load = useQuery({
    queryKey: keyOf(contract.account.userInfo),
    queryFn: () => loadUser(),
    enabled: signedIn && !user,
    staleTime: 0,
  });
  if (!signedIn) return isWeComClient() ? <Navigate to="/weComAuth" replace /> : <Expired />;
  if (!user) return load.isFetching || load.isPending ? <MobileLoading /> : <Expired />;
  return children;
}

/**
 * An H5 route's page inside H5Session: with the bottom tabs (a list, a board) or on a screen of its own (a detail).
 * Lazily imported: antd-mobile stays out of the desktop entry.
 */
export const h5Page = (Page: ComponentType, opts: { tabs: boolean }) =>
  function H5Page() {
    return (
      <H5Session>
        {opts.tabs ? (
          <H5Tabs>
            <Page />
          </H5Tabs>
        ) : (
          <MobileScreen>
            <Page />
          </MobileScreen>
        )}
      </H5Session>
    );
  };
