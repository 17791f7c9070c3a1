import { contract } from '@crm/core/contract';
import { type AiField, MAX_AI_FIELDS } from '@crm/core/contract/aiSetting';
import { Form, Input, InputNumber, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { AddButton } from '../../components/AddButton';
import { confirmOff } from '../../components/confirmOff';
import { DeleteLink } from '../../components/DeleteLink';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import type { OnRuleChange } from './AiSettingPage';

const c = contract.aiSetting;
const READS = [c.fieldList, c.orgFields];

interface FieldForm {
  key: string;
  name: string;
  description?: string;
  hints: string[];
  enabled: boolean;
  sort?: number;
}

function FieldModal({ field, onClose, onSaved }: { field: AiField | null; onClose: () => void; onSaved: () => void }) {
  const done = {
    invalidate: READS,
    onSuccess: () => {
      onClose();
      onSaved();
    },
  };
  const save = useCallMutation(c.fieldSave, { success: '已新增字段', ...done });
  const update = useCallMutation(c.fieldUpdate, { success: '已保存', ...done });
  return (
    <FormModal<FieldForm>
      title={field ? '编辑 AI 字段' : '新增 AI 字段'}
      width={560}
      loading={save.isPending || update.isPending}
      initialValues={field ?? { hints: [], enabled: true }}
      onClose={onClose}
      onSubmit={({ key, sort, ...v }) =>
        field
          ? update.mutate({ id: field.id, ...v, sort: sort ?? undefined, description: v.description?.trim() || null })
          : save.mutate({ key, ...v, sort: sort ?? undefined, description: v.description?.trim() || undefined })
      }
    >
      <Form.Item
        name="key"
        label="字段标识"
        extra={field ? '创建后不可修改' : '字母开头，由字母、数字、下划线组成，如 budget'}
        rules={[
          { required: true, message: '请输入字段标识' },
          {
            pattern: /^[A-Za-z][A-Za-z0-9_]{0,39}$/,
            message: '字段标识须以字母开头，由字母、数字、下划线组成，最多 40 个字符',
          },
        ]}
      >
        <Input disabled={!!field} maxLength={40} />
      </Form.Item>
      <Form.Item name="name" label="字段名称" rules={[{ required: true, whitespace: true, message: '请输入字段名称' }]}>
        <Input maxLength={20} showCount placeholder="如：预算" />
      </Form.Item>
      <Form.Item name="description" label="字段说明" extra="说明这个字段要从通话中提取什么（大模型据此提取）">
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
      <Form.Item name="hints" label="提示词" extra="内置分析在含这些词的句子中找字段值；输入后回车添加">
        <Select mode="tags" open={false} tokenSeparators={[',', '，', '、']} placeholder="如：预算、多少钱" />
      </Form.Item>
      <Form.Item name="enabled" label="启用" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </FormModal>
  );
}

/** AI 字段: what the analysis extracts from a call (budget, decision maker, next step …). */
export function FieldsTab({ onRuleChange }: { onRuleChange: OnRuleChange }) {
  const list = useCallQuery(c.fieldList, undefined);
  const [editing, setEditing] = useState<AiField | null | undefined>(undefined);
  const toggle = useCallMutation(c.fieldUpdate, { invalidate: READS });
  const del = useCallMutation(c.fieldDelete, { invalidate: READS });
  const rows = list.data ?? [];
  const columns: ColumnsType<AiField> = [
    { title: '字段名称', dataIndex: 'name', width: 120 },
    { title: '字段标识', dataIndex: 'key', width: 130, render: (v) => <Typography.Text code>{v}</Typography.Text> },
    { title: '说明', dataIndex: 'description', ellipsis: true, render: (v) => v || '-' },
    {
      title: '提示词',
      dataIndex: 'hints',
      width: 240,
      render: (h: string[]) =>
        h.length ? (
          <Space size={[2, 2]} wrap>
            {h.map((w) => (
              <Tag key={w} style={{ marginInlineEnd: 0 }}>
                {w}
              </Tag>
            ))}
          </Space>
        ) : (
          '-'
        ),
    },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '启用',
      dataIndex: 'enabled',
      width: 80,
      render: (v: boolean, r) => (
        <Switch
          size="small"
          checked={v}
          loading={toggle.isPending}
          onChange={(on) =>
            confirmOff(on, { title: `停用字段「${r.name}」？`, content: '之后分析的通话不再提取该字段。' }, () =>
              toggle.mutate({ id: r.id, enabled: on }),
            )
          }
        />
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 110,
      render: (_, r) => (
        <Space size={12}>
          <LinkButton onClick={() => setEditing(r)}>编辑</LinkButton>
          <DeleteLink
            title={`删除字段「${r.name}」？`}
            description="已分析通话中该字段的值将不再显示。"
            success="删除成功"
            onDelete={() => del.mutateAsync({ id: r.id })}
          />
        </Space>
      ),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">
          已有 {rows.length} 个字段（最多 {MAX_AI_FIELDS} 个）
        </Typography.Text>
        <AddButton disabled={rows.length >= MAX_AI_FIELDS} onClick={() => setEditing(null)}>
          新增字段
        </AddButton>
      </Space>
      <Table<AiField>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        columns={columns}
        pagination={false}
      />
      {editing !== undefined && (
        <FieldModal field={editing} onClose={() => setEditing(undefined)} onSaved={onRuleChange} />
      )}
    </Space>
  );
}
