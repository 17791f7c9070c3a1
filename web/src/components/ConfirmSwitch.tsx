import { Switch, type SwitchProps } from 'antd';
import { ui } from '../app/ui';
import { useBusy } from './useBusy';

/**
 * An on/off switch for something that matters (a user, a dictionary item, a field): turning it off asks first with
 * `confirmOff`, and the switch spins while `onChange` runs (a second click meanwhile does nothing).
 */
export function ConfirmSwitch({
  onChange,
  confirmOff,
  ...props
}: Omit<SwitchProps, 'onChange' | 'loading'> & {
  onChange: (on: boolean) => Promise<unknown>;
  confirmOff: { title: string; content?: string; okText?: string };
}) {
  const [busy, run] = useBusy();
  return (
    <Switch
      {...props}
      loading={busy}
      onChange={(on) => {
        if (on) void run(() => onChange(true));
        else
          ui.modal.confirm({
            ...confirmOff,
            okText: confirmOff.okText ?? '停用',
            cancelText: '取消',
            okButtonProps: { danger: true },
            onOk: () => run(() => onChange(false)),
          });
      }}
    />
  );
}
