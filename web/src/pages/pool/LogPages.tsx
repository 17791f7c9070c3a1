import { ReceiveType, TransferMode } from '@crm/core';
import { type CallAnswer, contract } from '@crm/core/contract';
import { MOVE_ACTIONS } from '@crm/core/contract/publicSea';
import { Card, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useCallPage } from '../../api/hooks';
import { openCustomerDetail } from '../../app/detail';
import { DateRangePicker } from '../../components/DateRangePicker';
import { FilterBar } from '../../components/FilterBar';
import { SearchSelect } from '../../components/SearchSelect';
import { useDraftFilters } from '../../components/useDraftFilters';
import { useClueUsers, userOptions } from '../../features/lead/data';

type Move = CallAnswer<typeof contract.leadLog.clueMonitorPageList>['lists'][number];
type Unlock = CallAnswer<typeof contract.leadLog.unlockPageList>['lists'][number];

interface Draft {
  action?: string;
  userId?: number;
  receiveType?: number;
  transferMode?: number;
  /** The picker's text, and its datetime range. */
  rangeText?: string | null;
  range?: [string, string] | null;
}

const options = (m: Record<string | number, string>) => Object.entries(m).map(([v, label]) => ({ value: v, label }));
const timeRange = (r?: [string, string] | null) => (r ? { startTime: r[0], endTime: r[1] } : {});
const leadLink = (clueId: number, name: string) => (
  <Typography.Link onClick={() => openCustomerDetail({ clueId })}>{name || `#${clueId}`}</Typography.Link>
);

/** /clueMonitor 线索监控: every move of a lead (claims, assignments, drop-ins, transfers) with receive type and mode. */
export function ClueMonitor() {
  const users = useClueUsers();
  const { draft, patch, filters, search, reset } = useDraftFilters<Draft>(() => list.pager.reset());
  const body = useMemo(() => {
    const { range, rangeText: _t, ...rest } = filters;
    return { ...rest, ...timeRange(range) };
  }, [filters]);
  const list = useCallPage(contract.leadLog.clueMonitorPageList, body, 'clueMonitor');
  return (
    <div style={{ padding: 16 }}>
      <Card size="small" title="线索监控">
        <FilterBar onSearch={search} onReset={reset}>
          <Select
            allowClear
            placeholder="流转类型"
            style={{ width: 150 }}
            value={draft.action}
            onChange={(action) => patch({ action })}
            options={options(MOVE_ACTIONS)}
            data-testid="monitor-action"
          />
          <SearchSelect
            allowClear
            placeholder="员工"
            style={{ width: 160 }}
            value={draft.userId}
            onChange={(userId) => patch({ userId })}
            options={userOptions(users.data)}
          />
          <Select
            allowClear
            placeholder="领取类型"
            style={{ width: 150 }}
            value={draft.receiveType}
            onChange={(receiveType) => patch({ receiveType })}
            options={options(ReceiveType).map((o) => ({ ...o, value: Number(o.value) }))}
          />
          <Select
            allowClear
            placeholder="流转方式"
            style={{ width: 140 }}
            value={draft.transferMode}
            onChange={(transferMode) => patch({ transferMode })}
            options={options(TransferMode).map((o) => ({ ...o, value: Number(o.value) }))}
          />
          <DateRangePicker
            value={draft.rangeText ?? null}
            onChange={(rangeText, range) => patch({ rangeText, range })}
          />
        </FilterBar>
        <Table<Move>
          rowKey="id"
          size="middle"
          style={{ marginTop: 12 }}
          data-testid="monitor-table"
          scroll={{ x: 'max-content' }}
          {...list.tableProps}
          columns={[
            { title: '时间', dataIndex: 'createdAt', width: 170 },
            { title: '客户', key: 'clue', width: 140, render: (_, r) => leadLink(r.clueId, r.clueName) },
            { title: '流转类型', dataIndex: 'actionName', width: 120, render: (v) => <Tag color="blue">{v}</Tag> },
            { title: '原跟进人', dataIndex: 'fromUserName', width: 110, render: (v) => v || '-' },
            { title: '新跟进人', dataIndex: 'toUserName', width: 110, render: (v) => v || '-' },
            { title: '公海', dataIndex: 'poolName', width: 130, render: (v) => v || '-' },
            { title: '领取类型', dataIndex: 'receiveTypeName', width: 130, render: (v) => v || '-' },
            { title: '流转方式', dataIndex: 'transferModeName', width: 110, render: (v) => v || '-' },
            { title: '入海方式', dataIndex: 'seaEntryTypeName', width: 120, render: (v) => v || '-' },
            { title: '原因', dataIndex: 'reason', width: 220, ellipsis: true, render: (v) => v || '-' },
            { title: '操作人', dataIndex: 'operatorName', width: 100 },
          ]}
        />
      </Card>
    </div>
  );
}

/** /unlockList 解锁记录: who unlocked which lead, when. */
export function UnlockList() {
  const users = useClueUsers();
  const { draft, patch, filters, search, reset } = useDraftFilters<Draft>(() => list.pager.reset());
  const body = useMemo(() => ({ userId: filters.userId, ...timeRange(filters.range) }), [filters]);
  const list = useCallPage(contract.leadLog.unlockPageList, body, 'unlockList');
  return (
    <div style={{ padding: 16 }}>
      <Card size="small" title="解锁记录">
        <FilterBar onSearch={search} onReset={reset}>
          <Space>
            <SearchSelect
              allowClear
              placeholder="解锁人"
              style={{ width: 160 }}
              value={draft.userId}
              onChange={(userId) => patch({ userId })}
              options={userOptions(users.data)}
            />
            <DateRangePicker
              value={draft.rangeText ?? null}
              onChange={(rangeText, range) => patch({ rangeText, range })}
            />
          </Space>
        </FilterBar>
        <Table<Unlock>
          rowKey="id"
          size="middle"
          style={{ marginTop: 12 }}
          data-testid="unlock-table"
          {...list.tableProps}
          columns={[
            { title: '解锁时间', dataIndex: 'createdAt', width: 180 },
            { title: '客户', key: 'clue', render: (_, r) => leadLink(r.clueId, r.clueName) },
            { title: '解锁人', dataIndex: 'userName', width: 160, render: (v) => v || '-' },
          ]}
        />
      </Card>
    </div>
  );
}
