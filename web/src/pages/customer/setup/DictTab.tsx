import { contract } from '@crm/core/contract';
import { type DictItem, DictKindLabel, type DictKindName } from '@crm/core/contract/clueField';
import { Form, Input, Space, Switch, Table } from 'antd';
import { showSuccess } from '../../../app/ui';
import { AddButton } from '../../../components/AddButton';
import { confirmOff } from '../../../components/confirmOff';
import { useDictItems, useSettingsMutation } from '../../../features/lead/settings';
import { NameItem, SettingsModal, useListEditor } from './editing';

interface DictForm {
  name: string;
  remark?: string;
}

/** One dictionary of the business settings: follow-up ways, statuses, phases, channel sources, lost-order reasons. */
export function DictTab({ kind }: { kind: DictKindName }) {
  const label = DictKindLabel[kind];
  const calls = contract.clueField.dicts[kind];
  const list = useDictItems(kind, false);
  const [form] = Form.useForm<DictForm>();
  const items = list.data ?? [];
  const editor = useListEditor(calls, items);
  const setStatus = useSettingsMutation(calls.update, {
    onSuccess: (item) => showSuccess(item.status === 1 ? '已启用' : '已停用'),
  });
  const save = (v: DictForm) => {
    if (editor.editing?.item) editor.update.mutate({ id: editor.editing.item.id, ...v });
    else editor.add.mutate(v);
  };
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <AddButton
          onClick={() => {
            form.resetFields();
            editor.open();
          }}
          data-testid={`add-${kind}`}
        >
          新增{label}
        </AddButton>
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
          editor.column(
            (r) => {
              form.setFieldsValue({ name: r.name, remark: r.remark });
              editor.open(r);
            },
            (r) => ({ title: `确定删除“${r.name}”吗？` }),
          ),
        ]}
      />
      <SettingsModal
        open={editor.editing !== null}
        title={editor.editing?.item ? `编辑${label}` : `新增${label}`}
        loading={editor.saving}
        form={form}
        onClose={editor.close}
        onFinish={save}
      >
        <NameItem max={30} />
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </SettingsModal>
    </>
  );
}
