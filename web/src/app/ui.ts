import { Modal as StaticModal, message as staticMessage, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * antd's message, modal and notification bound to the app's context (theme, locale). `AppUiBinder` (inside
 * antd's <App>) fills them; before that the static functions are used.
 */
export const ui: {
  message: MessageInstance;
  modal: ModalHookAPI;
  notification: NotificationInstance;
} = {
  message: staticMessage as unknown as MessageInstance,
  modal: StaticModal as unknown as ModalHookAPI,
  notification: staticNotification as unknown as NotificationInstance,
};

/** Shows an error once even when several calls fail together. */
export function showError(text: string): void {
  ui.message.error({ content: text, key: text });
}

export function showSuccess(text: string): void {
  ui.message.success({ content: text, key: text });
}
