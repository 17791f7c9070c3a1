import { contract } from '@crm/core/contract';
import { Alert, Button, Form, Input, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useUserOptions } from '../../api/directory';
import { type RowOf, useCallMutation, useCallPage, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { SearchSelect } from '../../components/SearchSelect';
import { TwoStateSelect } from '../../components/TwoStateSelect';
import { useDraftFilters } from '../../components/useDraftFilters';

type Account = RowOf<typeof contract.wxuser.pagelist>;
interface Filters extends Record<string, unknown> {
  keyword?: string;
  bound?: number;
}
const a = contract.wechatAssistant;

function BindModal({ row, onClose }: { row: Account; onClose: () => void }) {
  const users = useUserOptions();
  const bind = useCallMutation(contract.wxuser.bindUser, {
    success: '已绑定',
    invalidate: [contract.wxuser.pagelist],
    onSuccess: onClose,
  });
  return (
    <FormModal
      title={`绑定系统用户：${row.nickname || row.wxid}`}
      loading={bind.isPending}
      onClose={onClose}
      initialValues={{ userId: row.userId ?? undefined }}
      onSubmit={(v) => bind.mutate({ id: row.id, userId: v.userId })}
    >
      <Form.Item name="userId" label="系统用户" rules={[{ required: true, message: '请选择系统用户' }]}>
        <SearchSelect
          loading={users.isLoading}
          options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.realName}（${u.username}）` }))}
        />
      </Form.Item>
    </FormModal>
  );
}

function Accounts() {
  const isAdmin = useHasSign('org:edit');
  const bar = useDraftFilters<Filters, Filters>(
    () => list.pager.reset(),
    (d) => ({ ...d, keyword: d.keyword?.trim() || undefined }),
  );
  const list = useCallPage(contract.wxuser.pagelist, bar.filters, 'wxuser');
  const [binding, setBinding] = useState<Account | null>(null);
  const unbind = useCallMutation(contract.wxuser.bindUser, {
    success: '已解除绑定',
    invalidate: [contract.wxuser.pagelist],
  });
  const columns: ColumnsType<Account> = [
    { title: '微信号', dataIndex: 'wxid', width: 180 },
    { title: '昵称', dataIndex: 'nickname', width: 140, render: (v) => v || '-' },
    { title: '手机号', dataIndex: 'phone', width: 130, render: (v) => v || '-' },
    {
      title: '系统用户',
      dataIndex: 'userName',
      width: 160,
      render: (v, r) =>
        v ? (
          <Space size={4}>
            {v}
            <Tag color="blue">{r.matchWayName}</Tag>
          </Space>
        ) : (
          <Tag>未绑定</Tag>
        ),
    },
    { title: '客户数', dataIndex: 'contactCount', width: 90 },
    { title: '会话数', dataIndex: 'chatCount', width: 90 },
    { title: '首次出现', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 160,
      render: (_, r) =>
        isAdmin && (
          <Space>
            <LinkButton onClick={() => setBinding(r)}>{r.userId ? '更换绑定' : '绑定用户'}</LinkButton>
            {r.userId && (
              <Popconfirm title="确定解除绑定？" onConfirm={() => unbind.mutate({ id: r.id, userId: null })}>
                <LinkButton danger>解除绑定</LinkButton>
              </Popconfirm>
            )}
          </Space>
        ),
    },
  ];
  return (
    <>
      <FilterBar onSearch={bar.search}>
        <KeywordInput of={bar} placeholder="微信号、昵称或手机号" width={200} />
        <TwoStateSelect
          placeholder="绑定状态"
          one="已绑定"
          two="未绑定"
          value={bar.draft.bound}
          onChange={(v) => bar.patch({ bound: v })}
        />
      </FilterBar>
      <Table<Account> rowKey="id" size="middle" columns={columns} {...list.tableProps} />
      {binding && <BindModal row={binding} onClose={() => setBinding(null)} />}
    </>
  );
}

/** The organisation's assistant clients: a token each (shown once), how they push, stopping one. */
function Assistants() {
  const list = useCallQuery(a.selectOrgWechatAssistant, undefined);
  const [token, setToken] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const add = useCallMutation(a.saveOrgWechatAssistant, {
    invalidate: [a.selectOrgWechatAssistant],
    onSuccess: (r) => {
      setAdding(false);
      setToken(r.token);
    },
  });
  const remove = useCallMutation(a.deleteOrgWechatAssistant, {
    success: '已停用',
    invalidate: [a.selectOrgWechatAssistant],
  });
  return (
    <>
      <Alert
        type="info"
        style={{ marginBottom: 12 }}
        message="个人微信助手"
        description="助手客户端以 POST /api/robot/assistant/pushMessages 推送消息，请求头带 X-Assistant-Id、X-Timestamp（毫秒）和 X-Signature（以令牌为密钥对「时间戳.请求体」做 HMAC-SHA256 的十六进制值）。推送的客户计入导入方式「助手导入」。"
      />
      <Button type="primary" onClick={() => setAdding(true)} style={{ marginBottom: 12 }}>
        新增助手
      </Button>
      {token && (
        <Alert
          type="success"
          closable
          onClose={() => setToken(null)}
          style={{ marginBottom: 12 }}
          message="助手令牌（只显示这一次，请妥善保存）"
          description={
            <Typography.Text copyable data-testid="assistant-token">
              {token}
            </Typography.Text>
          }
        />
      )}
      <Table
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        locale={{ emptyText: '暂无数据' }}
        pagination={false}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: '名称', dataIndex: 'name' },
          { title: '令牌', dataIndex: 'tokenHint', render: (v) => `${v}…` },
          { title: '已推送消息', dataIndex: 'messageCount' },
          { title: '最近推送', dataIndex: 'lastPushTime', render: (v) => v ?? '-' },
          { title: '创建时间', dataIndex: 'createTime' },
          {
            title: '操作',
            key: 'op',
            render: (_, r) => (
              <Popconfirm title="停用后该令牌立即失效，确定停用？" onConfirm={() => remove.mutate({ id: r.id })}>
                <LinkButton danger>停用</LinkButton>
              </Popconfirm>
            ),
          },
        ]}
      />
      {adding && (
        <FormModal
          title="新增个人微信助手"
          loading={add.isPending}
          onClose={() => setAdding(false)}
          onSubmit={(v) => add.mutate({ name: v.name })}
        >
          <Form.Item name="name" label="名称" rules={[{ required: true, message: '请输入助手名称' }]}>
            <Input maxLength={50} />
          </Form.Item>
        </FormModal>
      )}
    </>
  );
}

/** /weChatPersonalStaff 个微员工: personal WeChat accounts bound to CRM users; the assistants for administrators. */
export default function PersonalStaffPage() {
  const isAdmin = useHasSign('org:edit');
  return (
    <div className="page-card">
      <Tabs
        items={[
          { key: 'accounts', label: '个微员工', children: <Accounts /> },
          ...(isAdmin ? [{ key: 'assistants', label: '助手管理', children: <Assistants /> }] : []),
        ]}
      />
    </div>
  );
}
