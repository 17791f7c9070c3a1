import { account as accountCalls } from '@crm/core/contract/account';
import { api } from '../api/client';
import { showVersionChanged } from './expiry';
import { getUser } from './session';

/** Whether the organisation's version differs from the one stored at sign-in. */
export function versionChanged(stored: unknown, current: unknown): boolean {
  if (stored === undefined || stored === null || current === undefined || current === null) return false;
  return String(stored) !== String(current);
}

let last = 0;

/** POST /loginController/getVersionId; a different versionId opens the 版本变更 modal. Throttled to once a minute. */
export async function checkVersion(force = false): Promise<boolean> {
  if (!force && Date.now() - last < 60_000) return false;
  last = Date.now();
  const user = getUser();
  if (!user) return false;
  // A failed check (silent) changes nothing: the next one tells.
  const v = await api.call(accountCalls.version, undefined, { silent: true }).catch(() => null);
  if (v && versionChanged(user.loginVersionId ?? user.versionId, v.versionId)) {
    showVersionChanged();
    return true;
  }
  return false;
}
