import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** antd's message, modal and notification, bound to the app's context (theme, locale) by UiHost. */
export interface UiApis {
  message: MessageInstance;
  modal: ModalHookAPI;
  notification: NotificationInstance;
}

let bound: UiApis | null = null;
const waiting: ((apis: UiApis) => void)[] = [];
/** Set by UiMount (main.tsx): mounts UiHost, whose chunk holds antd's message, modal and notification. */
let requestHost: () => void = () => {};

export function onUiRequested(request: () => void): void {
  requestHost = request;
  if (waiting.length) request();
}

/** UiHost, mounted: the calls made before run now. */
export function bindUi(apis: UiApis): void {
  bound = apis;
  for (const run of waiting.splice(0)) run(apis);
}

/**
 * One of the three as the app calls it: directly once UiHost is mounted; before, the call waits for its chunk (the
 * sign-in page loads none of them until it has something to say). A call made early answers a promise of what the
 * bound call answers (a confirm's answer is awaited the same way: `await ui.modal.confirm(…)` is the choice).
 */
function deferred<K extends keyof UiApis>(kind: K): UiApis[K] {
  return new Proxy({} as UiApis[K], {
    get:
      (_, name: string) =>
      (...args: unknown[]) => {
        const call = (apis: UiApis) =>
          (apis[kind] as unknown as Record<string, (...a: unknown[]) => unknown>)[name](...args);
        if (bound) return call(bound);
        return new Promise((resolve) => {
          waiting.push((apis) => resolve(call(apis)));
          requestHost();
        });
      },
  });
}

export const ui: UiApis = {
  message: deferred('message'),
  modal: deferred('modal'),
  notification: deferred('notification'),
};

/** Shows an error once even when several calls fail together. */
export function showError(text: string): void {
  ui.message.error({ content: text, key: text });
}

export function showSuccess(text: string): void {
  ui.message.success({ content: text, key: text });
}
