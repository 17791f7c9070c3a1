import { PlusOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { OPEN_API_SCOPES, type OpenApiScope, OpenApiScopeName } from '@crm/core/contract/openApi';
import { Alert, Button, Checkbox, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';

const c = contract.openApiKeys;

type Key = NonNullable<ReturnType<typeof useCallQuery<typeof c.getOrganizationKey>>['data']>[number];
type Shown = Key & { appSecret: string };

const scopeOptions = OPEN_API_SCOPES.map((s) => ({ value: s, label: OpenApiScopeName[s] }));

/**
 * /openApi 开放接口: the organisation's keys for integrators (signed requests, see the API document at
 * /api/openapi/docs/json). The secret is shown once, when a key is created or its secret is reset.
 */
export default function OpenApiKeyPage() {
  const keys = useCallQuery(c.getOrganizationKey, undefined);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [form] = Form.useForm<{ name: string; scopes: OpenApiScope[] }>();
  const invalidate = [c.getOrganizationKey];
  const create = useCallMutation(c.createOrganizationKey, {
    invalidate,
    onSuccess: (k) => {
      setCreating(false);
      form.resetFields();
      setShown(k);
    },
  });
  const reset = useCallMutation(c.resetOrganizationKey, { invalidate, onSuccess: (k) => setShown(k) });
  const revoke = useCallMutation(c.revokeOrganizationKey, { invalidate, success: '已停用' });

  const columns: ColumnsType<Key> = [
    { title: '名称', dataIndex: 'name', width: 160 },
    { title: 'AppKey', dataIndex: 'appKey', render: (v) => <Typography.Text copyable>{v}</Typography.Text> },
    {
      title: '权限范围',
      dataIndex: 'scopes',
      render: (v: string[]) => v.map((s) => <Tag key={s}>{OpenApiScopeName[s as OpenApiScope] ?? s}</Tag>),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v) => (v === 1 ? <Tag color="green">使用中</Tag> : <Tag>已停用</Tag>),
    },
    { title: '创建人', dataIndex: 'createdByName', width: 100, render: (v) => v || '-' },
    { title: '创建时间', dataIndex: 'createdAt', width: 170 },
    { title: '最近使用', dataIndex: 'lastUsedAt', width: 170, render: (v) => v || '-' },
    {
      title: '操作',
      key: 'op',
      width: 170,
      render: (_, k) =>
        k.status === 1 ? (
          <Space>
            <Popconfirm
              title="重置后旧密钥立即失效，确定重置？"
              onConfirm={() => reset.mutate({ id: k.id })}
              okText="重置"
              cancelText="取消"
            >
              <Button type="link" size="small">
                重置密钥
              </Button>
            </Popconfirm>
            <Popconfirm
              title="停用后使用该密钥的请求都将被拒绝，确定停用？"
              onConfirm={() => revoke.mutate({ id: k.id })}
              okText="停用"
              okButtonProps={{ danger: true }}
              cancelText="取消"
            >
              <Button type="link" size="small" danger>
                停用
              </Button>
            </Popconfirm>
          </Space>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <div className="page-card">
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">
          对接方用 AppKey 与 AppSecret 签名请求调用开放接口（/api/openapi），接口文档见{' '}
          <a href="/api/openapi/docs/json" target="_blank" rel="noreferrer">
            /api/openapi/docs/json
          </a>
        </Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新建密钥
        </Button>
      </Space>
      <Table<Key>
        rowKey="id"
        loading={keys.isLoading}
        columns={columns}
        dataSource={keys.data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无数据' }}
      />
      <Modal
        title="新建密钥"
        open={creating}
        onCancel={() => setCreating(false)}
        onOk={() => form.validateFields().then((v) => create.mutate(v))}
        confirmLoading={create.isPending}
        okText="创建"
        cancelText="取消"
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ scopes: ['leads:write', 'leads:read'] }}>
          <Form.Item
            name="name"
            label="密钥名称"
            rules={[{ required: true, whitespace: true, message: '请输入密钥名称' }]}
          >
            <Input maxLength={50} placeholder="例如：官网表单对接" />
          </Form.Item>
          <Form.Item
            name="scopes"
            label="权限范围"
            rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个权限范围' }]}
          >
            <Checkbox.Group options={scopeOptions} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title="密钥已生成"
        open={shown !== null}
        destroyOnHidden
        onCancel={() => setShown(null)}
        footer={
          <Button type="primary" onClick={() => setShown(null)}>
            我已保存
          </Button>
        }
      >
        {shown && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="warning" showIcon message="AppSecret 只显示这一次，关闭后无法再次查看，请立即复制保存。" />
            <div>
              AppKey：
              <Typography.Text copyable data-testid="shown-app-key">
                {shown.appKey}
              </Typography.Text>
            </div>
            <div>
              AppSecret：
              <Typography.Text copyable data-testid="shown-app-secret">
                {shown.appSecret}
              </Typography.Text>
            </div>
          </Space>
        )}
      </Modal>
    </div>
  );
}
