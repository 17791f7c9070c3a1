import { type CallAnswer, contract } from '@crm/core/contract';
import type { Clue } from '@crm/core/contract/clue';
import { MERGE_FIELD_LABELS, mergeFieldText } from '@crm/core/contract/merge';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useCallMutation, useCallPage, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { POOL_READS } from '../../features/lead/actions';
import { useFieldList } from '../../features/lead/settings';

type Group = CallAnswer<typeof contract.mergeCustomer.goingToMerge>['lists'][number];
type RecordRow = CallAnswer<typeof contract.mergeCustomer.records>['lists'][number];
const m = contract.mergeCustomer;
const READS = [m.goingToMerge, m.records, contract.clueDuplicate.pagelist, ...POOL_READS];

/** The value of a field of a lead as the merge dialog shows it. */
const shown = (lead: Clue, field: string) => mergeFieldText(lead, field) || '-';

/** The merge of a group: which lead is kept, and per field whose value. */
function MergeModal({ leads, onClose }: { leads: Clue[]; onClose: () => void }) {
  const defs = useFieldList();
  const [keepId, setKeepId] = useState(leads[0].id);
  const [choices, setChoices] = useState<Record<string, number>>({});
  const merge = useCallMutation(m.merge, { success: '合并成功', invalidate: READS, onSuccess: onClose });
  const custom = (defs.data ?? []).filter((d) => d.isCustom === 1).map((d) => [d.fieldName, d.fieldLabel] as const);
  const fields = [...Object.entries(MERGE_FIELD_LABELS), ...custom].filter(([f]) =>
    leads.some((l) => shown(l, f) !== '-'),
  );
  const chosen = (f: string) => {
    if (choices[f]) return choices[f];
    const kept = leads.find((l) => l.id === keepId)!;
    return shown(kept, f) !== '-' ? keepId : (leads.find((l) => shown(l, f) !== '-')?.id ?? keepId);
  };
  return (
    <Modal
      open
      width={Math.min(1100, 260 + leads.length * 240)}
      title={`合并客户（${leads.length} 个）`}
      okText="确认合并"
      confirmLoading={merge.isPending}
      onCancel={onClose}
      onOk={() =>
        merge.mutate({
          keepId,
          clueIds: leads.map((l) => l.id),
          choices: Object.fromEntries(fields.map(([f]) => [f, chosen(f)])),
        })
      }
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title="合并后保留一个客户，其余客户的跟进记录、通话录音、标签、协作人和其他电话并入保留的客户，被合并的客户将被删除，合并记录可查看。"
      />
      <Table
        size="small"
        rowKey="f"
        pagination={false}
        data-testid="merge-fields"
        dataSource={[{ f: '__keep', label: '保留客户' }, ...fields.map(([f, label]) => ({ f, label }))]}
        columns={[
          { title: '字段', dataIndex: 'label', width: 120 },
          ...leads.map((l, i) => ({
            title: `客户 ${i + 1}`,
            key: String(l.id),
            render: (_: unknown, row: { f: string }) =>
              row.f === '__keep' ? (
                <Radio checked={keepId === l.id} onChange={() => setKeepId(l.id)} data-testid={`keep-${l.id}`}>
                  保留此客户
                </Radio>
              ) : (
                <Radio
                  checked={chosen(row.f) === l.id}
                  disabled={shown(l, row.f) === '-'}
                  onChange={() => setChoices({ ...choices, [row.f]: l.id })}
                  data-testid={`choose-${row.f}-${l.id}`}
                >
                  {shown(l, row.f)}
                </Radio>
              ),
          })),
        ]}
      />
    </Modal>
  );
}

function GroupTable({
  groups,
  loading,
  onMerge,
  tableProps,
}: {
  groups: Group[];
  loading?: boolean;
  onMerge: (g: Group) => void;
  tableProps?: object;
}) {
  return (
    <Table<Group>
      rowKey={(g) => g.clueIds.join('-')}
      size="middle"
      data-testid="merge-groups"
      loading={loading}
      dataSource={groups}
      {...tableProps}
      columns={[
        { title: '查重规则', dataIndex: 'ruleLabel', width: 140, render: (v) => <Tag>{v}</Tag> },
        {
          title: '重复客户',
          key: 'leads',
          render: (_, g) => (
            <Space orientation="vertical" size={2}>
              {g.leads.map((l) => (
                <Typography.Text key={l.id}>
                  {l.name || '-'} · {l.phone} · {l.company || '-'} · 跟进人：
                  {l.ownerName || (l.isInSea === 1 ? '公海' : '-')} · {l.createdAt}
                </Typography.Text>
              ))}
            </Space>
          ),
        },
        {
          title: '操作',
          key: 'op',
          width: 100,
          render: (_, g) => (
            <Button type="link" onClick={() => onMerge(g)} disabled={g.leads.length < 2} data-testid="merge-open">
              合并
            </Button>
          ),
        },
      ]}
    />
  );
}

/** 待合并: the duplicate groups of a rule. */
function GroupsTab() {
  const [ruleNo, setRuleNo] = useState(0);
  const body = useMemo(() => ({ ruleNo }), [ruleNo]);
  const list = useCallPage(m.goingToMerge, body, 'mergesList');
  const [merging, setMerging] = useState<Group | null>(null);
  return (
    <Card size="small">
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text>查重规则：</Typography.Text>
        <Select
          style={{ width: 220 }}
          value={ruleNo}
          onChange={(v) => {
            setRuleNo(v);
            list.pager.reset();
          }}
          options={(list.data?.rules ?? []).map((r) => ({ value: r.ruleNo, label: r.label }))}
        />
        <Typography.Text type="secondary">共 {list.total} 组</Typography.Text>
      </Space>
      <GroupTable groups={list.data?.lists ?? []} tableProps={list.tableProps} onMerge={setMerging} />
      {merging && <MergeModal leads={merging.leads} onClose={() => setMerging(null)} />}
    </Card>
  );
}

/** 查重: the duplicates of one lead, by its id. */
function CheckTab() {
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const found = useCallQuery(
    contract.clue.list,
    { pageNum: 1, pageSize: 10, keyword },
    { enabled: keyword.length > 0 },
  );
  const leads = found.data?.lists ?? [];
  // one lead found: checked at once; several: the user picks one
  const id = picked ?? (leads.length === 1 ? leads[0].id : null);
  const check = useCallQuery(m.repeatCheck, { clueId: id ?? 0 }, { enabled: !!id });
  const [merging, setMerging] = useState<Group | null>(null);
  return (
    <Card size="small">
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="客户名称、手机号或公司名称"
          allowClear
          enterButton="查重"
          loading={found.isFetching}
          onSearch={(v) => {
            setPicked(null);
            setKeyword(v.trim());
          }}
          style={{ width: 320 }}
          data-testid="check-keyword"
        />
      </Space>
      {keyword && !found.isFetching && !leads.length && <Empty description="没有找到该客户" />}
      {leads.length > 1 && (
        <Table<Clue>
          rowKey="id"
          size="small"
          pagination={false}
          style={{ marginBottom: 12 }}
          data-testid="check-candidates"
          dataSource={leads}
          rowClassName={(r) => (r.id === id ? 'ant-table-row-selected' : '')}
          columns={[
            { title: '客户名称', dataIndex: 'name', render: (v) => v || '-' },
            { title: '手机号', dataIndex: 'phone' },
            { title: '公司名称', dataIndex: 'company', render: (v) => v || '-' },
            { title: '跟进人', dataIndex: 'ownerName', render: (v) => v || '-' },
            {
              title: '操作',
              key: 'op',
              width: 90,
              render: (_, r) => (
                <Button type="link" onClick={() => setPicked(r.id)}>
                  查重
                </Button>
              ),
            },
          ]}
        />
      )}
      {id && check.data && !check.data.groups.length ? (
        <Empty description="该客户没有重复客户" />
      ) : id ? (
        <GroupTable groups={check.data?.groups ?? []} loading={check.isFetching} onMerge={setMerging} />
      ) : null}
      {merging && <MergeModal leads={merging.leads} onClose={() => setMerging(null)} />}
    </Card>
  );
}

/** 合并记录: merges with what was merged from where. */
function RecordsTab() {
  const list = useCallPage(m.records, {}, 'mergeRecords');
  const [open, setOpen] = useState<number | null>(null);
  const detail = useCallQuery(m.recordDetail, { id: open ?? 0 }, { enabled: !!open });
  return (
    <Card size="small">
      <Table<RecordRow>
        rowKey="id"
        size="middle"
        data-testid="merge-records"
        {...list.tableProps}
        columns={[
          { title: '合并时间', dataIndex: 'createdAt', width: 170 },
          { title: '保留客户', dataIndex: 'keptName', width: 140 },
          { title: '被合并客户', key: 'merged', render: (_, r) => r.mergedNames.join('、') },
          { title: '操作人', dataIndex: 'userName', width: 110 },
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_, r) => (
              <Button type="link" onClick={() => setOpen(r.id)}>
                详情
              </Button>
            ),
          },
        ]}
      />
      <Drawer open={!!open} width={720} title="合并记录详情" onClose={() => setOpen(null)} destroyOnHidden>
        {detail.data && (
          <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="merge-detail">
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label="保留客户">{detail.data.keptName}</Descriptions.Item>
              <Descriptions.Item label="操作人">{detail.data.userName}</Descriptions.Item>
              <Descriptions.Item label="合并时间">{detail.data.createdAt}</Descriptions.Item>
              <Descriptions.Item label="被合并">{detail.data.mergedNames.join('、')}</Descriptions.Item>
            </Descriptions>
            <Table
              size="small"
              rowKey="fieldName"
              pagination={false}
              dataSource={detail.data.choices}
              columns={[
                { title: '字段', dataIndex: 'fieldLabel', width: 120 },
                { title: '保留的值', dataIndex: 'value', render: (v) => v || '-' },
                {
                  title: '来自',
                  key: 'from',
                  render: (_, c) => detail.data?.leads.find((l) => l.id === c.fromClueId)?.name ?? `#${c.fromClueId}`,
                },
              ]}
            />
            <Typography.Title level={5}>合并前的客户</Typography.Title>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={detail.data.leads}
              columns={[
                {
                  title: '客户名称',
                  dataIndex: 'name',
                  render: (v, l: Clue) =>
                    l.id === detail.data?.keptClueId ? (
                      <Space>
                        {v}
                        <Tag color="green">保留</Tag>
                      </Space>
                    ) : (
                      v
                    ),
                },
                { title: '手机号', dataIndex: 'phone' },
                { title: '公司', dataIndex: 'company', render: (v) => v || '-' },
                { title: '跟进人', dataIndex: 'ownerName', render: (v) => v || '-' },
                { title: '创建时间', dataIndex: 'createdAt' },
              ]}
            />
          </Space>
        )}
      </Drawer>
    </Card>
  );
}

/** /mergesList 合并客户: duplicate groups, the check of one lead, merge records. */
export default function MergesPage() {
  const canMerge = useHasSign('merge:edit');
  return (
    <div style={{ padding: 16 }}>
      <Tabs
        destroyOnHidden
        items={[
          ...(canMerge ? [{ key: 'groups', label: '待合并客户', children: <GroupsTab /> }] : []),
          { key: 'check', label: '客户查重', children: <CheckTab /> },
          ...(canMerge ? [{ key: 'records', label: '合并记录', children: <RecordsTab /> }] : []),
        ]}
      />
    </div>
  );
}
