import { account as accountCalls } from '@crm/core/contract/account';
import { api } from '../api/client';
import { getToken, getUser, sessionEpoch, setUser, type UserInfo } from './session';

let loading: Promise<UserInfo | null> | null = null;

/**
 * Loads the user info of the session once (GET /loginController/getUserInfoByToken); null when there is no session,
 * when the call failed (the client has shown why) or when the session ended meanwhile.
 */
export function loadUser(force = false): Promise<UserInfo | null> {
  if (!getToken()) return Promise.resolve(null);
  const epoch = sessionEpoch();
  if (!force && getUser()) return Promise.resolve(getUser());
  loading ??= api
    .call(accountCalls.userInfo)
    .then((u) => {
      // Signed out meanwhile: the answer is stale.
      if (sessionEpoch() !== epoch) return null;
      setUser(u);
      return u;
    })
    .catch(() => null)
    .finally(() => {
      loading = null;
    });
  return loading;
}
