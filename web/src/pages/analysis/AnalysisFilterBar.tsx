import { SearchOutlined } from '@ant-design/icons';
import {
  AiLabel,
  AnalysisStatusLabel,
  CallTag,
  CallType,
  IntentionLabel,
  options,
  PerformanceFlag,
  YesNo,
} from '@crm/core';
import { contract } from '@crm/core/contract';
import type { DeptUserNode } from '@crm/core/contract/analysis';
import { AutoComplete, Input, InputNumber, Select, TreeSelect } from 'antd';
import { useUserOptions } from '../../api/directory';
import { useCallQuery } from '../../api/hooks';
import { DateRangePicker } from '../../components/DateRangePicker';
import { DurationFilter, FilterItem, MoreFiltersBar } from '../../components/MoreFiltersBar';
import { MultiSelectAll } from '../../components/MultiSelectAll';
import { SearchSelect } from '../../components/SearchSelect';
import { type AnalysisFilterDraft, moreFilterCount } from './filters';

const full = { width: '100%' };
const Item = (p: { label: string; children: React.ReactNode }) => <FilterItem labelWidth={92} {...p} />;

interface DeptOption {
  title: string;
  value: number;
  children: DeptOption[];
}

/** The departments of the department → user tree (users are chosen in 归属员工). */
export function deptOptions(nodes: DeptUserNode[] | undefined): DeptOption[] {
  return (nodes ?? [])
    .filter((n) => n.type === 'dept')
    .map((n) => ({ title: n.name, value: n.id, children: deptOptions(n.children) }));
}

export interface AnalysisFilterBarProps {
  value: AnalysisFilterDraft;
  onChange: (v: AnalysisFilterDraft) => void;
  onSearch: () => void;
  onReset: () => void;
}

/** The filters of the call-analysis list: the common ones in a row, every other behind 更多筛选. */
export function AnalysisFilterBar({ value, onChange, onSearch, onReset }: AnalysisFilterBarProps) {
  const users = useUserOptions();
  const tree = useCallQuery(contract.analysis.deptUserTree, undefined, { silent: true });
  const apps = useCallQuery(contract.analysis.applications, undefined, { silent: true });
  const tagGroups = useCallQuery(contract.aiSetting.tagGroupAndTag, undefined, { silent: true });
  // the rule names help typing; without the right to read the rules the box stays free text
  const risk = useCallQuery(contract.aiSetting.getRiskConfig, undefined, { silent: true });
  const set = (patch: Partial<AnalysisFilterDraft>) => onChange({ ...value, ...patch });
  const multi = (k: keyof AnalysisFilterDraft, opts: { value: number; label: string }[]) => (
    <MultiSelectAll
      style={full}
      options={opts}
      value={(value[k] as number[]) ?? []}
      onChange={(v) => set({ [k]: v as number[] })}
    />
  );
  const yesNo = (k: 'hasViolation' | 'risk', names: Record<number, string>) => (
    <Select
      allowClear
      style={full}
      placeholder="全部"
      options={options(names)}
      value={value[k]}
      onChange={(v) => set({ [k]: v })}
    />
  );
  const ruleNames = [
    ...(risk.data?.wordRules ?? []).map((r) => r.name),
    ...(risk.data?.regexRules ?? []).map((r) => r.name),
    ...(risk.data?.abuse ? ['辱骂客户'] : []),
  ];
  const count = moreFilterCount(value);
  const more = (
    <>
      <Item label="AI 标签">{multi('aiLabels', options(AiLabel))}</Item>
      <Item label="通话标签">{multi('callTags', options(CallTag))}</Item>
      <Item label="自定义 AI 标签">
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          style={full}
          placeholder="请选择"
          showSearch={{ optionFilterProp: 'label' }}
          options={(tagGroups.data ?? [])
            .filter((g) => g.tags.length)
            .map((g) => ({ label: g.name, options: g.tags.map((t) => ({ value: t.id, label: t.name })) }))}
          value={value.customTagIds}
          onChange={(v) => set({ customTagIds: v })}
        />
      </Item>
      <Item label="表现标记">{multi('flags', options(PerformanceFlag))}</Item>
      <Item label="是否违规">{yesNo('hasViolation', YesNo)}</Item>
      <Item label="违规规则">
        <AutoComplete
          allowClear
          style={full}
          placeholder="规则名称"
          options={[...new Set(ruleNames)].map((n) => ({ value: n }))}
          value={value.violationRule}
          onChange={(v) => set({ violationRule: v })}
          filterOption={(input, o) => String(o?.value ?? '').includes(input)}
        />
      </Item>
      <Item label="风险">{yesNo('risk', YesNo)}</Item>
      <Item label="流失风险≥">
        <InputNumber
          min={0}
          max={100}
          precision={0}
          style={full}
          placeholder="0-100"
          value={value.churnRiskMin ?? null}
          onChange={(v) => set({ churnRiskMin: v })}
        />
      </Item>
      <Item label="归属员工">
        <SearchSelect
          mode="multiple"
          maxTagCount="responsive"
          style={full}
          options={(users.data ?? []).map((u) => ({ value: u.id, label: u.realName || u.username }))}
          value={value.ownerUserIds}
          onChange={(v) => set({ ownerUserIds: v })}
          data-testid="filter-owner"
        />
      </Item>
      <Item label="部门">
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          style={full}
          placeholder="请选择（含下级部门）"
          treeData={deptOptions(tree.data)}
          value={value.deptId}
          onChange={(v) => set({ deptId: v })}
        />
      </Item>
      <Item label="通话时长">
        <DurationFilter
          value={value.duration}
          onChange={(v) => set({ duration: v })}
          levelWidth={96}
          placeholders={['最短(秒)', '最长(秒)']}
        />
      </Item>
      <Item label="录音来源">
        {multi(
          'source',
          (apps.data ?? []).map((a) => ({ value: a.source, label: `${a.name}（${a.count}）` })),
        )}
      </Item>
      <Item label="通话类型">{multi('callType', options(CallType))}</Item>
      <Item label="分析状态">{multi('analysisStatus', options(AnalysisStatusLabel))}</Item>
    </>
  );
  return (
    <MoreFiltersBar testId="analysis-filter" count={count} onSearch={onSearch} onReset={onReset} more={more}>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="关键词（通话内容或关键词）"
        maxLength={50}
        style={{ width: 240 }}
        value={value.keyword}
        onChange={(e) => set({ keyword: e.target.value })}
        onPressEnter={onSearch}
        data-testid="filter-keyword"
      />
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder="意向标签"
        style={{ width: 200 }}
        options={options(IntentionLabel)}
        value={value.intention}
        onChange={(v) => set({ intention: v })}
        data-testid="filter-intention"
      />
      <DateRangePicker
        disabledFuture
        value={value.callDate ?? null}
        onChange={(v) => set({ callDate: v ?? undefined })}
        placeholder={['通话开始日期', '通话结束日期']}
      />
    </MoreFiltersBar>
  );
}
