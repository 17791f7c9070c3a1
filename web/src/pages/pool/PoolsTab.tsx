import { PlayCircleOutlined, PlusOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { CustomerStage } from '@crm/core';
import { type CallAnswer, contract } from '@crm/core/contract';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Table,
  TreeSelect,
  Typography,
} from 'antd';
import { useState } from 'react';
import { deptTreeData, useDeptTree } from '../../api/directory';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { showSuccess } from '../../app/ui';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { SearchSelect } from '../../components/SearchSelect';
import { POOL_READS } from '../../features/lead/actions';
import { useClueUsers, userOptions } from '../../features/lead/data';
import { QuitHandoverModal } from '../../features/lead/QuitHandoverModal';
import { orderColumn } from './orderColumn';

type Pool = CallAnswer<typeof contract.publicSeaPool.list>[number];
const p = contract.publicSeaPool;
const o = contract.organizationPublicsea;

/** 公海管理: the pools in order, their visibility and rules, drop-in on demand, delete, and a departing user's leads. */
export function PoolsTab() {
  const pools = useCallQuery(p.list, undefined);
  const [editing, setEditing] = useState<Pool | null | undefined>(undefined);
  const [rules, setRules] = useState<Pool | null>(null);
  const [deleting, setDeleting] = useState<Pool | null>(null);
  const [quitting, setQuitting] = useState(false);
  const rows = pools.data ?? [];
  const sort = useCallMutation(p.resetSortNum, { invalidate: POOL_READS });
  const dropIn = useCallMutation(o.runDropIn, {
    invalidate: POOL_READS,
    onSuccess: (r) => showSuccess(`执行完成，${r.count} 条客户掉入公海`),
  });
  return (
    <Card
      size="small"
      title="公海管理"
      extra={
        <Space>
          <Button icon={<UserDeleteOutlined />} onClick={() => setQuitting(true)} data-testid="quit-user">
            离职员工交接
          </Button>
          <Button
            icon={<PlayCircleOutlined />}
            loading={dropIn.isPending}
            onClick={() => dropIn.mutate({})}
            data-testid="run-dropin"
          >
            立即执行掉入规则
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="add-pool">
            新建公海
          </Button>
        </Space>
      }
    >
      <Table<Pool>
        rowKey="id"
        size="middle"
        pagination={false}
        loading={pools.isLoading}
        dataSource={rows}
        data-testid="pool-table"
        columns={[
          orderColumn(rows, (ids) => sort.mutate({ ids })),
          { title: '公海名称', dataIndex: 'name', width: 160 },
          { title: '客户数', dataIndex: 'leadCount', width: 90 },
          {
            title: '可见范围',
            key: 'scope',
            width: 200,
            render: (_, r) =>
              r.userNames.length || r.deptNames.length ? [...r.deptNames, ...r.userNames].join('、') : '全部员工',
          },
          {
            title: '领取规则',
            key: 'limits',
            width: 240,
            render: (_, r) =>
              [
                r.dailyClaimLimit ? `每日 ${r.dailyClaimLimit} 条` : '每日不限',
                r.holdLimit ? `持有上限 ${r.holdLimit} 条` : '持有不限',
                r.reclaimDelayDays ? `原跟进人 ${r.reclaimDelayDays} 天后可领` : '',
              ]
                .filter(Boolean)
                .join('；'),
          },
          { title: '掉入规则', dataIndex: 'dropRuleText', width: 260 },
          { title: '上次执行', dataIndex: 'lastDropAt', width: 170, render: (v) => v ?? '-' },
          {
            title: '操作',
            key: 'op',
            width: 180,
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                <LinkButton onClick={() => setEditing(r)}>编辑</LinkButton>
                <LinkButton onClick={() => setRules(r)} data-testid="pool-rules">
                  规则设置
                </LinkButton>
                <LinkButton danger onClick={() => setDeleting(r)}>
                  删除
                </LinkButton>
              </Space>
            ),
          },
        ]}
      />
      {editing !== undefined && <PoolModal pool={editing} onClose={() => setEditing(undefined)} />}
      {rules && <RuleModal pool={rules} onClose={() => setRules(null)} />}
      {deleting && <DeletePoolModal pool={deleting} pools={rows} onClose={() => setDeleting(null)} />}
      <QuitHandoverModal open={quitting} onClose={() => setQuitting(false)} />
    </Card>
  );
}

/** Who sees the pool: users and departments (none: everyone). */
function MembersFields() {
  const users = useClueUsers();
  const depts = useDeptTree();
  return (
    <>
      <Form.Item name="deptIds" label="可见部门" tooltip="部门及其下级部门的员工可见；部门和员工都不选则全部员工可见">
        <TreeSelect multiple allowClear treeDefaultExpandAll treeData={deptTreeData(depts.data)} placeholder="全部" />
      </Form.Item>
      <Form.Item name="userIds" label="可见员工">
        <SearchSelect mode="multiple" allowClear options={userOptions(users.data)} placeholder="全部" />
      </Form.Item>
    </>
  );
}

function PoolModal({ pool, onClose }: { pool: Pool | null; onClose: () => void }) {
  const save = useCallMutation(p.save, { success: '已保存', invalidate: POOL_READS, onSuccess: onClose });
  return (
    <FormModal
      title={pool ? '编辑公海' : '新建公海'}
      loading={save.isPending}
      onClose={onClose}
      initialValues={{ name: pool?.name, userIds: pool?.userIds ?? [], deptIds: pool?.deptIds ?? [] }}
      onSubmit={(v) => save.mutate({ ...v, ...(pool ? { id: pool.id } : {}) })}
    >
      <Form.Item name="name" label="公海名称" rules={[{ required: true, whitespace: true, message: '请输入公海名称' }]}>
        <Input maxLength={30} data-testid="pool-name" />
      </Form.Item>
      <MembersFields />
    </FormModal>
  );
}

const days = (label: string) => (
  <InputNumber
    min={1}
    max={3650}
    precision={0}
    addonAfter="天"
    placeholder="不限"
    style={{ width: '100%' }}
    aria-label={label}
  />
);

function RuleModal({ pool, onClose }: { pool: Pool; onClose: () => void }) {
  const save = useCallMutation(o.saveSetting, { success: '规则已保存', invalidate: POOL_READS, onSuccess: onClose });
  const [form] = Form.useForm();
  const enabled = Form.useWatch(['dropRule', 'enabled'], form);
  const r = pool.dropRule;
  return (
    <FormModal
      title={`规则设置：${pool.name}`}
      width={640}
      form={form}
      loading={save.isPending}
      onClose={onClose}
      initialValues={{
        dailyClaimLimit: pool.dailyClaimLimit,
        holdLimit: pool.holdLimit,
        reclaimDelayDays: pool.reclaimDelayDays,
        dropRule: {
          enabled: r?.enabled ?? false,
          notFollowDays: r?.notFollowDays ?? null,
          notCalledDays: r?.notCalledDays ?? null,
          noDealDays: r?.noDealDays ?? null,
          stages: r?.stages ?? [],
          exceptLocked: r?.exceptLocked ?? true,
          exceptCustomers: r?.exceptCustomers ?? false,
        },
      }}
      onSubmit={(v) =>
        save.mutate({
          id: pool.id,
          dailyClaimLimit: v.dailyClaimLimit ?? 0,
          holdLimit: v.holdLimit ?? 0,
          reclaimDelayDays: v.reclaimDelayDays ?? 0,
          dropRule: v.dropRule,
        })
      }
    >
      <Typography.Title level={5}>领取规则</Typography.Title>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name="dailyClaimLimit" label="每人每日领取上限" tooltip="0 为不限">
            <InputNumber min={0} precision={0} addonAfter="条" style={{ width: '100%' }} data-testid="daily-limit" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="holdLimit" label="每人持有客户上限" tooltip="0 为不限">
            <InputNumber min={0} precision={0} addonAfter="条" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="reclaimDelayDays" label="原跟进人再次领取间隔" tooltip="0 为不限">
            <InputNumber min={0} precision={0} addonAfter="天" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5}>
        自动掉入规则{' '}
        <Form.Item name={['dropRule', 'enabled']} valuePropName="checked" noStyle>
          <Switch size="small" data-testid="drop-enabled" />
        </Form.Item>
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="本公海可见员工（未设置时为全部员工）名下的客户，满足任一天数条件即自动掉入本公海；系统每小时执行一次，也可立即执行。多个公海按排序先匹配先掉入。"
      />
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name={['dropRule', 'notFollowDays']} label="超过未跟进">
            {days('未跟进天数')}
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name={['dropRule', 'notCalledDays']} label="超过未拨打">
            {days('未拨打天数')}
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name={['dropRule', 'noDealDays']} label="领取后未成交">
            {days('未成交天数')}
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name={['dropRule', 'stages']} label="仅限客户阶段" tooltip="不选则不限阶段">
        <Select
          mode="multiple"
          allowClear
          placeholder="全部阶段"
          options={Object.entries(CustomerStage).map(([v, label]) => ({ value: Number(v), label }))}
        />
      </Form.Item>
      <Space>
        <Form.Item name={['dropRule', 'exceptLocked']} valuePropName="checked" noStyle>
          <Checkbox>已锁定客户不掉入</Checkbox>
        </Form.Item>
        <Form.Item name={['dropRule', 'exceptCustomers']} valuePropName="checked" noStyle>
          <Checkbox>已成交客户（客户类型）不掉入</Checkbox>
        </Form.Item>
      </Space>
      {enabled === false && r?.enabled && (
        <Alert type="warning" showIcon style={{ marginTop: 12 }} title="关闭后本公海不再自动掉入客户" />
      )}
    </FormModal>
  );
}

/** Deleting a pool asks where its leads go (another pool, or the recycle bin) and shows how many. */
function DeletePoolModal({ pool, pools, onClose }: { pool: Pool; pools: Pool[]; onClose: () => void }) {
  const [action, setAction] = useState<1 | 2>(1);
  const [target, setTarget] = useState<number>();
  const del = useCallMutation(p.del, {
    invalidate: POOL_READS,
    onSuccess: (r) => {
      showSuccess(`公海已删除，${r.count} 条客户${action === 1 ? '已转入目标公海' : '已移入回收站'}`);
      onClose();
    },
  });
  const others = pools.filter((x) => x.id !== pool.id);
  return (
    <Modal
      open
      title={`删除公海「${pool.name}」`}
      okText="删除"
      okButtonProps={{ danger: true, disabled: pool.leadCount > 0 && action === 1 && !target }}
      confirmLoading={del.isPending}
      onCancel={onClose}
      onOk={() =>
        del.mutate({ id: pool.id, leadAction: action, ...(action === 1 && target ? { targetPoolId: target } : {}) })
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={`该公海内有 ${pool.leadCount} 条客户，请选择删除后这些客户的去向：`} />
        <Radio.Group value={action} onChange={(e) => setAction(e.target.value)}>
          <Space orientation="vertical">
            <Radio value={1} disabled={!others.length}>
              转入其他公海
            </Radio>
            <Radio value={2}>移入回收站（可还原）</Radio>
          </Space>
        </Radio.Group>
        {action === 1 && (
          <Select
            style={{ width: '100%' }}
            placeholder="请选择目标公海"
            value={target}
            onChange={setTarget}
            options={others.map((x) => ({ value: x.id, label: x.name }))}
          />
        )}
      </Space>
    </Modal>
  );
}
