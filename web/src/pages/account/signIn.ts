import type { CallAnswer, contract } from '@crm/core/contract';
import { navigateTo } from '../../app/navigation';
import { setTokens } from '../../app/session';
import { loadUser } from '../../app/user';

/** What every sign-in answers (password, SMS, DingTalk, registration). */
export type SignedIn = CallAnswer<typeof contract.account.login>;

/** Stores the tokens of a sign-in, loads the user info and opens the main shell. */
export async function completeSignIn(answer: SignedIn): Promise<void> {
  setTokens(answer.token, answer.refreshToken);
  await loadUser(true);
  navigateTo('/main', { replace: true });
}
