import { Modal, message, notification } from 'antd';
import { useEffect } from 'react';
import { bindUi } from './ui';

/**
 * antd's message, modal and notification with the app's context (what antd's <App> does), in a chunk of its own:
 * mounted by UiMount on the first message or dialog, or once the shell opens.
 */
export default function UiHost() {
  const [messageApi, messageHolder] = message.useMessage({ maxCount: 3 });
  const [modalApi, modalHolder] = Modal.useModal();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useEffect(() => {
    bindUi({ message: messageApi, modal: modalApi, notification: notificationApi });
  }, [messageApi, modalApi, notificationApi]);
  return (
    <>
      {messageHolder}
      {modalHolder}
      {notificationHolder}
    </>
  );
}
