import { navigateTo } from '../../app/navigation';
import { setTokens } from '../../app/session';
import { loadUser } from '../../app/user';

export interface LoginAnswer {
  token: string;
  refreshToken: string;
}

/** Stores the tokens of a sign-in, loads the user info and opens the main shell. */
export async function completeSignIn(answer: LoginAnswer): Promise<void> {
  setTokens(answer.token, answer.refreshToken);
  await loadUser(true);
  navigateTo('/main', { replace: true });
}
