import { contract } from '@crm/core/contract';
import { HitKindName } from '@crm/core/contract/quality';
import { Input, Table, Tag, Tooltip, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { deptTreeData, useDeptTree, useUserOptions } from '../../api/directory';
import { useCallPage, useCallQuery } from '../../api/hooks';
import { DateRangePicker } from '../../components/DateRangePicker';
import { FilterBar } from '../../components/FilterBar';
import { SearchSelect } from '../../components/SearchSelect';
import { useDraftFilters } from '../../components/useDraftFilters';
import { clock } from '../../features/analysis/format';
import { HitCounts } from './HitCounts';
import { type HitDraft, type HitFilters, hitFilters, markSpans, occurrences, ruleValue } from './rules';
import type { Hit } from './types';

const c = contract.quality;

/** The sentence of a hit with the words as said marked, after who said it and when. */
function Sentence({ hit }: { hit: Hit }) {
  return (
    <div data-testid="hit-sentence">
      <Typography.Text type="secondary" style={{ marginInlineEnd: 6 }}>
        {hit.speakerName} {clock(hit.startMs)}
      </Typography.Text>
      {markSpans(hit.sentence, occurrences(hit.sentence, hit.words)).map((p, i) =>
        p.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one sentence, in order
          <mark key={i} style={{ background: '#fff1f0', color: '#cf1322', padding: 0 }}>
            {p.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one sentence, in order
          <span key={i}>{p.text}</span>
        ),
      )}
    </div>
  );
}

const columns: ColumnsType<Hit> = [
  { title: '通话时间', dataIndex: 'callTime', width: 160, render: (v) => v ?? '-' },
  {
    title: '通话文件',
    dataIndex: 'fileName',
    width: 170,
    ellipsis: true,
    render: (v: string | null, r) => (
      <a href={`/callDetail?id=${r.recordingId}`} target="_blank" rel="noreferrer" data-testid="hit-call">
        {v || `通话 ${r.recordingId}`}
      </a>
    ),
  },
  { title: '归属员工', dataIndex: 'ownerName', width: 90, render: (v) => v ?? '-' },
  { title: '部门', dataIndex: 'deptName', width: 110, render: (v) => v ?? '-' },
  {
    title: '词库 / 规则',
    dataIndex: 'ruleName',
    width: 170,
    render: (v: string, r) => (
      <>
        <Tag color={r.kind === 'prohibition' ? 'volcano' : 'purple'}>{r.kindName}</Tag>
        {v}
      </>
    ),
  },
  {
    title: '违禁词 / 命中内容',
    dataIndex: 'word',
    width: 130,
    render: (v: string, r) =>
      r.words && r.words !== v ? (
        <Tooltip title={`原话：${r.words}`}>
          <Tag color="red">{v}</Tag>
        </Tooltip>
      ) : (
        <Tag color="red">{v}</Tag>
      ),
  },
  { title: '命中原句', dataIndex: 'sentence', width: 300, render: (_, r) => <Sentence hit={r} /> },
];

/**
 * 命中记录: the sentences in which the lists and the regex rules were broken, newest call first, with their counts
 * by list and by word. Filters: list or rule, word, owner, department, call date.
 */
export function HitsView() {
  const users = useUserOptions();
  const depts = useDeptTree();
  const lists = useCallQuery(c.prohibitionWordList, { all: true }, { silent: true });
  const regexes = useCallQuery(c.selectOrgRegex, { all: true }, { silent: true });
  const bar = useDraftFilters<HitDraft, HitFilters>(() => list.pager.reset(), hitFilters);
  const { draft, patch } = bar;
  const list = useCallPage(c.callProhibitionPage, bar.filters, 'callProhibitionPage');
  const counts = useCallQuery(c.callProhibitionCount, bar.filters);
  /** A count clicked: the list shows only its hits (other filters kept). */
  const narrow = (next: Partial<HitDraft>) => {
    const d = { ...draft, ...next };
    bar.setDraft(d);
    bar.apply(hitFilters(d));
  };
  const ruleOptions = [
    {
      label: HitKindName.prohibition,
      options: [
        { value: ruleValue('prohibition'), label: '全部违禁词库' },
        ...(lists.data?.lists ?? []).map((l) => ({ value: ruleValue('prohibition', l.id), label: l.name })),
      ],
    },
    {
      label: HitKindName.orgRegex,
      options: [
        { value: ruleValue('orgRegex'), label: '全部正则规则' },
        ...(regexes.data?.lists ?? []).map((r) => ({ value: ruleValue('orgRegex', r.id), label: r.name })),
      ],
    },
  ];
  return (
    <div data-testid="hits-view">
      <FilterBar onSearch={bar.search} onReset={bar.reset}>
        <SearchSelect
          style={{ width: 200 }}
          placeholder="词库 / 规则"
          value={draft.rule}
          onChange={(rule) => patch({ rule })}
          options={ruleOptions}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="hit-filter-rule"
        />
        <Input
          allowClear
          placeholder="违禁词"
          maxLength={50}
          style={{ width: 140 }}
          value={draft.word}
          onChange={(e) => patch({ word: e.target.value })}
          onPressEnter={bar.search}
          data-testid="hit-filter-word"
        />
        <SearchSelect
          style={{ width: 140 }}
          placeholder="归属员工"
          value={draft.ownerUserId}
          onChange={(ownerUserId) => patch({ ownerUserId })}
          options={(users.data ?? []).map((u) => ({ value: u.id, label: u.realName || u.username }))}
        />
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          style={{ width: 160 }}
          placeholder="部门"
          treeData={deptTreeData(depts.data)}
          value={draft.deptId}
          onChange={(deptId) => patch({ deptId })}
        />
        <DateRangePicker
          disabledFuture
          placeholder={['通话开始日期', '通话结束日期']}
          value={draft.date}
          onChange={(date, range) => patch({ date, startTime: range?.[0], endTime: range?.[1] })}
        />
      </FilterBar>
      <HitCounts
        counts={counts.data}
        onRule={(kind, ruleId) => narrow({ rule: ruleValue(kind, ruleId) })}
        onWord={(word) => narrow({ word })}
      />
      <Table<Hit>
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 1130 }}
        {...list.tableProps}
        data-testid="hit-table"
      />
    </div>
  );
}
