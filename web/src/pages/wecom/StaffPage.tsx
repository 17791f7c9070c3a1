import { contract } from '@crm/core/contract';
import { Form, Popconfirm, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useUserOptions } from '../../api/directory';
import { type RowOf, useCallMutation, useCallPage } from '../../api/hooks';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { SearchSelect } from '../../components/SearchSelect';
import { TwoStateSelect } from '../../components/TwoStateSelect';
import { useDraftFilters } from '../../components/useDraftFilters';
import { ConfigPanel } from './ConfigPanel';
import { SyncBar } from './SyncBar';

type Member = RowOf<typeof contract.wechatUser.pagelist>;
interface Filters extends Record<string, unknown> {
  keyword?: string;
  bound?: number;
}
const MEMBER_STATUS: Record<number, string> = { 1: '已激活', 2: '已禁用', 4: '未激活', 5: '已退出' };

function BindModal({ member, onClose }: { member: Member; onClose: () => void }) {
  const users = useUserOptions();
  const bind = useCallMutation(contract.wechatUser.bindUser, {
    success: '已绑定',
    invalidate: [contract.wechatUser.pagelist],
    onSuccess: onClose,
  });
  return (
    <FormModal
      title={`绑定系统用户：${member.name || member.userid}`}
      loading={bind.isPending}
      onClose={onClose}
      initialValues={{ crmUserId: member.crmUserId ?? member.suggestedUserId ?? undefined }}
      onSubmit={(v) => bind.mutate({ userid: member.userid, crmUserId: v.crmUserId })}
    >
      <Form.Item name="crmUserId" label="系统用户" rules={[{ required: true, message: '请选择系统用户' }]}>
        <SearchSelect
          loading={users.isLoading}
          options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.realName}（${u.username}）` }))}
        />
      </Form.Item>
    </FormModal>
  );
}

function StaffList() {
  const bar = useDraftFilters<Filters, Filters>(
    () => list.pager.reset(),
    (d) => ({ ...d, keyword: d.keyword?.trim() || undefined }),
  );
  const list = useCallPage(contract.wechatUser.pagelist, bar.filters, 'wechatUser');
  const [binding, setBinding] = useState<Member | null>(null);
  const unbind = useCallMutation(contract.wechatUser.bindUser, {
    success: '已解除绑定',
    invalidate: [contract.wechatUser.pagelist],
  });
  const columns: ColumnsType<Member> = [
    { title: '企微账号', dataIndex: 'userid', width: 140 },
    { title: '姓名', dataIndex: 'name', width: 120, render: (v, r) => (r.removed ? <s>{v}</s> : v || '-') },
    { title: '部门 ID', dataIndex: 'departments', width: 100, render: (v: number[]) => v.join('、') || '-' },
    { title: '职务', dataIndex: 'position', width: 120, render: (v) => v || '-' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v: number, r) => (r.removed ? <Tag>已删除</Tag> : (MEMBER_STATUS[v] ?? '-')),
    },
    {
      title: '系统用户',
      dataIndex: 'crmUserName',
      width: 160,
      render: (v, r) =>
        v ? (
          <Space size={4}>
            {v}
            <Tag color={r.bindWay === 1 ? 'green' : 'blue'}>{r.bindWayName}</Tag>
          </Space>
        ) : r.suggestedUserName ? (
          <Tag color="orange">建议：{r.suggestedUserName}</Tag>
        ) : (
          <Tag>未绑定</Tag>
        ),
    },
    { title: '客户数', dataIndex: 'customerCount', width: 80 },
    { title: '同步时间', dataIndex: 'syncedAt', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 150,
      render: (_, r) => (
        <Space>
          <LinkButton onClick={() => setBinding(r)}>{r.crmUserId ? '更换' : '绑定'}</LinkButton>
          {r.crmUserId && (
            <Popconfirm title="确定解除绑定？" onConfirm={() => unbind.mutate({ userid: r.userid, crmUserId: null })}>
              <LinkButton danger>解除绑定</LinkButton>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <FilterBar onSearch={bar.search} extra={<SyncBar kinds={['user', 'customer']} />}>
        <KeywordInput of={bar} placeholder="姓名或企微账号" width={180} />
        <TwoStateSelect
          placeholder="绑定状态"
          one="已绑定"
          two="未绑定"
          value={bar.draft.bound}
          onChange={(v) => bar.patch({ bound: v })}
        />
      </FilterBar>
      <Table<Member> rowKey="userid" size="middle" columns={columns} {...list.tableProps} />
      {binding && <BindModal member={binding} onClose={() => setBinding(null)} />}
    </>
  );
}

/** /weChatStaff 企微员工: the synced members and their CRM users; the WeCom configuration in its second tab. */
export default function StaffPage() {
  return (
    <div className="page-card">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'staff', label: '企微员工', children: <StaffList /> },
          { key: 'config', label: '企业微信配置', children: <ConfigPanel /> },
        ]}
      />
    </div>
  );
}
