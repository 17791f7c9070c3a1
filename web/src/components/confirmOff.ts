import { ui } from '../app/ui';

/**
 * A switch's change: turning on applies at once, turning off (停用, 禁用) asks first. The switch shows the
 * mutation's `isPending` meanwhile.
 */
export function confirmOff(
  on: boolean,
  confirm: { title: string; content?: string; okText?: string },
  apply: () => void,
): void {
  if (on) apply();
  else
    ui.modal.confirm({
      okText: '停用',
      ...confirm,
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: apply,
    });
}
