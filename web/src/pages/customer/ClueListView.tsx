import { DeleteOutlined, DownOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import type { Clue } from '@crm/core/contract/clue';
import { Button, Card, Dropdown, Empty, Space, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useCallPage } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { useDraftFilters } from '../../components/useDraftFilters';
import { useClueActions } from '../../features/lead/actions';
import { ClueFilterBar } from '../../features/lead/ClueFilterBar';
import { ColumnSettings } from '../../features/lead/ColumnSettings';
import { clueColumns } from '../../features/lead/columns';
import { useColumns } from '../../features/lead/data';
import { openFromList } from '../../features/lead/detailList';
import { ExportButton } from '../../features/lead/ExportButton';
import { type ClueFilterDraft, draftFromQuery, filterBody } from '../../features/lead/filters';
import { ToSeaModal } from '../../features/lead/ToSeaModal';
import { BlacklistDrawer } from './BlacklistDrawer';
import { ClueFormModal } from './ClueFormModal';
import { CollaboratorModal } from './CollaboratorModal';
import { OwnerModal } from './OwnerModal';
import { RecycleBinDrawer } from './RecycleBinDrawer';

export interface ClueListViewProps {
  /** Page name for the remembered page size. */
  pageName: string;
  /** userCustomField type of the columns. */
  tableType: number;
  title: string;
  /** Toolbar buttons before the standard ones (import …). */
  extraTools?: React.ReactNode;
  hideFilters?: (keyof ClueFilterDraft)[];
}

/**
 * A lead list: the filter form, the toolbar (create, batch operations, recycle bin, blacklist, export, columns),
 * the table with the user's columns, sorting and the remembered page size. The server applies the data scope.
 */
export function ClueListView({ pageName, tableType, title, extraTools, hideFilters }: ClueListViewProps) {
  const [selected, setSelected] = useState<number[]>([]);
  // A new search, a reset, a sort or another page drops the selection: batch operations never act on rows the user
  // no longer sees.
  const { draft, setDraft, filters, setFilters, search, reset } = useDraftFilters<ClueFilterDraft>(
    () => {
      list.pager.reset();
      setSelected([]);
    },
    undefined,
    () => draftFromQuery(window.location.search),
  );
  const [editing, setEditing] = useState<Clue | null | undefined>(undefined);
  const [ownerIds, setOwnerIds] = useState<number[] | null>(null);
  const [collab, setCollab] = useState<number | null>(null);
  const [drawer, setDrawer] = useState<'recycle' | 'black' | null>(null);
  const [toSea, setToSea] = useState<number[] | null>(null);
  const canAdd = useHasSign('clue:add');
  const canEdit = useHasSign('clue:edit');
  const canDelete = useHasSign('clue:delete');
  const canExport = useHasSign('clue:export');
  const canAssign = useHasSign('clue:assign');
  const clueActions = useClueActions();
  const body = useMemo(() => filterBody(filters), [filters]);
  const list = useCallPage(contract.clue.list, body, pageName);
  const cols = useColumns(tableType);
  const rows = list.data?.lists ?? [];
  const totalExact = list.data?.totalExact;
  // the writes refresh the lists themselves (actions.tsx LEAD_READS); what is left is the selection
  const refresh = () => setSelected([]);
  const columns = clueColumns(cols.data ?? [], {
    onOpen: (_row, index) => openFromList(rows, index, list.pager.pageNum, body),
    sort: { field: filters.sortField, order: filters.sortOrder },
  });
  columns.push({
    key: 'actions',
    title: '操作',
    fixed: 'right',
    width: 150,
    render: (_, row, index) => (
      <Space size={2}>
        <Button type="link" size="small" onClick={() => openFromList(rows, index, list.pager.pageNum, body)}>
          详情
        </Button>
        {canEdit && (
          <Button type="link" size="small" onClick={() => setEditing(row)} data-testid="edit-clue">
            编辑
          </Button>
        )}
        <Dropdown
          menu={{
            items: [
              canEdit && { key: 'lock', label: row.lockStatus ? '解锁' : '锁定' },
              canEdit && row.type === 1 && { key: 'turn', label: '转为客户' },
              canEdit && { key: 'collab', label: '协作人' },
              canEdit && { key: 'black', label: '加入黑名单' },
              canDelete && { key: 'delete', label: <span style={{ color: '#ff4d4f' }}>删除</span> },
            ].filter(Boolean) as { key: string; label: React.ReactNode }[],
            onClick: ({ key }) => {
              if (key === 'lock') clueActions.lock([row.id], row.lockStatus ? 0 : 1, refresh);
              if (key === 'turn') clueActions.turn([row.id], refresh);
              if (key === 'collab') setCollab(row.id);
              if (key === 'black') clueActions.blacklist([row.id], refresh);
              if (key === 'delete') clueActions.remove([row.id], refresh);
            },
          }}
        >
          <Button type="link" size="small">
            更多 <DownOutlined />
          </Button>
        </Dropdown>
      </Space>
    ),
  });
  const batch = [
    canDelete && { key: 'delete', label: '删除' },
    canEdit && { key: 'lock', label: '锁定' },
    canEdit && { key: 'unlock', label: '解锁' },
    canEdit && { key: 'turn', label: '转为客户' },
    canEdit && { key: 'black', label: '加入黑名单' },
    canAssign && { key: 'owner', label: '变更跟进人' },
    canEdit && { key: 'toSea', label: '转入公海' },
  ].filter(Boolean) as { key: string; label: string }[];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <ClueFilterBar value={draft} onChange={setDraft} onSearch={search} onReset={reset} hide={hideFilters} />
      </Card>
      <Card
        size="small"
        title={
          <Space>
            <Typography.Text strong>{title}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {totalExact === false ? `约 ${list.total} 条` : `共 ${list.total} 条`}
            </Typography.Text>
          </Space>
        }
        extra={
          <Space wrap>
            {extraTools}
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="add-clue">
                新建客户
              </Button>
            )}
            <Dropdown
              disabled={!selected.length || !batch.length}
              menu={{
                items: batch,
                onClick: ({ key }) => {
                  if (key === 'delete') clueActions.remove(selected, refresh);
                  if (key === 'lock') clueActions.lock(selected, 1, refresh);
                  if (key === 'unlock') clueActions.lock(selected, 0, refresh);
                  if (key === 'turn') clueActions.turn(selected, refresh);
                  if (key === 'black') clueActions.blacklist(selected, refresh);
                  if (key === 'owner') setOwnerIds(selected);
                  if (key === 'toSea') setToSea(selected);
                },
              }}
            >
              <Button data-testid="batch-actions">
                批量操作{selected.length ? `（${selected.length}）` : ''} <DownOutlined />
              </Button>
            </Dropdown>
            {canExport && <ExportButton filter={() => body} />}
            <Button icon={<DeleteOutlined />} onClick={() => setDrawer('recycle')} data-testid="open-recycle">
              回收站
            </Button>
            <Button icon={<StopOutlined />} onClick={() => setDrawer('black')}>
              黑名单
            </Button>
            <ColumnSettings type={tableType} columns={cols.data ?? []} onSaved={() => cols.refetch()} />
          </Space>
        }
      >
        <Table<Clue>
          rowKey="id"
          size="middle"
          data-testid="clue-table"
          columns={columns}
          scroll={{ x: 'max-content' }}
          {...list.tableProps}
          // Rows wait for the user's columns: otherwise the first paint is a table of bare action cells.
          dataSource={cols.data ? list.tableProps.dataSource : []}
          loading={list.tableProps.loading || cols.isLoading}
          locale={
            cols.isError
              ? {
                  emptyText: (
                    <Empty
                      description={
                        <span>
                          列表字段加载失败，无法显示数据{' '}
                          <Button type="link" size="small" onClick={() => void cols.refetch()}>
                            重试
                          </Button>
                        </span>
                      }
                    />
                  ),
                }
              : undefined
          }
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          onChange={(_p, _f, sorter, extra) => {
            setSelected([]);
            if (extra.action !== 'sort') return;
            const s = sorter as SorterResult<Clue>;
            list.pager.reset();
            const next = {
              sortField: s.order ? String(s.columnKey) : undefined,
              sortOrder: s.order ? (s.order === 'ascend' ? 'asc' : 'desc') : undefined,
            } as const;
            setDraft((d) => ({ ...d, ...next }));
            setFilters((f) => ({ ...f, ...next }));
          }}
        />
      </Card>
      <ClueFormModal
        open={editing !== undefined}
        clue={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          refresh();
        }}
      />
      <OwnerModal
        ids={ownerIds}
        onClose={() => setOwnerIds(null)}
        onDone={() => {
          setOwnerIds(null);
          refresh();
        }}
      />
      <ToSeaModal
        ids={toSea}
        onClose={() => setToSea(null)}
        onDone={() => {
          setToSea(null);
          refresh();
        }}
      />
      <CollaboratorModal clueId={collab} onClose={() => setCollab(null)} onChanged={refresh} />
      <RecycleBinDrawer open={drawer === 'recycle'} onClose={() => setDrawer(null)} onChanged={refresh} />
      <BlacklistDrawer open={drawer === 'black'} onClose={() => setDrawer(null)} onChanged={refresh} />
    </Space>
  );
}
