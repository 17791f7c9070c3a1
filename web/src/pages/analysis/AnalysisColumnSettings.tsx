import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, List, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { showSuccess } from '../../app/ui';
import MoveButtons, { swap } from '../customer/MoveButtons';
import { ANALYSIS_COLUMNS } from './columns';

interface Item {
  key: string;
  title: string;
  checked: boolean;
}

/** Choose and order the columns of the call-analysis list (kept for the current user). */
export function AnalysisColumnSettings({
  keys,
  onSave,
}: {
  keys: string[];
  /** The chosen keys in order; null restores the defaults. */
  onSave: (keys: string[] | null) => void;
}) {
  const [items, setItems] = useState<Item[] | null>(null);
  // the working copy is taken when the dialog opens: chosen columns first, in their order, then the others
  const open = () =>
    setItems([
      ...keys.map((k) => ({ key: k, title: ANALYSIS_COLUMNS.find((c) => c.key === k)?.title ?? k, checked: true })),
      ...ANALYSIS_COLUMNS.filter((c) => !keys.includes(c.key)).map((c) => ({
        key: c.key,
        title: c.title,
        checked: false,
      })),
    ]);
  const close = () => setItems(null);
  const save = (next: string[] | null) => {
    onSave(next);
    showSuccess(next ? '保存成功' : '已恢复默认');
    close();
  };
  return (
    <>
      <Button icon={<SettingOutlined />} onClick={open} data-testid="column-settings">
        列设置
      </Button>
      <Modal
        open={!!items}
        title="列表字段设置"
        onCancel={close}
        width={420}
        footer={
          <Space>
            <Popconfirm
              title="确定恢复默认的列表字段吗？"
              okText="恢复默认"
              cancelText="取消"
              onConfirm={() => save(null)}
            >
              <Button>恢复默认</Button>
            </Popconfirm>
            <Button onClick={close}>取消</Button>
            <Button
              type="primary"
              disabled={!items?.some((i) => i.checked)}
              onClick={() => save((items ?? []).filter((i) => i.checked).map((i) => i.key))}
            >
              保存
            </Button>
          </Space>
        }
        styles={{ body: { maxHeight: '60vh', overflow: 'auto' } }}
      >
        <List
          size="small"
          dataSource={items ?? []}
          renderItem={(c, i) => (
            <List.Item
              actions={[
                <MoveButtons
                  key="move"
                  index={i}
                  count={items?.length ?? 0}
                  onMove={(at, d) => setItems((prev) => prev && swap(prev, at, d))}
                />,
              ]}
            >
              <Checkbox
                checked={c.checked}
                onChange={(e) =>
                  setItems((prev) => prev?.map((x, k) => (k === i ? { ...x, checked: e.target.checked } : x)) ?? null)
                }
              >
                {c.title}
              </Checkbox>
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
