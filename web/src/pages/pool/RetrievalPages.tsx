import { type CallAnswer, contract } from '@crm/core/contract';
import { RetrievalKindName } from '@crm/core/contract/retrieval';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  InputNumber,
  Radio,
  Row,
  Space,
  Statistic,
  Switch,
  Table,
  Tabs,
  Tag,
} from 'antd';
import { useMemo, useState } from 'react';
import { useCallMutation, useCallPage, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { POOL_READS } from '../../features/lead/actions';
import { showRefusals } from './SeaLeadsTab';

type Item = CallAnswer<typeof contract.customerRetrieval.pagelist>['lists'][number];
const r = contract.customerRetrieval;
const KIND_COLOR: Record<number, string> = { 1: 'blue', 2: 'orange', 3: 'red' };

/** The list of customers that left the user, with retrieval; `grouped` shows the kinds as tabs with counts (新). */
function RetrievalList({ grouped }: { grouped?: boolean }) {
  const [kind, setKind] = useState<number | undefined>(grouped ? 1 : undefined);
  const [selected, setSelected] = useState<number[]>([]);
  const body = useMemo(() => (kind ? { kind } : {}), [kind]);
  const list = useCallPage(r.pagelist, body, grouped ? 'customerRetrievalNew' : 'customerRetrieval');
  const canRetrieve = useHasSign('clue:edit');
  const retrieve = useCallMutation(r.retrieve, {
    invalidate: [r.pagelist, ...POOL_READS],
    onSuccess: (res) => {
      showRefusals('找回', res);
      setSelected([]);
    },
  });
  const data = list.data;
  const st = data?.setting;
  const table = (
    <Table<Item>
      rowKey="clueId"
      size="middle"
      data-testid="retrieval-table"
      {...list.tableProps}
      rowSelection={
        canRetrieve
          ? {
              selectedRowKeys: selected,
              onChange: (k) => setSelected(k as number[]),
              getCheckboxProps: (x) => ({ disabled: !x.canRetrieve }),
            }
          : undefined
      }
      columns={[
        { title: '客户名称', dataIndex: 'name', width: 140, render: (v) => v || '-' },
        { title: '手机号', dataIndex: 'phone', width: 140 },
        { title: '公司', dataIndex: 'company', width: 200, render: (v) => v || '-' },
        {
          title: '流失方式',
          dataIndex: 'kindName',
          width: 120,
          render: (v, x) => <Tag color={KIND_COLOR[x.kind]}>{v}</Tag>,
        },
        {
          title: '现在',
          key: 'now',
          width: 160,
          render: (_, x) =>
            x.kind === 1 ? `公海：${x.poolName || '-'}` : x.kind === 2 ? `跟进人：${x.currentOwnerName}` : '回收站',
        },
        { title: '原因', dataIndex: 'reason', width: 200, render: (v) => v || '-' },
        { title: '流失时间', dataIndex: 'leftAt', width: 170 },
        {
          title: '操作',
          key: 'op',
          width: 100,
          render: (_, x) =>
            canRetrieve && (
              <Button
                type="link"
                size="small"
                disabled={!x.canRetrieve}
                data-testid="retrieve"
                onClick={() => retrieve.mutate({ clueIds: [x.clueId] })}
              >
                找回
              </Button>
            ),
        },
      ]}
    />
  );
  return (
    <Card
      size="small"
      title={grouped ? '客户找回（新）' : '客户找回'}
      extra={
        canRetrieve && (
          <Button
            type="primary"
            disabled={!selected.length}
            loading={retrieve.isPending}
            onClick={() => retrieve.mutate({ clueIds: selected })}
          >
            批量找回{selected.length ? `（${selected.length}）` : ''}
          </Button>
        )
      }
    >
      {st && (
        <Alert
          type={st.enabled === 1 ? 'info' : 'warning'}
          showIcon
          style={{ marginBottom: 12 }}
          title={
            st.enabled === 1
              ? `可找回 ${st.days} 天内流失的客户：${[st.fromSea === 1 && '掉入公海', st.fromColleague === 1 && '被同事领取', st.fromDeleted === 1 && '已删除'].filter(Boolean).join('、') || '无'}${st.dailyLimit ? `；每天最多找回 ${st.dailyLimit} 条` : ''}`
              : '客户找回未开启，请联系管理员在「客户找回设置」中开启'
          }
        />
      )}
      {grouped ? (
        <>
          <Row gutter={16} style={{ marginBottom: 12 }}>
            {[1, 2, 3].map((k) => (
              <Col span={8} key={k}>
                <Card
                  size="small"
                  hoverable
                  onClick={() => setKind(k)}
                  style={{ borderColor: kind === k ? '#1677ff' : undefined }}
                >
                  <Statistic
                    title={RetrievalKindName[k as 1 | 2 | 3]}
                    value={[data?.counts.sea, data?.counts.colleague, data?.counts.deleted][k - 1] ?? 0}
                    suffix="条"
                  />
                </Card>
              </Col>
            ))}
          </Row>
          <Tabs
            activeKey={String(kind)}
            onChange={(k) => {
              setKind(Number(k));
              setSelected([]);
              list.pager.reset();
            }}
            items={[1, 2, 3].map((k) => ({ key: String(k), label: RetrievalKindName[k as 1 | 2 | 3] }))}
          />
          {table}
        </>
      ) : (
        table
      )}
    </Card>
  );
}

export function CustomerRetrieval() {
  return (
    <div style={{ padding: 16 }}>
      <RetrievalList />
    </div>
  );
}

export function CustomerRetrievalNew() {
  return (
    <div style={{ padding: 16 }}>
      <RetrievalList grouped />
    </div>
  );
}

/** /customerRetrievalSettings 客户找回设置. */
export function RetrievalSettings() {
  const setting = useCallQuery(r.getSetting, undefined);
  const canEdit = useHasSign('retrieval:edit');
  const save = useCallMutation(r.saveSetting, { success: '已保存', invalidate: [r.getSetting, r.pagelist] });
  const [form] = Form.useForm();
  const onOff = (name: string, label: string) => (
    <Form.Item name={name} label={label}>
      <Radio.Group
        disabled={!canEdit}
        options={[
          { value: 1, label: '允许' },
          { value: 2, label: '不允许' },
        ]}
      />
    </Form.Item>
  );
  if (!setting.data) return <Card loading style={{ margin: 16 }} />;
  return (
    <div style={{ padding: 16 }}>
      <Card title="客户找回设置" style={{ maxWidth: 720 }}>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ ...setting.data, enabled: setting.data.enabled === 1 }}
          onFinish={(v) => save.mutate({ ...v, enabled: v.enabled ? 1 : 2 })}
        >
          <Form.Item name="enabled" label="开启客户找回" valuePropName="checked">
            <Switch disabled={!canEdit} data-testid="retrieval-enabled" />
          </Form.Item>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="days"
                label="可找回多少天内流失的客户"
                rules={[{ required: true, message: '请输入天数' }]}
              >
                <InputNumber
                  min={1}
                  max={365}
                  precision={0}
                  addonAfter="天"
                  style={{ width: '100%' }}
                  disabled={!canEdit}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="dailyLimit" label="每人每天最多找回" tooltip="0 为不限">
                <InputNumber
                  min={0}
                  max={10000}
                  precision={0}
                  addonAfter="条"
                  style={{ width: '100%' }}
                  disabled={!canEdit}
                />
              </Form.Item>
            </Col>
          </Row>
          {onOff('fromSea', '掉入公海的客户（含手动转入、离职转入）')}
          {onOff('fromColleague', '已被同事领取或分配的客户')}
          {onOff('fromDeleted', '已删除（回收站中）的客户')}
          {canEdit && (
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="retrieval-save">
                保存
              </Button>
            </Space>
          )}
        </Form>
      </Card>
    </div>
  );
}
