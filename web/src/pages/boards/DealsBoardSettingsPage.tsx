import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { fenToYuan } from '@crm/core';
import { contract } from '@crm/core/contract';
import { DEAL_PERIOD_OPTIONS, DEAL_STATUSES, DealAmountType, type DealBoardSetting } from '@crm/core/contract/boards';
import { OrderStatusName } from '@crm/core/contract/order';
import { Button, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { callApi } from '../../api/client';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { AddButton } from '../../components/AddButton';
import { actionColumn } from '../../components/actionColumn';
import { useScopeUsers } from '../../components/charts';
import { DeleteLink } from '../../components/DeleteLink';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { MoneyInput } from '../../components/MoneyInput';

const set = contract.dealBoardSetting;
type Editing = DealBoardSetting | 'new' | null;

/**
 * /main/dealsBoardSettings 成交看板设置: a board's period, what counts as a deal (which order statuses, order or paid
 * amount), who appears, the team's and each person's targets; one setting is the default board.
 */
export default function DealsBoardSettingsPage() {
  const canEdit = useHasSign('board:edit');
  const list = useCallQuery(set.list, undefined);
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <div className="page-card">
      <Space style={{ marginBottom: 12 }}>
        {canEdit && <AddButton onClick={() => setEditing('new')}>新增看板设置</AddButton>}
      </Space>
      <Table
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        data-testid="deal-settings"
        columns={[
          {
            title: '看板名称',
            dataIndex: 'name',
            render: (v: string, r) => (
              <Space size={4}>
                {v}
                {r.isDefault === 1 && <Tag color="blue">默认</Tag>}
              </Space>
            ),
          },
          { title: '统计周期', dataIndex: 'periodName' },
          {
            title: '计为成交',
            dataIndex: 'dealStatuses',
            render: (v: number[]) => v.map((s) => OrderStatusName[s as keyof typeof OrderStatusName]).join('、'),
          },
          { title: '金额口径', dataIndex: 'amountTypeName' },
          {
            title: '展示员工',
            dataIndex: 'userNames',
            render: (v: string[]) => (v.length ? v.join('、') : '全部员工'),
          },
          {
            title: '团队目标',
            key: 'team',
            render: (_, r) =>
              r.teamTargetCount || r.teamTargetFen ? `${r.teamTargetCount} 单 / ${fenToYuan(r.teamTargetFen)} 元` : '-',
          },
          { title: '创建时间', dataIndex: 'createdAt' },
          ...actionColumn<DealBoardSetting>(canEdit, 120, (r) => (
            <Space>
              <LinkButton onClick={() => setEditing(r)}>编辑</LinkButton>
              <DeleteLink
                title="删除看板设置"
                description={`确定删除「${r.name}」吗？`}
                success="已删除"
                onDelete={() => callApi(set.delete, { id: r.id }).then(() => list.refetch())}
              />
            </Space>
          )),
        ]}
      />
      {editing && <SettingModal editing={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

interface Values {
  name: string;
  periodType: number;
  dealStatuses: number[];
  amountType: number;
  userIds: number[];
  teamTargetCount: number | null;
  teamTargetFen: number | null;
  userTargets: { userId: number; targetCount: number | null; targetFen: number | null }[];
  isDefault: boolean;
}

function SettingModal({ editing, onClose }: { editing: Exclude<Editing, null>; onClose: () => void }) {
  const users = useScopeUsers();
  const userOptions = (users.data ?? []).map((u) => ({ value: u.id, label: u.realName }));
  const opts = { success: '已保存', invalidate: [set.list, contract.boardPages.getBoardPageList], onSuccess: onClose };
  const save = useCallMutation(set.save, opts);
  const update = useCallMutation(set.update, opts);
  const old = editing === 'new' ? null : editing;
  const submit = (v: Values) => {
    const body = {
      ...v,
      teamTargetCount: v.teamTargetCount ?? 0,
      teamTargetFen: v.teamTargetFen ?? 0,
      userTargets: (v.userTargets ?? []).map((t) => ({
        userId: t.userId,
        targetCount: t.targetCount ?? 0,
        targetFen: t.targetFen ?? 0,
      })),
      isDefault: v.isDefault ? 1 : 2,
    } as const;
    if (old) update.mutate({ ...body, id: old.id });
    else save.mutate(body);
  };
  return (
    <FormModal<Values>
      title={old ? '编辑看板设置' : '新增看板设置'}
      width={640}
      loading={save.isPending || update.isPending}
      onClose={onClose}
      onSubmit={submit}
      initialValues={
        old
          ? { ...old, isDefault: old.isDefault === 1 }
          : { periodType: 3, dealStatuses: [...DEAL_STATUSES], amountType: 1, userIds: [], userTargets: [] }
      }
    >
      <Form.Item
        name="name"
        label="看板名称"
        rules={[
          { required: true, whitespace: true, message: '请输入看板名称' },
          { max: 30, message: '看板名称最多 30 个字' },
        ]}
      >
        <Input placeholder="如：十一月冲刺榜" maxLength={30} data-testid="setting-name" />
      </Form.Item>
      <Form.Item name="periodType" label="统计周期">
        <Radio.Group options={DEAL_PERIOD_OPTIONS} />
      </Form.Item>
      <Form.Item
        name="dealStatuses"
        label="计为成交的订单状态"
        rules={[{ required: true, message: '请选择计为成交的订单状态' }]}
      >
        <Checkbox.Group options={DEAL_STATUSES.map((s) => ({ value: s, label: OrderStatusName[s] }))} />
      </Form.Item>
      <Form.Item name="amountType" label="金额口径">
        <Radio.Group options={Object.entries(DealAmountType).map(([v, label]) => ({ value: Number(v), label }))} />
      </Form.Item>
      <Form.Item name="userIds" label="展示员工" extra="不选则展示数据权限内的全部员工">
        <Select mode="multiple" allowClear optionFilterProp="label" options={userOptions} placeholder="全部员工" />
      </Form.Item>
      <Space>
        <Form.Item name="teamTargetCount" label="团队目标单数">
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="teamTargetFen" label="团队目标金额">
          <MoneyInput style={{ width: 200 }} />
        </Form.Item>
      </Space>
      <Form.List name="userTargets">
        {(fields, { add, remove }) => (
          <Form.Item label="个人目标">
            {fields.map((f) => (
              <Space key={f.key} align="baseline">
                <Form.Item name={[f.name, 'userId']} rules={[{ required: true, message: '请选择员工' }]}>
                  <Select
                    showSearch
                    optionFilterProp="label"
                    options={userOptions}
                    placeholder="员工"
                    style={{ width: 160 }}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'targetCount']}>
                  <InputNumber min={0} precision={0} placeholder="目标单数" style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'targetFen']}>
                  <MoneyInput placeholder="目标金额" style={{ width: 160 }} />
                </Form.Item>
                <MinusCircleOutlined onClick={() => remove(f.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
              添加个人目标
            </Button>
          </Form.Item>
        )}
      </Form.List>
      <Form.Item name="isDefault" label="设为默认看板" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
