import { Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { showSuccess } from '../app/ui';
import { LinkButton } from './LinkButton';

/**
 * A 删除 link that asks for confirmation, then runs `onDelete`, shows `success` and calls `onDone` if given. A failed
 * delete has already shown the server's message (api client), so it only stays open.
 */
export function DeleteLink({
  title,
  description,
  disabled,
  onDelete,
  success,
  onDone,
}: {
  title: string;
  description: ReactNode;
  disabled?: boolean;
  onDelete: () => Promise<unknown>;
  success: string;
  onDone?: () => void;
}) {
  return (
    <Popconfirm
      title={title}
      description={description}
      okText="删除"
      cancelText="取消"
      okButtonProps={{ danger: true, disabled }}
      onConfirm={async () => {
        try {
          await onDelete();
          showSuccess(success);
          onDone?.();
        } catch {}
      }}
    >
      <LinkButton danger>删除</LinkButton>
    </Popconfirm>
  );
}
