import { navigateTo } from '../app/navigation';
import { setTokens } from '../app/session';
import { loadUser } from '../app/user';
import type { SignedIn } from '../pages/account/signIn';

/** Where the bind ticket of an unbound member waits for /userBindOrg/userBindOrg (this tab only). */
export const BIND_KEY = 'wecom.bind';

export interface PendingBind {
  ticket: string;
  memberName: string;
  redirect: string;
}

/** A path of this site to open after sign-in (never another site). */
export const safeRedirect = (r: string | null | undefined) => (r && /^\/(?!\/)\S*$/.test(r) ? r : '/main');

export async function completeWeComSignIn(answer: SignedIn, redirect: string): Promise<void> {
  sessionStorage.removeItem(BIND_KEY);
  setTokens(answer.token, answer.refreshToken);
  await loadUser(true);
  navigateTo(safeRedirect(redirect), { replace: true });
}
