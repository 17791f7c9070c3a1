import { PlusOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { type DictItem, DictKindLabel, type DictKindName } from '@crm/core/contract/clueField';
import { Button, Form, Input, Modal, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { showSuccess, ui } from '../../../app/ui';
import { confirmOff } from '../../../components/confirmOff';
import MoveButtons, { swap } from '../MoveButtons';
import { useDictItems, useSettingsMutation } from './settings';

interface DictForm {
  name: string;
  remark?: string;
}

/** One dictionary of the business settings: follow-up ways, statuses, phases, channel sources, lost-order reasons. */
export function DictTab({ kind }: { kind: DictKindName }) {
  const label = DictKindLabel[kind];
  const calls = contract.clueField.dicts[kind];
  const list = useDictItems(kind, false);
  /** The item being edited (none for a new one); null when the form is closed. */
  const [editing, setEditing] = useState<{ item?: DictItem } | null>(null);
  const [form] = Form.useForm<DictForm>();
  const items = list.data ?? [];
  const close = () => setEditing(null);
  const add = useSettingsMutation(calls.add, { success: '保存成功', onSuccess: close });
  const update = useSettingsMutation(calls.update, { success: '保存成功', onSuccess: close });
  const setStatus = useSettingsMutation(calls.update, {
    onSuccess: (item) => showSuccess(item.status === 1 ? '已启用' : '已停用'),
  });
  const remove = useSettingsMutation(calls.delete, { success: '删除成功' });
  const sort = useSettingsMutation(calls.sort);
  const save = (v: DictForm) => {
    if (editing?.item) update.mutate({ id: editing.item.id, ...v });
    else add.mutate(v);
  };
  const move = (i: number, d: -1 | 1) =>
    sort.mutate({
      ids: swap(
        items.map((x) => x.id),
        i,
        d,
      ),
    });
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
              <Switch
                size="small"
                checked={v === 1}
                loading={setStatus.isPending && setStatus.variables?.id === r.id}
                onChange={(on) =>
                  confirmOff(
                    on,
                    {
                      title: `确定停用“${r.name}”吗？`,
                      content: `停用后新建和编辑时不能再选择该${label}，已有数据不受影响。`,
                    },
                    () => setStatus.mutate({ id: r.id, status: on ? 1 : 2 }),
                  )
                }
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
                    setEditing({ item: r });
                  }}
                >
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    ui.modal.confirm({
                      title: `确定删除“${r.name}”吗？`,
                      okButtonProps: { danger: true },
                      onOk: () => remove.mutate({ id: r.id }),
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
        open={editing !== null}
        title={editing?.item ? `编辑${label}` : `新增${label}`}
        onCancel={close}
        onOk={() => form.submit()}
        confirmLoading={add.isPending || update.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={save}>
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
