import { type DatePresetKey, presetDays } from '@crm/core';
import { CapsuleTabs } from 'antd-mobile';
import { useState } from 'react';

/** The periods the manager's board and the staff figures offer. */
export const PERIODS: { key: DatePresetKey; title: string }[] = [
  { key: 'today', title: '今日' },
  { key: 'thisWeek', title: '本周' },
  { key: 'thisMonth', title: '本月' },
];

/** A period chosen by capsule tabs (default 今日), as the boards' filter (whole Shanghai days). */
export function usePeriod() {
  const [key, setKey] = useState<DatePresetKey>('today');
  const [startDate, endDate] = presetDays(key);
  const tabs = (
    <CapsuleTabs activeKey={key} onChange={(k) => setKey(k as DatePresetKey)} data-testid="period-tabs">
      {PERIODS.map((p) => (
        <CapsuleTabs.Tab key={p.key} title={p.title} />
      ))}
    </CapsuleTabs>
  );
  return { filter: { startDate, endDate }, tabs };
}
