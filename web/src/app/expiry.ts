import { Messages } from '@crm/core';
import { clientHooks } from '../api/client';
import { isH5Path } from '../h5/address';
import { isIframePath } from './guard';
import { navigateTo } from './navigation';
import { clearSession } from './session';
import { SessionKeys } from './storageKeys';
import { showError, ui } from './ui';

/** The enterprise-messaging (WeCom) client, whose expiry goes to its authorization route. */
export const isWeComClient = () => /wxwork/i.test(navigator.userAgent);

let expiring = false;

/**
 * Login expiry (spec part 1 section 4): on iframe paths only 访问凭证过期 is shown; in the enterprise-messaging
 * client the session is cleared and its authorization route opens; otherwise the session is cleared, the message
 * shown (the server's or 登录过期，请重新登录) and /login opens. An H5 page (opened from a link with its token) stays
 * where it is: the session is cleared and the page says 访问凭证过期 (inside WeCom, its authorization route opens).
 */
export function handleExpired(msg: string): void {
  const path = window.location.pathname;
  if (isIframePath(path)) {
    showError(Messages.iframeExpired);
    return;
  }
  if (expiring) return;
  expiring = true;
  setTimeout(() => {
    expiring = false;
  }, 1500);
  clearSession();
  if (isH5Path(path) && !isWeComClient()) {
    showError(Messages.iframeExpired);
    return;
  }
  if (isWeComClient()) {
    navigateTo('/weComAuth', { replace: true });
    return;
  }
  showError(msg || Messages.loginExpired);
  if (path !== '/login') navigateTo('/login', { replace: true });
}

let versionModalOpen = false;

/** The version-change modal: 版本变更 / 机构版本已经变更,请重新登录！, confirming goes to /login with isFailed set. */
export function showVersionChanged(): void {
  if (versionModalOpen) return;
  versionModalOpen = true;
  ui.modal.warning({
    title: Messages.versionChangedTitle,
    content: Messages.versionChanged,
    okText: '确定',
    onOk: () => {
      versionModalOpen = false;
      sessionStorage.setItem(SessionKeys.isFailed, '1');
      navigateTo('/login', { replace: true });
    },
  });
}

export function installClientHooks(): void {
  clientHooks.showError = showError;
  clientHooks.onExpired = handleExpired;
}
