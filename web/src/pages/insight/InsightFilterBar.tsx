import { CustomerStage, presetDays } from '@crm/core';
import type { CallInput, contract } from '@crm/core/contract';
import { Select, TreeSelect } from 'antd';
import { useState } from 'react';
import { deptTreeData, useDeptTree } from '../../api/directory';
import { DateRangePicker } from '../../components/DateRangePicker';
import { FilterBar } from '../../components/FilterBar';

/** The period, department and stage the insight calls take (their own `top` aside). */
export type InsightQuery = Omit<CallInput<typeof contract.insight.insights>, 'top'>;
type Draft = InsightQuery & { date: string | null };

/** The period (default the last 30 days), department and stage of the insight pages. */
export function useInsightFilters() {
  const [start, end] = presetDays('last30Days');
  const initial: Draft = { date: '近30天', startDate: start, endDate: end };
  const [draft, setDraft] = useState<Draft>(initial);
  const [applied, setApplied] = useState<InsightQuery>({ startDate: start, endDate: end });
  const patch = (d: Partial<Draft>) => setDraft({ ...draft, ...d });
  const search = () => {
    const { date: _date, ...rest } = draft;
    setApplied(rest);
  };
  const reset = () => {
    setDraft(initial);
    setApplied({ startDate: start, endDate: end });
  };
  return { draft, patch, search, reset, applied };
}

export function InsightFilterBar({ of, extra }: { of: ReturnType<typeof useInsightFilters>; extra?: React.ReactNode }) {
  const depts = useDeptTree();
  const { draft, patch } = of;
  return (
    <FilterBar onSearch={of.search} onReset={of.reset} extra={extra}>
      <DateRangePicker
        disabledFuture
        value={draft.date}
        onChange={(date, range) =>
          range && patch({ date, startDate: range[0].slice(0, 10), endDate: range[1].slice(0, 10) })
        }
      />
      <TreeSelect
        allowClear
        placeholder="部门"
        style={{ width: 180 }}
        treeDefaultExpandAll
        value={draft.deptId}
        onChange={(v) => patch({ deptId: v })}
        treeData={deptTreeData(depts.data)}
      />
      <Select
        allowClear
        placeholder="客户阶段"
        style={{ width: 130 }}
        value={draft.stage}
        onChange={(v) => patch({ stage: v })}
        options={Object.entries(CustomerStage).map(([v, label]) => ({ value: Number(v), label }))}
      />
    </FilterBar>
  );
}
