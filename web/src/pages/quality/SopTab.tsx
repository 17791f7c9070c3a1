import { contract } from '@crm/core/contract';
import { SopRuleStatusName } from '@crm/core/contract/sop';
import { Input, Space, Switch, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type RowOf, useCallMutation, useCallPage, useCallQuery } from '../../api/hooks';
import { AddButton } from '../../components/AddButton';
import { actionColumn } from '../../components/actionColumn';
import { confirmOff } from '../../components/confirmOff';
import { DeleteLink } from '../../components/DeleteLink';
import { FilterBar } from '../../components/FilterBar';
import { LinkButton } from '../../components/LinkButton';
import { SearchSelect } from '../../components/SearchSelect';
import { useDraftFilters } from '../../components/useDraftFilters';
import { namesOrAll } from '../../features/quality/sop';
import { SopRuleModal } from './SopRuleModal';

const c = contract.sop;
type SopRule = RowOf<typeof c.getSopRuleList>;

interface SopFilters {
  name?: string;
  status?: 1 | 2;
  createdBy?: number;
}

/** A cell of names that may be long: cut to one line, all of them on hover. */
const namesCell = (named: { name: string }[]) => {
  const text = namesOrAll(named);
  return (
    <Tooltip title={named.length > 1 ? text : undefined}>
      <Typography.Text ellipsis style={{ maxWidth: 150 }}>
        {text}
      </Typography.Text>
    </Tooltip>
  );
};

/**
 * SOP 规则: the organisation's sales scripts (ordered items found in each analysed call), filtered by name, status and
 * creator; new, edit, switch and delete for holders of quality:edit.
 */
export function SopTab({ canEdit }: { canEdit: boolean }) {
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const bar = useDraftFilters<SopFilters>(
    () => list.pager.reset(),
    (d) => ({
      ...d,
      name: d.name?.trim() || undefined,
    }),
  );
  const list = useCallPage(c.getSopRuleList, bar.filters as Record<string, unknown>, 'sopRuleList');
  const creators = useCallQuery(c.getSopCreateUserList, undefined, { silent: true });
  const operate = useCallMutation(c.disableAndDeleteSopRule, { invalidate: [c.getSopRuleList] });
  const columns: ColumnsType<SopRule> = [
    { title: '规则名称', dataIndex: 'name', width: 180 },
    {
      title: '环节',
      dataIndex: 'itemCount',
      width: 220,
      render: (n: number, r) => (
        <Tooltip
          title={r.itemNames.map((name, i) => `${i + 1}. ${name}`).join('\n')}
          styles={{ root: { whiteSpace: 'pre-line' } }}
        >
          <Typography.Text ellipsis style={{ maxWidth: 210 }} data-testid="sop-items">
            {n} 个：{r.itemNames.join(' → ')}
          </Typography.Text>
        </Tooltip>
      ),
    },
    { title: '适用部门', dataIndex: 'depts', width: 150, render: namesCell },
    { title: '跟进阶段', dataIndex: 'followStatuses', width: 150, render: namesCell },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (v: number, r) => (
        <Switch
          size="small"
          checked={v === 1}
          disabled={!canEdit}
          loading={operate.isPending}
          onChange={(on) =>
            confirmOff(
              on,
              {
                title: `停用SOP规则「${r.name}」？`,
                content: '停用后，之后分析的通话不再按此规则检查；已有结果保留。',
              },
              () => operate.mutate({ id: r.id, operation: on ? 1 : 2 }),
            )
          }
          data-testid="sop-status"
        />
      ),
    },
    { title: '创建人', dataIndex: 'createdByName', width: 100, render: (v) => v ?? '-' },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (v) => v ?? '-' },
    ...actionColumn<SopRule>(canEdit, 110, (r) => (
      <Space size={12}>
        <LinkButton onClick={() => setEditing(r.id)}>编辑</LinkButton>
        <DeleteLink
          title={`删除SOP规则「${r.name}」？`}
          description="之后分析的通话不再按此规则检查；已分析通话的结果保留。"
          success="删除成功"
          onDelete={() => operate.mutateAsync({ id: r.id, operation: 3 })}
        />
      </Space>
    )),
  ];
  return (
    <div data-testid="sop-tab">
      <FilterBar
        onSearch={bar.search}
        onReset={bar.reset}
        extra={
          canEdit && (
            <AddButton onClick={() => setEditing(null)} data-testid="add-sop">
              新建规则
            </AddButton>
          )
        }
      >
        <Input
          allowClear
          placeholder="规则名称"
          maxLength={50}
          style={{ width: 180 }}
          value={bar.draft.name}
          onChange={(e) => bar.patch({ name: e.target.value })}
          onPressEnter={bar.search}
        />
        <SearchSelect
          style={{ width: 120 }}
          placeholder="状态"
          value={bar.draft.status}
          onChange={(status) => bar.patch({ status })}
          options={([1, 2] as const).map((s) => ({ value: s, label: SopRuleStatusName[s] }))}
        />
        <SearchSelect
          style={{ width: 140 }}
          placeholder="创建人"
          value={bar.draft.createdBy}
          onChange={(createdBy) => bar.patch({ createdBy })}
          options={(creators.data ?? []).map((u) => ({ value: u.userId, label: u.name }))}
        />
      </FilterBar>
      <Table<SopRule> rowKey="id" size="middle" columns={columns} scroll={{ x: 1160 }} {...list.tableProps} />
      {editing !== undefined && <SopRuleModal ruleId={editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}
