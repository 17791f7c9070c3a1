import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, List, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { api, quietly } from '../../api/client';
import { showSuccess } from '../../app/ui';

import MoveButtons, { swap } from './MoveButtons';
import type { ColumnDef } from './types';

/** Choose and order the columns of a list for the current user (setClueUserCustomTable / customTableDefault). */
export function ColumnSettings({
  type,
  columns,
  onSaved,
}: {
  type: number;
  columns: ColumnDef[];
  onSaved: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<ColumnDef[]>([]);
  const [saving, setSaving] = useState(false);
  // the working copy is taken when the dialog opens: a refetch of the columns meanwhile does not undo the user's edits
  const openSettings = () => {
    setItems(columns.map((c) => ({ ...c })));
    setOpen(true);
  };
  const move = (i: number, d: -1 | 1) => setItems((prev) => swap(prev, i, d));
  const save = async () => {
    const chosen = items.filter((c) => c.isChecked);
    setSaving(true);
    try {
      await api.analysis.post('/asr/V1/setClueUserCustomTable', {
        type,
        columns: chosen.map((c) => ({ fieldName: c.fieldName, ...(c.width ? { width: c.width } : {}) })),
      });
      showSuccess('保存成功');
      setOpen(false);
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  const reset = async () => {
    await api.analysis.post('/asr/V1/customTableDefault', { type });
    showSuccess('已恢复默认');
    setOpen(false);
    onSaved();
  };
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
              onConfirm={() => quietly(reset)}
            >
              <Button>恢复默认</Button>
            </Popconfirm>
            <Button onClick={() => setOpen(false)}>取消</Button>
            <Button
              type="primary"
              loading={saving}
              onClick={() => quietly(save)}
              disabled={!items.some((c) => c.isChecked)}
            >
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
