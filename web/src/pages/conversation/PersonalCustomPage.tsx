import { ImportWay } from '@crm/core';
import { contract } from '@crm/core/contract';
import { Form, Input, InputNumber, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type RowOf, useCallMutation, useCallPage } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { TwoStateSelect } from '../../components/TwoStateSelect';
import { useDraftFilters } from '../../components/useDraftFilters';

type Contact = RowOf<typeof contract.wxcustomer.pagelist>;
interface Filters extends Record<string, unknown> {
  keyword?: string;
  bound?: number;
}
const invalidate = [contract.wxcustomer.pagelist, contract.msg.chatList];

function BindClueModal({ row, onClose }: { row: Contact; onClose: () => void }) {
  const bind = useCallMutation(contract.wxcustomer.bindClue, { success: '已关联', invalidate, onSuccess: onClose });
  return (
    <FormModal
      title={`关联线索：${row.nickname || row.wxid}`}
      loading={bind.isPending}
      onClose={onClose}
      onSubmit={(v) => bind.mutate({ id: row.id, clueId: v.clueId })}
    >
      <Form.Item name="clueId" label="线索 ID" rules={[{ required: true, message: '请输入线索 ID' }]}>
        <InputNumber min={1} precision={0} style={{ width: '100%' }} placeholder="在客户列表中查看线索 ID" />
      </Form.Item>
    </FormModal>
  );
}

function ToClueModal({ row, onClose }: { row: Contact; onClose: () => void }) {
  const make = useCallMutation(contract.wxcustomer.toClue, { success: '已转为线索', invalidate, onSuccess: onClose });
  return (
    <FormModal
      title={`转为新线索：${row.nickname || row.wxid}`}
      loading={make.isPending}
      onClose={onClose}
      initialValues={{ phone: row.phone ?? undefined }}
      onSubmit={(v) => make.mutate({ id: row.id, phone: v.phone })}
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

/** /weChatPersonalCustom 个微客户: personal WeChat contacts, matched to leads by phone or by hand, or made leads. */
export default function PersonalCustomPage() {
  const canEdit = useHasSign('clue:edit');
  const canAdd = useHasSign('clue:add');
  const bar = useDraftFilters<Filters, Filters>(
    () => list.pager.reset(),
    (d) => ({ ...d, keyword: d.keyword?.trim() || undefined }),
  );
  const list = useCallPage(contract.wxcustomer.pagelist, bar.filters, 'wxcustomer');
  const [binding, setBinding] = useState<Contact | null>(null);
  const [making, setMaking] = useState<Contact | null>(null);
  const unbind = useCallMutation(contract.wxcustomer.bindClue, { success: '已解除关联', invalidate });
  const columns: ColumnsType<Contact> = [
    { title: '客户', dataIndex: 'nickname', width: 140, render: (v, r) => r.remark || v || r.wxid },
    { title: '微信号', dataIndex: 'wxid', width: 170, ellipsis: true },
    { title: '手机号', dataIndex: 'phone', width: 130, render: (v) => v || '-' },
    { title: '个微员工', dataIndex: 'accountName', width: 120, render: (v) => v || '-' },
    {
      title: '来源',
      dataIndex: 'importWay',
      width: 100,
      render: (v) => ImportWay[v as keyof typeof ImportWay] ?? '-',
    },
    {
      title: '关联线索',
      dataIndex: 'clueName',
      width: 180,
      render: (v, r) =>
        v ? (
          <Space size={4}>
            {v}
            <Tag color="blue">{r.matchWayName}</Tag>
          </Space>
        ) : (
          <Tag>未关联</Tag>
        ),
    },
    { title: '最后消息', dataIndex: 'lastMsgTime', width: 170, render: (v) => v ?? '-' },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, r) => (
        <Space>
          {canEdit && !r.clueId && <LinkButton onClick={() => setBinding(r)}>关联线索</LinkButton>}
          {canAdd && !r.clueId && <LinkButton onClick={() => setMaking(r)}>转为线索</LinkButton>}
          {canEdit && r.clueId && (
            <Popconfirm title="确定解除与线索的关联？" onConfirm={() => unbind.mutate({ id: r.id, clueId: null })}>
              <LinkButton danger>解除关联</LinkButton>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <div className="page-card">
      <FilterBar onSearch={bar.search}>
        <KeywordInput of={bar} placeholder="昵称、微信号或手机号" width={200} />
        <TwoStateSelect
          placeholder="关联状态"
          one="已关联线索"
          two="未关联线索"
          value={bar.draft.bound}
          onChange={(v) => bar.patch({ bound: v })}
        />
      </FilterBar>
      <Table<Contact> rowKey="id" size="middle" columns={columns} {...list.tableProps} />
      {binding && <BindClueModal row={binding} onClose={() => setBinding(null)} />}
      {making && <ToClueModal row={making} onClose={() => setMaking(null)} />}
    </div>
  );
}
