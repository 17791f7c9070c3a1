import { presetByLabel, presetDays } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { ScopeDept } from '@crm/core/contract/stats';
import { Select, TreeSelect } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useCallQuery } from '../../api/hooks';
import { DateRangePicker } from '../DateRangePicker';
import { FilterBar } from '../FilterBar';

/** The date presets of the statistics screens (spec G3), past ones only; a custom range is always possible. */
export const STATS_PRESETS = [
  '今天',
  '昨天',
  '本周',
  '上周',
  '本月',
  '上月',
  '本季度',
  '上季度',
  '今年',
  '去年',
  '近7天',
  '近30天',
  '近90天',
];

/** What a statistics call is asked: whole days, a department (and those below it), users. */
export interface StatsQuery {
  startDate: string;
  endDate: string;
  deptId?: number;
  userIds?: number[];
}
interface Draft extends StatsQuery {
  /** The preset label or the range text the picker shows. */
  date: string | null;
}

const periodOf = (label: string): Draft => {
  const preset = presetByLabel(label);
  const [startDate, endDate] = presetDays(preset?.key ?? 'thisMonth');
  return { date: label, startDate, endDate };
};

/** Filters given in the page's address (a click-through or a report's link): ?startDate=&endDate=&deptId=&userIds=1,2 */
function fromAddress(fallback: Draft): Draft {
  const q = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const start = q.get('startDate') ?? '';
  const end = q.get('endDate') ?? '';
  const ids = (q.get('userIds') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const deptId = Number(q.get('deptId')) || undefined;
  const period =
    day.test(start) && day.test(end) ? { date: `${start}至${end}`, startDate: start, endDate: end } : fallback;
  return { ...period, deptId, userIds: ids.length ? ids : undefined };
}

const strip = ({ date: _date, ...q }: Draft): StatsQuery => q;

/** The filters of a statistics screen: `draft` in the bar, `applied` what the figures show (default 本月). */
export function useStatsFilters(defaultPreset = '本月') {
  const [initial] = useState(() => fromAddress(periodOf(defaultPreset)));
  const [draft, setDraft] = useState<Draft>(initial);
  const [applied, setApplied] = useState<StatsQuery>(strip(initial));
  return {
    draft,
    applied,
    patch: (d: Partial<Draft>) => setDraft((cur) => ({ ...cur, ...d })),
    search: () => setApplied(strip(draft)),
    reset: () => {
      const first = periodOf(defaultPreset);
      setDraft(first);
      setApplied(strip(first));
    },
  };
}
export type StatsFilters = ReturnType<typeof useStatsFilters>;

interface DeptOption {
  title: string;
  value: number;
  children: DeptOption[];
}
const treeOf = (nodes: ScopeDept[] | undefined): DeptOption[] =>
  (nodes ?? []).map((n) => ({ title: n.name, value: n.id, children: treeOf(n.children) }));

/** The departments and users of the session's data scope (what the statistics filters may pick). */
export const useScopeDepts = () => useCallQuery(contract.stats.getDeptInfo, undefined, { staleTime: 60_000 });
export const useScopeUsers = () => useCallQuery(contract.stats.getAnalyzeUserInfo, {}, { staleTime: 60_000 });

/** Period, department tree and users, limited to the session's data scope; `extra` (导出…) on the right. */
export function StatsFilterBar({
  of,
  extra,
  users = true,
  children,
}: {
  of: StatsFilters;
  extra?: ReactNode;
  /** Offer the user filter (the organisation overview does not). */
  users?: boolean;
  children?: ReactNode;
}) {
  const depts = useScopeDepts();
  const people = useScopeUsers();
  const { draft, patch } = of;
  const deptTree = useMemo(() => treeOf(depts.data), [depts.data]);
  const userOptions = useMemo(
    () =>
      (people.data ?? []).map((u) => ({ value: u.id, label: u.status === 1 ? u.realName : `${u.realName}（停用）` })),
    [people.data],
  );
  return (
    <FilterBar onSearch={of.search} onReset={of.reset} extra={extra}>
      <DateRangePicker
        disabledFuture
        allowClear={false}
        presets={STATS_PRESETS}
        value={draft.date}
        onChange={(date, range) =>
          range && patch({ date, startDate: range[0].slice(0, 10), endDate: range[1].slice(0, 10) })
        }
      />
      <TreeSelect
        allowClear
        showSearch
        treeNodeFilterProp="title"
        placeholder="全部部门"
        style={{ width: 180 }}
        treeDefaultExpandAll
        loading={depts.isLoading}
        value={draft.deptId}
        onChange={(v) => patch({ deptId: v ?? undefined })}
        treeData={deptTree}
        data-testid="stats-dept"
      />
      {users && (
        <Select
          allowClear
          mode="multiple"
          maxTagCount="responsive"
          optionFilterProp="label"
          placeholder="全部员工"
          style={{ width: 220 }}
          loading={people.isLoading}
          value={draft.userIds ?? []}
          onChange={(v: number[]) => patch({ userIds: v.length ? v : undefined })}
          options={userOptions}
          data-testid="stats-users"
        />
      )}
      {children}
    </FilterBar>
  );
}
