import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { quietly } from '../../../api/client';
import { showSuccess } from '../../../app/ui';
import { ConfirmSwitch } from '../../../components/ConfirmSwitch';
import { useBusy } from '../../../components/useBusy';
import { DICT_KINDS, type DictKind, dictClient, useDict, useInvalidateClueSettings, validValues } from '../data';
import MoveButtons, { swap } from '../MoveButtons';
import type { DictItem } from '../types';

/** One dictionary of the business settings: follow-up ways, statuses, phases, channel sources, lost-order reasons. */
export function DictTab({ kind }: { kind: DictKind }) {
  const { label, path } = DICT_KINDS[kind];
  const list = useDict(kind, false);
  const invalidate = useInvalidateClueSettings();
  const [editing, setEditing] = useState<Partial<DictItem> | null>(null);
  const [saving, run] = useBusy();
  const [form] = Form.useForm();
  const client = dictClient(kind);
  const items = list.data ?? [];
  const reload = () => invalidate();
  const save = () => run(() => quietly(doSave));
  const doSave = async () => {
    const v = await validValues(form);
    if (!v) return;
    if (editing?.id) await client.post(`${path}/update`, { id: editing.id, ...v });
    else await client.post(`${path}/add`, v);
    showSuccess('保存成功');
    setEditing(null);
    reload();
  };
  const setStatus = (r: DictItem, on: boolean) =>
    quietly(async () => {
      await client.post(`${path}/update`, { id: r.id, status: on ? 1 : 2 });
      showSuccess(on ? '已启用' : '已停用');
      await invalidate();
    });
  const move = (i: number, d: -1 | 1) => quietly(() => doMove(i, d));
  const doMove = async (i: number, d: -1 | 1) => {
    const ids = swap(
      items.map((x) => x.id),
      i,
      d,
    );
    await client.post(`${path}/sort`, { ids });
    reload();
  };
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            form.resetFields();
            setEditing({});
          }}
          data-testid={`add-${kind}`}
        >
          新增{label}
        </Button>
      </Space>
      <Table<DictItem>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={items}
        pagination={false}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '备注', dataIndex: 'remark', render: (v) => v || '-' },
          {
            title: '启用',
            dataIndex: 'status',
            width: 80,
            render: (v, r) => (
              <ConfirmSwitch
                size="small"
                checked={v === 1}
                onChange={(on) => setStatus(r, on)}
                confirmOff={{
                  title: `确定停用“${r.name}”吗？`,
                  content: `停用后新建和编辑时不能再选择该${label}，已有数据不受影响。`,
                }}
              />
            ),
          },
          {
            title: '操作',
            key: 'op',
            width: 220,
            render: (_, r, i) => (
              <Space size={2}>
                <MoveButtons index={i} count={items.length} onMove={move} />
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    form.setFieldsValue({ name: r.name, remark: r.remark });
                    setEditing(r);
                  }}
                >
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    Modal.confirm({
                      title: `确定删除“${r.name}”吗？`,
                      okButtonProps: { danger: true },
                      onOk: () =>
                        quietly(async () => {
                          await client.post(`${path}/delete`, { id: r.id });
                          showSuccess('删除成功');
                          reload();
                        }),
                    })
                  }
                >
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing?.id ? `编辑${label}` : `新增${label}`}
        onCancel={() => setEditing(null)}
        onOk={save}
        confirmLoading={saving}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label="名称"
            rules={[
              { required: true, whitespace: true, message: '请输入名称' },
              { max: 30, message: '名称不能超过30个字' },
            ]}
          >
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
