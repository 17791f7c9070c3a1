import { DownOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { CustomerSeaType } from '@crm/core';
import { type CallAnswer, contract } from '@crm/core/contract';
import type { Clue } from '@crm/core/contract/clue';
import { Alert, Button, Card, Dropdown, Empty, Form, List, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useCallMutation, useCallPage, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { showSuccess, ui } from '../../app/ui';
import { SearchSelect } from '../../components/SearchSelect';
import { useDraftFilters } from '../../components/useDraftFilters';
import { POOL_READS } from '../../features/lead/actions';
import { ClueFilterBar } from '../../features/lead/ClueFilterBar';
import { clueColumns } from '../../features/lead/columns';
import { TABLE_TYPE, useClueUsers, useColumns, userOptions } from '../../features/lead/data';
import { openFromList } from '../../features/lead/detailList';
import { ExportButton } from '../../features/lead/ExportButton';
import { type ClueFilterDraft, filterBody } from '../../features/lead/filters';

type MoveResult = CallAnswer<typeof contract.organizationPublicsea.batchReceive>;
const o = contract.organizationPublicsea;

/** The leads a claim or an assignment could not take, with the reason of each. */
export function showRefusals(title: string, r: MoveResult) {
  if (r.count) showSuccess(`${title}成功 ${r.count} 条`);
  if (!r.failed.length) return;
  ui.modal.warning({
    title: r.count ? `${r.failed.length} 条未能${title}` : `${title}失败`,
    width: 520,
    content: (
      <List
        size="small"
        data-testid="claim-refusals"
        dataSource={r.failed}
        renderItem={(f) => (
          <List.Item>
            <Typography.Text>{f.name || `#${f.clueId}`}</Typography.Text>：
            <Typography.Text type="danger">{f.reason}</Typography.Text>
          </List.Item>
        )}
      />
    ),
  });
}

/** 公海客户: a pool's leads with the lead filters and the sea type; claim, assign, delete, export. */
export function SeaLeadsTab() {
  const pools = useCallQuery(contract.publicSeaPool.list, undefined);
  const [poolId, setPoolId] = useState<number>();
  const pool = pools.data?.find((p) => p.id === poolId) ?? pools.data?.[0];
  const [seaTypes, setSeaTypes] = useState<number[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [assigning, setAssigning] = useState<number[] | null>(null);
  const { draft, setDraft, filters, search, reset } = useDraftFilters<ClueFilterDraft>(() => setSelected([]));
  const canReceive = useHasSign('publicsea:receive');
  const canManage = useHasSign('publicsea:edit');
  const canExport = useHasSign('clue:export');
  const body = useMemo(
    () => ({ ...filterBody(filters), poolId: pool?.id ?? 0, ...(seaTypes.length ? { seaTypes } : {}) }),
    [filters, pool?.id, seaTypes],
  );
  const list = useCallPage(o.list, body, 'customerPublicsea', { enabled: !!pool });
  const cols = useColumns(TABLE_TYPE.customerManage);
  const rows = list.data?.lists ?? [];
  const done = () => setSelected([]);
  const claim = useCallMutation(o.batchReceive, {
    invalidate: POOL_READS,
    onSuccess: (r) => {
      showRefusals('领取', r);
      done();
    },
  });
  const receive = useCallMutation(o.receive, {
    success: '领取成功',
    invalidate: POOL_READS,
    onSuccess: done,
  });
  const remove = useCallMutation(o.delete, { success: '已移入回收站', invalidate: POOL_READS, onSuccess: done });
  const columns = clueColumns(
    (cols.data ?? []).filter((c) => c.fieldName !== 'ownerId'),
    { onOpen: (_r, i) => openFromList(rows, i, list.pager.pageNum, filterBody(filters)) },
  );
  columns.splice(1, 0, {
    key: 'seaEntry',
    title: '入海方式',
    width: 120,
    render: (_, r: Clue) =>
      r.seaEntryTypeName ? <Tag color={r.seaEntryType === 2 ? 'orange' : 'blue'}>{r.seaEntryTypeName}</Tag> : '-',
  });
  columns.splice(2, 0, { key: 'seaTime', title: '入海时间', width: 170, render: (_, r: Clue) => r.seaTime ?? '-' });
  columns.splice(3, 0, {
    key: 'prev',
    title: '原跟进人',
    width: 110,
    render: (_, r: Clue) => r.previousOwnerName || '-',
  });
  columns.push({
    key: 'op',
    title: '操作',
    fixed: 'right',
    width: 140,
    render: (_, r: Clue) => (
      <Space size={2}>
        {canReceive && (
          <Button
            type="link"
            size="small"
            data-testid="receive"
            onClick={() => pool && receive.mutate({ poolId: pool.id, clueId: r.id })}
          >
            领取
          </Button>
        )}
        {canManage && (
          <Button type="link" size="small" data-testid="assign" onClick={() => setAssigning([r.id])}>
            分配
          </Button>
        )}
      </Space>
    ),
  });
  if (pools.data && !pools.data.length)
    return (
      <Card>
        <Empty description={canManage ? '暂无公海，请先在「公海管理」中新建公海' : '暂无可见的公海'} />
      </Card>
    );
  const rules = [
    pool?.dailyClaimLimit ? `每日最多领取 ${pool.dailyClaimLimit} 条` : '',
    pool?.holdLimit ? `最多持有 ${pool.holdLimit} 条` : '',
    pool?.reclaimDelayDays ? `原跟进人 ${pool.reclaimDelayDays} 天后可再次领取` : '',
    pool?.dropRule?.enabled ? `掉入规则：${pool.dropRuleText}` : '',
  ].filter(Boolean);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap style={{ marginBottom: 12 }}>
          <Typography.Text>公海：</Typography.Text>
          <Select
            style={{ width: 220 }}
            data-testid="pool-select"
            value={pool?.id}
            onChange={(v) => {
              setPoolId(v);
              setSelected([]);
              list.pager.reset();
            }}
            options={(pools.data ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.leadCount}）` }))}
          />
          <Typography.Text>公海类型：</Typography.Text>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 240 }}
            placeholder="全部"
            data-testid="sea-type"
            value={seaTypes}
            onChange={(v) => {
              setSeaTypes(v);
              list.pager.reset();
            }}
            options={Object.entries(CustomerSeaType).map(([v, label]) => ({ value: Number(v), label }))}
          />
        </Space>
        <ClueFilterBar
          value={draft}
          onChange={setDraft}
          onSearch={search}
          onReset={reset}
          hide={['ownerIds', 'deptIds', 'nextFollowTime']}
        />
      </Card>
      {rules.length > 0 && <Alert type="info" showIcon title={`「${pool?.name}」规则：${rules.join('；')}`} />}
      <Card
        size="small"
        title={
          <Space>
            <Typography.Text strong>{pool?.name ?? '公海客户'}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              共 {list.total} 条
            </Typography.Text>
          </Space>
        }
        extra={
          <Space wrap>
            {canReceive && (
              <Button
                type="primary"
                icon={<ThunderboltOutlined />}
                disabled={!selected.length}
                loading={claim.isPending}
                data-testid="batch-receive"
                onClick={() => pool && claim.mutate({ poolId: pool.id, clueIds: selected })}
              >
                批量领取{selected.length ? `（${selected.length}）` : ''}
              </Button>
            )}
            {canManage && (
              <Dropdown
                disabled={!selected.length}
                menu={{
                  items: [
                    { key: 'assign', label: '分配给员工' },
                    { key: 'delete', label: <span style={{ color: '#ff4d4f' }}>删除</span> },
                  ],
                  onClick: ({ key }) => {
                    if (key === 'assign') setAssigning(selected);
                    if (key === 'delete')
                      ui.modal.confirm({
                        title: `删除 ${selected.length} 条公海客户？`,
                        content: '删除后移入回收站，可在回收站还原。',
                        okText: '删除',
                        okButtonProps: { danger: true },
                        onOk: () => pool && remove.mutateAsync({ poolId: pool.id, clueIds: selected }),
                      });
                  },
                }}
              >
                <Button data-testid="sea-batch">
                  批量操作 <DownOutlined />
                </Button>
              </Dropdown>
            )}
            {canExport && pool && <ExportButton call={o.export} filter={() => ({ ...body }) as never} />}
          </Space>
        }
      >
        <Table<Clue>
          rowKey="id"
          size="middle"
          data-testid="sea-table"
          columns={columns}
          scroll={{ x: 'max-content' }}
          {...list.tableProps}
          dataSource={cols.data ? list.tableProps.dataSource : []}
          loading={list.tableProps.loading || cols.isLoading}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        />
      </Card>
      <AssignModal
        poolId={pool?.id}
        ids={assigning}
        onClose={() => setAssigning(null)}
        onDone={() => {
          setAssigning(null);
          done();
        }}
      />
    </Space>
  );
}

/** A manager gives pool leads to a user. */
function AssignModal({
  poolId,
  ids,
  onClose,
  onDone,
}: {
  poolId?: number;
  ids: number[] | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const users = useClueUsers();
  const [userId, setUserId] = useState<number>();
  const assign = useCallMutation(o.assign, {
    invalidate: POOL_READS,
    onSuccess: (r) => {
      showRefusals('分配', r);
      onDone();
    },
  });
  return (
    <Modal
      open={!!ids}
      title={`分配公海客户（${ids?.length ?? 0} 条）`}
      onCancel={onClose}
      okButtonProps={{ disabled: !userId }}
      confirmLoading={assign.isPending}
      onOk={() => ids && poolId && userId && assign.mutate({ poolId, clueIds: ids, userId })}
      afterOpenChange={(v) => !v && setUserId(undefined)}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="分配给" required>
          <SearchSelect
            options={userOptions(users.data)}
            value={userId}
            onChange={setUserId}
            data-testid="assign-user"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
