import { DownloadOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { SPEECH_TYPES, type SpeechType, SpeechTypeName } from '@crm/core/contract/assistant';
import { Button, Select, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useUserOptions } from '../../api/directory';
import { type RowOf, useCallDownload, useCallPage } from '../../api/hooks';
import { DateRangePicker } from '../../components/DateRangePicker';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { SearchSelect } from '../../components/SearchSelect';
import { useDraftFilters } from '../../components/useDraftFilters';
import { SuggestionList } from './SuggestionList';

const c = contract.assistant;
type Row = RowOf<typeof c.history>;

interface Filters extends Record<string, unknown> {
  type?: SpeechType;
  userId?: number;
  keyword?: string;
  startTime?: string;
  endTime?: string;
}
interface Draft {
  type?: SpeechType;
  userId?: number;
  keyword?: string;
  date?: string | null;
  range?: [string, string] | null;
}
const toFilters = (d: Draft): Filters => ({
  type: d.type,
  userId: d.userId,
  keyword: d.keyword?.trim() || undefined,
  startTime: d.range?.[0],
  endTime: d.range?.[1],
});

/** /main/speechAssistant/record 话术记录: every use with its suggestions (rate them here too), export. */
export default function RecordPage() {
  const users = useUserOptions();
  const bar = useDraftFilters<Draft, Filters>(() => list.pager.reset(), toFilters);
  const { draft, patch, filters } = bar;
  const list = useCallPage(c.history, filters, 'speechAssistantRecord');
  const exporting = useCallDownload(c.export, { success: '导出成功' });
  const columns: ColumnsType<Row> = [
    { title: '时间', dataIndex: 'createdAt', width: 170 },
    { title: '使用人', dataIndex: 'realName', width: 110, render: (v) => v || '-' },
    { title: '类型', dataIndex: 'typeName', width: 90 },
    { title: '内容', dataIndex: 'query', ellipsis: true, render: (v) => v || '-' },
    {
      title: '生成方式',
      key: 'engine',
      width: 150,
      render: (_, r) =>
        r.engine === 'llm' ? (
          <Tag color="purple">{r.modelName ?? '大模型'}</Tag>
        ) : r.fallbackReason ? (
          <Tooltip title={r.fallbackReason}>
            <Tag color="orange">内置（大模型失败）</Tag>
          </Tooltip>
        ) : (
          <Tag>内置</Tag>
        ),
    },
    { title: '建议数', key: 'n', width: 80, render: (_, r) => r.suggestions.length },
    {
      title: '有用',
      key: 'useful',
      width: 70,
      render: (_, r) => r.suggestions.filter((s) => s.rating === 1).length || '-',
    },
  ];
  return (
    <div className="page-card">
      <FilterBar
        onSearch={bar.search}
        onReset={bar.reset}
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate(filters)}>
            导出
          </Button>
        }
      >
        <Select
          allowClear
          placeholder="话术类型"
          style={{ width: 120 }}
          value={draft.type}
          onChange={(v) => patch({ type: v })}
          options={SPEECH_TYPES.map((v) => ({ value: v, label: SpeechTypeName[v] }))}
        />
        <SearchSelect
          style={{ width: 160 }}
          placeholder="使用人"
          value={draft.userId}
          onChange={(v) => patch({ userId: v })}
          options={(users.data ?? []).map((u) => ({ value: u.id, label: u.realName }))}
        />
        <KeywordInput of={bar} placeholder="内容关键词" width={180} />
        <DateRangePicker disabledFuture value={draft.date} onChange={(date, range) => patch({ date, range })} />
      </FilterBar>
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        {...list.tableProps}
        expandable={{
          expandedRowRender: (r) => (
            <div>
              {r.note && <p style={{ color: '#888' }}>{r.note}</p>}
              <SuggestionList items={r.suggestions} />
            </div>
          ),
        }}
      />
    </div>
  );
}
