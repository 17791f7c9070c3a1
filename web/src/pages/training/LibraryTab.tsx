import { contract } from '@crm/core/contract';
import { ExampleKindName } from '@crm/core/contract/training';
import { Drawer, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type RowOf, useCallMutation, useCallPage, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { ui } from '../../app/ui';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { LinkButton } from '../../components/LinkButton';
import { useDraftFilters } from '../../components/useDraftFilters';
import { CallDetailView } from '../../features/call/CallDetailView';
import { AssignModal } from '../../features/training/AssignModal';
import { KindTag } from './status';

type Row = RowOf<typeof contract.training.examplePage>;
interface Filters extends Record<string, unknown> {
  kind?: number;
  tag?: string;
  intention?: string;
  sopItem?: string;
  objection?: string;
  keyword?: string;
}
const tags = (xs: string[]) => (xs.length ? xs.map((x) => <Tag key={x}>{x}</Tag>) : '-');

/** 案例库: every call marked as an example, searched by tag, intention, SOP item and objection; 好/反面 filter. */
export function LibraryTab() {
  const canEdit = useHasSign('training:edit');
  const bar = useDraftFilters<Filters, Filters>(
    () => list.pager.reset(),
    (d) => ({ ...d, keyword: d.keyword?.trim() || undefined }),
  );
  const list = useCallPage(contract.training.examplePage, bar.filters, 'staffTrainingLibrary');
  const facets = useCallQuery(contract.training.exampleFacets, {});
  const [listen, setListen] = useState<Row | null>(null);
  const [assign, setAssign] = useState<Row | null>(null);
  const remove = useCallMutation(contract.training.delExample, {
    success: '已移出案例库',
    invalidate: [contract.training.examplePage, contract.training.exampleFacets],
  });
  const { draft, patch } = bar;
  const pick = (key: keyof Filters, placeholder: string, values: string[] | undefined, width = 130) => (
    <Select
      allowClear
      showSearch
      placeholder={placeholder}
      style={{ width }}
      value={draft[key] as string | undefined}
      onChange={(v) => patch({ [key]: v })}
      options={(values ?? []).map((v) => ({ value: v, label: v }))}
    />
  );
  const columns: ColumnsType<Row> = [
    { title: '案例', dataIndex: 'kind', width: 96, render: (v, r) => <KindTag kind={v} name={r.kindName} /> },
    { title: '说明', dataIndex: 'note', ellipsis: true, render: (v) => v || '-' },
    { title: '通话员工', dataIndex: 'callOwnerName', width: 100, render: (v) => v ?? '-' },
    { title: '通话时间', dataIndex: 'callTime', width: 165, render: (v) => v ?? '-' },
    { title: '意向', dataIndex: 'intention', width: 90, render: (v) => v ?? '-' },
    { title: '标签', dataIndex: 'tags', width: 180, render: tags },
    { title: 'SOP 环节', dataIndex: 'sopItems', width: 180, render: tags },
    { title: '客户异议', dataIndex: 'objections', ellipsis: true, render: (v: string[]) => v.join('；') || '-' },
    { title: '指派次数', dataIndex: 'trainCount', width: 90 },
    { title: '标记人', dataIndex: 'markedByName', width: 90, render: (v) => v ?? '-' },
    {
      title: '操作',
      key: 'op',
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <Space size={10}>
          <LinkButton onClick={() => setListen(r)}>听录音</LinkButton>
          {canEdit && <LinkButton onClick={() => setAssign(r)}>指派</LinkButton>}
          {canEdit && (
            <LinkButton
              danger
              onClick={() =>
                ui.modal.confirm({
                  title: '确定把这通通话移出案例库吗？',
                  content: '已指派的培训不受影响。',
                  okText: '移出',
                  okButtonProps: { danger: true },
                  onOk: () => remove.mutate({ id: r.id }),
                })
              }
            >
              移出
            </LinkButton>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <FilterBar onSearch={bar.search} onReset={bar.reset}>
        <Select
          allowClear
          placeholder="好案例 / 反面案例"
          style={{ width: 150 }}
          value={draft.kind}
          onChange={(v) => patch({ kind: v })}
          options={Object.entries(ExampleKindName).map(([value, label]) => ({ value: Number(value), label }))}
        />
        {pick('intention', '意向', facets.data?.intentions, 110)}
        {pick('tag', '标签', facets.data?.tags)}
        {pick('sopItem', 'SOP 环节', facets.data?.sopItems)}
        {pick('objection', '客户异议', facets.data?.objections, 180)}
        <KeywordInput of={bar} placeholder="案例说明" width={140} />
      </FilterBar>
      <Table<Row>
        rowKey="id"
        size="middle"
        scroll={{ x: 1500 }}
        columns={columns}
        {...list.tableProps}
        data-testid="example-library"
      />
      {listen && (
        <Drawer open size={1100} title="案例录音" onClose={() => setListen(null)} destroyOnHidden>
          <CallDetailView
            recordId={listen.recordingId}
            actions={false}
            at={
              listen.moments[0]
                ? { segment: listen.moments[0].segment ?? -1, startMs: listen.moments[0].startMs ?? 0 }
                : undefined
            }
          />
        </Drawer>
      )}
      {assign && (
        <AssignModal
          recordingId={assign.recordingId}
          initial={{ kind: assign.kind, note: assign.note, moments: assign.moments }}
          onClose={() => setAssign(null)}
        />
      )}
    </>
  );
}
