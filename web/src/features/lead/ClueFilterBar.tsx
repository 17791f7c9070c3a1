import { SearchOutlined } from '@ant-design/icons';
import type { FieldDef } from '@crm/core/contract/clueField';
import { Cascader, Input, Select, Space, TreeSelect } from 'antd';
import { deptTreeData, useDeptTree } from '../../api/directory';
import { DateRangePicker } from '../../components/DateRangePicker';
import { DurationFilter, FilterItem, MoreFiltersBar } from '../../components/MoreFiltersBar';
import { MultiSelectAll } from '../../components/MultiSelectAll';
import { NumberInput } from '../../components/NumberInput';
import { SearchSelect } from '../../components/SearchSelect';
import { cascadeOptions } from './data';
import type { Opt } from './fieldOptions';
import { useFieldOptions } from './fieldOptions';
import { type ClueFilterDraft, filterCount } from './filters';
import { useFieldList } from './settings';

export interface ClueFilterBarProps {
  value: ClueFilterDraft;
  onChange: (v: ClueFilterDraft) => void;
  onSearch: () => void;
  onReset: () => void;
  /** Filters this page does not offer. */
  hide?: (keyof ClueFilterDraft)[];
  extra?: React.ReactNode;
}

const full = { width: '100%' };
const Item = (p: { label: string; children: React.ReactNode }) => <FilterItem labelWidth={84} {...p} />;

/** A filter on a custom field: options, a number range, a date range or text. */
function CustomFilter({ def, value, onChange }: { def: FieldDef; value: unknown; onChange: (v: unknown) => void }) {
  if (def.fieldType === 6 || def.fieldType === 7)
    return (
      <MultiSelectAll
        style={full}
        options={def.groupList.map((o) => ({ value: o.fieldValue, label: o.fieldLabel }))}
        value={(value as string[]) ?? []}
        onChange={onChange}
      />
    );
  if (def.fieldType === 8)
    return (
      <Cascader style={full} options={cascadeOptions(def.cascadeData)} value={value as string[]} onChange={onChange} />
    );
  if (def.fieldType === 3) {
    const [a, b] = (value as [number | null, number | null]) ?? [null, null];
    return (
      <Space.Compact style={full}>
        <NumberInput placeholder="最小值" value={a} onChange={(v) => onChange([v, b])} />
        <NumberInput placeholder="最大值" value={b} onChange={(v) => onChange([a, v])} />
      </Space.Compact>
    );
  }
  if (def.fieldType === 4 || def.fieldType === 5)
    return <DateRangePicker style={full} value={value as string} onChange={(v) => onChange(v ?? undefined)} />;
  return (
    <Input allowClear placeholder="包含" value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} />
  );
}

/** The filter form above a lead list: keyword, type, then (expanded) every standard and custom field filter. */
export function ClueFilterBar({ value, onChange, onSearch, onReset, hide = [], extra }: ClueFilterBarProps) {
  const opts = useFieldOptions();
  const defs = useFieldList();
  const depts = useDeptTree();
  const set = (patch: Partial<ClueFilterDraft>) => onChange({ ...value, ...patch });
  const shown = (k: keyof ClueFilterDraft) => !hide.includes(k);
  const multi = (k: keyof ClueFilterDraft, optsKey: string) => (
    <MultiSelectAll
      style={full}
      options={opts.byField[optsKey] as Opt[]}
      value={(value[k] as number[]) ?? []}
      onChange={(v) => set({ [k]: v } as Partial<ClueFilterDraft>)}
    />
  );
  /** A date range filter; only past dates unless `past` is false. */
  const dates = (k: 'createTime' | 'lastFollowTime' | 'nextFollowTime' | 'lastCallTime', past = true) => (
    <DateRangePicker
      style={full}
      disabledFuture={past}
      value={value[k]}
      onChange={(v) => set({ [k]: v ?? undefined })}
    />
  );
  const custom = (defs.data ?? []).filter((d) => d.isCustom && d.isShow);
  const count = filterCount(value);
  const more = (
    <>
      {shown('ownerIds') && (
        <Item label="跟进人">
          <SearchSelect
            mode="multiple"
            maxTagCount="responsive"
            style={full}
            options={opts.byField.ownerId as Opt[]}
            value={value.ownerIds}
            onChange={(v) => set({ ownerIds: v })}
            data-testid="filter-owner"
          />
        </Item>
      )}
      {shown('deptIds') && (
        <Item label="部门">
          <TreeSelect
            multiple
            allowClear
            treeDefaultExpandAll
            maxTagCount="responsive"
            style={full}
            placeholder="请选择"
            treeData={deptTreeData(depts.data)}
            value={value.deptIds}
            onChange={(v) => set({ deptIds: v })}
          />
        </Item>
      )}
      <Item label="标签">
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          style={full}
          placeholder="请选择"
          options={opts.byField.tagIds}
          value={value.tagIds}
          onChange={(v) => set({ tagIds: v })}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Item>
      <Item label="跟进状态">{multi('followStatusIds', 'followStatusId')}</Item>
      <Item label="跟进阶段">{multi('followPhaseIds', 'followPhaseId')}</Item>
      <Item label="客户阶段">{multi('stages', 'stage')}</Item>
      <Item label="渠道来源">{multi('channelSourceIds', 'channelSourceId')}</Item>
      <Item label="通话状态">{multi('callStatus', 'callStatus')}</Item>
      <Item label="导入方式">{multi('importWays', 'importWay')}</Item>
      <Item label="锁定状态">
        <Select
          allowClear
          style={full}
          placeholder="全部"
          options={opts.byField.lockStatus as Opt[]}
          value={value.lockStatus}
          onChange={(v) => set({ lockStatus: v })}
        />
      </Item>
      <Item label="通话时长">
        <DurationFilter
          value={value.duration}
          onChange={(v) => set({ duration: v })}
          levelWidth={110}
          placeholders={['秒', '秒']}
        />
      </Item>
      <Item label="创建时间">{dates('createTime')}</Item>
      <Item label="最后跟进">{dates('lastFollowTime')}</Item>
      <Item label="下次跟进">{dates('nextFollowTime', false)}</Item>
      <Item label="最近通话">{dates('lastCallTime')}</Item>
      {custom.map((d) => (
        <Item key={d.fieldName} label={d.fieldLabel}>
          <CustomFilter
            def={d}
            value={value.custom?.[d.fieldName]}
            onChange={(v) => set({ custom: { ...value.custom, [d.fieldName]: v } })}
          />
        </Item>
      ))}
    </>
  );
  return (
    <MoreFiltersBar testId="clue-filter" count={count} onSearch={onSearch} onReset={onReset} extra={extra} more={more}>
      <Input
        allowClear
        data-testid="filter-keyword"
        prefix={<SearchOutlined />}
        placeholder="客户名称 / 公司 / 手机号"
        maxLength={50}
        style={{ width: 260 }}
        value={value.keyword}
        onChange={(e) => set({ keyword: e.target.value })}
        onPressEnter={onSearch}
      />
      {shown('type') && (
        <Select
          style={{ width: 120 }}
          value={value.type ?? 0}
          onChange={(v) => set({ type: v === 0 ? undefined : (v as 1 | 2) })}
          options={[
            { value: 0, label: '全部类型' },
            { value: 1, label: '线索' },
            { value: 2, label: '客户' },
          ]}
          data-testid="filter-type"
        />
      )}
    </MoreFiltersBar>
  );
}
