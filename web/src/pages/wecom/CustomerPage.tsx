import { contract } from '@crm/core/contract';
import { Avatar, Descriptions, Drawer, Form, Input, InputNumber, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type RowOf, useCallMutation, useCallPage } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { TwoStateSelect } from '../../components/TwoStateSelect';
import { useDraftFilters } from '../../components/useDraftFilters';
import { SyncBar } from './SyncBar';

type Customer = RowOf<typeof contract.wechatCustomer.pagelist>;
interface Filters extends Record<string, unknown> {
  keyword?: string;
  bound?: number;
}
const invalidate = [contract.wechatCustomer.pagelist];

function BindClueModal({ row, onClose }: { row: Customer; onClose: () => void }) {
  const bind = useCallMutation(contract.wechatCustomer.bindClue, { success: '已关联', invalidate, onSuccess: onClose });
  return (
    <FormModal
      title={`关联线索：${row.name}`}
      loading={bind.isPending}
      onClose={onClose}
      onSubmit={(v) => bind.mutate({ externalUserid: row.externalUserid, clueId: v.clueId })}
    >
      <Form.Item name="clueId" label="线索 ID" rules={[{ required: true, message: '请输入线索 ID' }]}>
        <InputNumber min={1} precision={0} style={{ width: '100%' }} placeholder="在客户列表中查看线索 ID" />
      </Form.Item>
    </FormModal>
  );
}

function ToClueModal({ row, onClose }: { row: Customer; onClose: () => void }) {
  const mobiles = row.followers.flatMap((f) => f.remarkMobiles);
  const make = useCallMutation(contract.wechatCustomer.toClue, {
    success: '已转为线索',
    invalidate,
    onSuccess: onClose,
  });
  return (
    <FormModal
      title={`转为新线索：${row.name}`}
      loading={make.isPending}
      onClose={onClose}
      initialValues={{ phone: mobiles[0] }}
      onSubmit={(v) => make.mutate({ externalUserid: row.externalUserid, phone: v.phone })}
    >
      <Form.Item
        name="phone"
        label="手机号"
        rules={[
          { required: true, message: '请输入手机号' },
          { pattern: /^1\d{10}$/, message: '请输入正确的 11 位手机号' },
        ]}
      >
        <Input maxLength={11} />
      </Form.Item>
    </FormModal>
  );
}

function DetailDrawer({ row, onClose }: { row: Customer; onClose: () => void }) {
  return (
    <Drawer open size={600} title="企微客户详情" onClose={onClose} destroyOnHidden>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="客户">
          <Space>
            {row.avatar && <Avatar src={row.avatar} size="small" />}
            {row.name}
            <Tag>{row.type === 2 ? '企业微信用户' : '微信用户'}</Tag>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="企业">{row.corpName || '-'}</Descriptions.Item>
        <Descriptions.Item label="关联线索">
          {row.clueName ? `${row.clueName}（${row.bindWayName}）` : '未关联'}
        </Descriptions.Item>
      </Descriptions>
      <Table
        style={{ marginTop: 16 }}
        size="small"
        rowKey="userid"
        pagination={false}
        dataSource={row.followers}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          { title: '跟进员工', dataIndex: 'name', render: (v, f) => v || f.userid },
          { title: '备注', dataIndex: 'remark', render: (v) => v || '-' },
          { title: '备注手机号', dataIndex: 'remarkMobiles', render: (v: string[]) => v.join('、') || '-' },
          { title: '标签', dataIndex: 'tagIds', render: (v: string[]) => v.map((t) => <Tag key={t}>{t}</Tag>) },
          { title: '添加时间', dataIndex: 'addedAt' },
          { title: '添加方式', dataIndex: 'addWayName' },
          {
            title: '状态',
            dataIndex: 'removed',
            render: (v) => (v ? <Tag>已删除</Tag> : <Tag color="green">正常</Tag>),
          },
        ]}
      />
    </Drawer>
  );
}

/** /weChatCustomer 企微客户: the members' external contacts, bound to leads or turned into new ones. */
export default function CustomerPage() {
  const isAdmin = useHasSign('org:edit');
  const canEdit = useHasSign('clue:edit');
  const canAdd = useHasSign('clue:add');
  const bar = useDraftFilters<Filters, Filters>(
    () => list.pager.reset(),
    (d) => ({ ...d, keyword: d.keyword?.trim() || undefined }),
  );
  const list = useCallPage(contract.wechatCustomer.pagelist, bar.filters, 'wechatCustomer');
  const [detail, setDetail] = useState<Customer | null>(null);
  const [binding, setBinding] = useState<Customer | null>(null);
  const [making, setMaking] = useState<Customer | null>(null);
  const unbind = useCallMutation(contract.wechatCustomer.bindClue, { success: '已解除关联', invalidate });
  const columns: ColumnsType<Customer> = [
    {
      title: '客户',
      dataIndex: 'name',
      width: 180,
      render: (v, r) => (
        <Space>
          {r.avatar && <Avatar src={r.avatar} size="small" />}
          {r.removed ? <s>{v}</s> : v}
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'type', width: 110, render: (v) => (v === 2 ? '企业微信用户' : '微信用户') },
    {
      title: '跟进员工',
      dataIndex: 'followers',
      render: (v: Customer['followers']) =>
        v.filter((f) => !f.removed).map((f) => <Tag key={f.userid}>{f.name || f.userid}</Tag>),
    },
    {
      title: '备注 / 手机号',
      key: 'remark',
      width: 200,
      render: (_, r) =>
        r.followers
          .map((f) => [f.remark, ...f.remarkMobiles].filter(Boolean).join(' '))
          .filter(Boolean)
          .join('；') || '-',
    },
    {
      title: '关联线索',
      dataIndex: 'clueName',
      width: 180,
      render: (v, r) =>
        v ? (
          <Space size={4}>
            {v}
            <Tag color="blue">{r.bindWayName}</Tag>
          </Space>
        ) : (
          <Tag>未关联</Tag>
        ),
    },
    {
      title: '操作',
      key: 'op',
      width: 220,
      render: (_, r) => (
        <Space>
          <LinkButton onClick={() => setDetail(r)}>详情</LinkButton>
          {canEdit && !r.clueId && <LinkButton onClick={() => setBinding(r)}>关联线索</LinkButton>}
          {canAdd && !r.clueId && <LinkButton onClick={() => setMaking(r)}>转为线索</LinkButton>}
          {canEdit && r.clueId && (
            <Popconfirm
              title="确定解除与线索的关联？"
              onConfirm={() => unbind.mutate({ externalUserid: r.externalUserid, clueId: null })}
            >
              <LinkButton danger>解除关联</LinkButton>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <div className="page-card">
      <FilterBar onSearch={bar.search} extra={isAdmin ? <SyncBar kinds={['customer']} /> : undefined}>
        <KeywordInput of={bar} placeholder="客户名称" width={180} />
        <TwoStateSelect
          placeholder="关联状态"
          one="已关联线索"
          two="未关联线索"
          value={bar.draft.bound}
          onChange={(v) => bar.patch({ bound: v })}
        />
      </FilterBar>
      <Table<Customer> rowKey="externalUserid" size="middle" columns={columns} {...list.tableProps} />
      {detail && <DetailDrawer row={detail} onClose={() => setDetail(null)} />}
      {binding && <BindClueModal row={binding} onClose={() => setBinding(null)} />}
      {making && <ToClueModal row={making} onClose={() => setMaking(null)} />}
    </div>
  );
}
