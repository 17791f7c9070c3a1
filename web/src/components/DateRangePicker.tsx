import { DATE_PRESETS, joinRange, presetByLabel, presetDays, RANGE_SEPARATOR, resolveDateValue } from '@crm/core';
import { DatePicker, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef } from 'react';

export interface DateRangePickerProps {
  /** A preset label (今天, 近7天, 超时 …) or a range text 'YYYY-MM-DD至YYYY-MM-DD'; empty for none. */
  value?: string | null;
  /** Gets the value text and its datetime range (start 00:00:00, end 23:59:59), or null when cleared. */
  onChange?: (value: string | null, range: [string, string] | null) => void;
  /** Disables the future quick options and days after today. */
  disabledFuture?: boolean;
  /** Which presets to offer (labels); default all. */
  presets?: string[];
  placeholder?: [string, string];
  style?: React.CSSProperties;
  allowClear?: boolean;
}

/** The date range picker of spec section 9: the presets, 至 between the dates, invalid raw text flagged. */
export function DateRangePicker({
  value,
  onChange,
  disabledFuture,
  presets,
  placeholder,
  style,
  allowClear = true,
}: DateRangePickerProps) {
  const clicked = useRef<string | null>(null);
  const range = value ? resolveDateValue(value) : null;
  const invalid = !!value && !range;
  const pickerValue = useMemo<[Dayjs, Dayjs] | null>(
    () => (range ? [dayjs(range[0].slice(0, 10)), dayjs(range[1].slice(0, 10))] : null),
    [range?.[0], range?.[1]],
  );
  const items = DATE_PRESETS.filter((p) => (presets ? presets.includes(p.label) : true)).filter(
    (p) => !(disabledFuture && p.future),
  );
  const picker = (
    <DatePicker.RangePicker
      style={style}
      value={pickerValue}
      status={invalid ? 'error' : undefined}
      placeholder={invalid ? [value!, value!] : (placeholder ?? ['开始日期', '结束日期'])}
      separator={<span style={{ color: '#999' }}>{RANGE_SEPARATOR}</span>}
      allowClear={allowClear}
      disabledDate={disabledFuture ? (d) => d.isAfter(dayjs(), 'day') : undefined}
      presets={items.map((p) => {
        const [a, b] = presetDays(p.key);
        return {
          // The preset's own list item is the button; the span only notes which label was chosen.
          // biome-ignore lint/a11y/noStaticElementInteractions: inside antd's clickable preset item
          label: <span onMouseDown={() => (clicked.current = p.label)}>{p.label}</span>,
          value: [dayjs(a), dayjs(b)] as [Dayjs, Dayjs],
        };
      })}
      onChange={(dates) => {
        const label = clicked.current;
        clicked.current = null;
        if (!dates?.[0] || !dates[1]) {
          onChange?.(null, null);
          return;
        }
        const text =
          label && presetByLabel(label)
            ? label
            : joinRange(dates[0].format('YYYY-MM-DD'), dates[1].format('YYYY-MM-DD'));
        onChange?.(text, resolveDateValue(text));
      }}
    />
  );
  return invalid ? <Tooltip title={`无效日期：${value}`}>{picker}</Tooltip> : picker;
}
