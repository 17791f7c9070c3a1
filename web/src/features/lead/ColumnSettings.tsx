import { SettingOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import type { Column } from '@crm/core/contract/clueField';
import { Button, Checkbox, List, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useCallMutation } from '../../api/hooks';
import MoveButtons, { swap } from '../../components/MoveButtons';

/** Choose and order the columns of a list for the current user (setClueUserCustomTable / customTableDefault). */
export function ColumnSettings({ type, columns, onSaved }: { type: number; columns: Column[]; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Column[]>([]);
  const saved = () => {
    setOpen(false);
    onSaved();
  };
  const save = useCallMutation(contract.clueField.columns.set, { success: '保存成功', onSuccess: saved });
  const reset = useCallMutation(contract.clueField.columns.setDefault, { success: '已恢复默认', onSuccess: saved });
  // the working copy is taken when the dialog opens: a refetch of the columns meanwhile does not undo the user's edits
  const openSettings = () => {
    setItems(columns.map((c) => ({ ...c })));
    setOpen(true);
  };
  const move = (i: number, d: -1 | 1) => setItems((prev) => swap(prev, i, d));
  const submit = () =>
    save.mutate({
      type,
      columns: items
        .filter((c) => c.isChecked)
        .map((c) => ({ fieldName: c.fieldName, ...(c.width ? { width: c.width } : {}) })),
    });
  return (
    <>
      <Button icon={<SettingOutlined />} onClick={openSettings} data-testid="column-settings">
        列设置
      </Button>
      <Modal
        open={open}
        title="列表字段设置"
        onCancel={() => setOpen(false)}
        width={460}
        footer={
          <Space>
            <Popconfirm
              title="确定恢复默认的列表字段吗？"
              description="将恢复系统默认的列与顺序。"
              okText="恢复默认"
              cancelText="取消"
              onConfirm={() => reset.mutate({ type })}
            >
              <Button>恢复默认</Button>
            </Popconfirm>
            <Button onClick={() => setOpen(false)}>取消</Button>
            <Button type="primary" loading={save.isPending} onClick={submit} disabled={!items.some((c) => c.isChecked)}>
              保存
            </Button>
          </Space>
        }
        styles={{ body: { maxHeight: '60vh', overflow: 'auto' } }}
      >
        <List
          size="small"
          dataSource={items}
          renderItem={(c, i) => (
            <List.Item actions={[<MoveButtons key="move" index={i} count={items.length} onMove={move} />]}>
              <Checkbox
                checked={c.isChecked === 1}
                onChange={(e) => {
                  const isChecked = e.target.checked ? 1 : 0;
                  setItems((prev) => prev.map((x, k) => (k === i ? { ...x, isChecked } : x)));
                }}
              >
                {c.fieldLabel}
              </Checkbox>
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
