import { contract } from '@crm/core/contract';
import { api } from '../../api/client';
import { isWeComClient } from '../../app/expiry';
import { navigateTo } from '../../app/navigation';
import { clearSession } from '../../app/session';

/** Where a WeCom app page without a session goes: the OAuth sign-in inside WeCom, the sign-in page elsewhere. */
export const signInPath = (): string => (isWeComClient() ? '/weComAuth' : '/login');

/**
 * Signs out of the WeCom app: the session ends on the server (a failure is silent: it ends here anyway) and the
 * account sign-in opens (not /weComAuth, which would sign the member straight back in).
 */
export async function signOut(): Promise<void> {
  await api.call(contract.account.logOut, undefined, { silent: true, skipAuthRedirect: true }).catch(() => null);
  clearSession();
  navigateTo('/login', { replace: true });
}

/** The function sign of the boards: the board and the staff figures (each narrowed by the role's data scope). */
export const BOARD_SIGN = 'board:view';
