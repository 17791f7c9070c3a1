import type { Call } from '@crm/core/contract';
import type { IdBody, SortBody } from '@crm/core/contract/clueField/common';
import { Alert, Button, Form, type FormInstance, Input, Modal, Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { ui } from '../../../app/ui';
import MoveButtons, { swap } from '../../../components/MoveButtons';
import { useSettingsMutation } from '../../../features/lead/settings';

/** What the settings tabs share: the editing of a reorderable list, its form dialog, the name field, the note. */

/**
 * A reorderable settings list (dictionary items, custom fields) and its form: `open(item)` edits an item, `open()`
 * a new one; `add` and `update` close the form when saved; `column` is the 操作 column (up, down, 编辑, 删除).
 */
export function useListEditor<T extends { id: number }, A extends Call, U extends Call>(
  calls: { add: A; update: U; delete: Call & { body: typeof IdBody }; sort: Call & { body: typeof SortBody } },
  items: T[],
) {
  /** The item being edited (none for a new one); null when the form is closed. */
  const [editing, setEditing] = useState<{ item?: T } | null>(null);
  const close = () => setEditing(null);
  const saved = { success: '保存成功', onSuccess: close };
  const add = useSettingsMutation(calls.add, saved);
  const update = useSettingsMutation(calls.update, saved);
  const remove = useSettingsMutation(calls.delete, { success: '删除成功' });
  const sort = useSettingsMutation(calls.sort);
  const move = (i: number, d: -1 | 1) =>
    sort.mutate({
      ids: swap(
        items.map((x) => x.id),
        i,
        d,
      ),
    });
  const column = (
    onEdit: (item: T) => void,
    confirm: (item: T) => { title: string; content?: string },
  ): ColumnType<T> => ({
    title: '操作',
    key: 'op',
    width: 220,
    render: (_, r, i) => (
      <Space size={2}>
        <MoveButtons index={i} count={items.length} onMove={move} />
        <Button type="link" size="small" onClick={() => onEdit(r)}>
          编辑
        </Button>
        <Button
          type="link"
          size="small"
          danger
          onClick={() =>
            ui.modal.confirm({
              ...confirm(r),
              okButtonProps: { danger: true },
              onOk: () => remove.mutate({ id: r.id }),
            })
          }
        >
          删除
        </Button>
      </Space>
    ),
  });
  return {
    editing,
    open: (item?: T) => setEditing({ item }),
    close,
    add,
    update,
    saving: add.isPending || update.isPending,
    column,
  };
}

/**
 * The form dialog of a settings tab. The tab holds `form` and fills it before opening (the values stay when it
 * closes); OK submits it to `onFinish` once valid.
 */
export function SettingsModal<V>({
  open,
  title,
  width,
  loading,
  form,
  initialValues,
  onClose,
  onFinish,
  children,
}: {
  open: boolean;
  title: string;
  width?: number;
  loading: boolean;
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  onClose: () => void;
  onFinish: (values: V) => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={loading}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
        {children}
      </Form>
    </Modal>
  );
}

/** The required name of a setting, at most `max` characters. */
export function NameItem({
  name = 'name',
  label = '名称',
  max,
  testId,
}: {
  name?: string;
  label?: string;
  max: number;
  testId?: string;
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        { required: true, whitespace: true, message: `请输入${label}` },
        { max, message: `${label}不能超过${max}个字` },
      ]}
    >
      <Input maxLength={max} data-testid={testId} />
    </Form.Item>
  );
}

/** A settings tab that opens with an explanation. */
export function NotedTab({ note, children }: { note: string; children: ReactNode }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={note} />
      {children}
    </Space>
  );
}
