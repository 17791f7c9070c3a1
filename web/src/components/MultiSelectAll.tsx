import { nextSelection, SELECT_ALL, SELECT_NULL, selectionValues } from '@crm/core';
import { Select } from 'antd';
import type { Key } from 'react';
import { SELECT_LIST_HEIGHT } from './SearchSelect';

export interface Option {
  value: string | number;
  label: React.ReactNode;
  disabled?: boolean;
}

export interface MultiSelectAllProps {
  options: Option[];
  /** Selected item values (without the all marker). */
  value?: (string | number)[];
  onChange?: (values: (string | number)[]) => void;
  /** Offer the null option (--), meaning "empty"; its value is sent as `nullValue`. */
  withNull?: boolean;
  nullValue?: string | number;
  allLabel?: string;
  placeholder?: string;
  style?: React.CSSProperties;
}

/** Multi-select with a 全部 option (spec section 4 rules: all, deselect all, the -- option, every item → all). */
export function MultiSelectAll({
  options,
  value = [],
  onChange,
  withNull,
  nullValue = SELECT_NULL,
  allLabel = '全部',
  placeholder = '请选择',
  style,
}: MultiSelectAllProps) {
  const items = options.filter((o) => !o.disabled).map((o) => o.value);
  const allSelected = items.length > 0 && items.every((v) => value.includes(v));
  const shown: Key[] = allSelected ? [SELECT_ALL, ...value] : value;
  const opts = [
    { value: SELECT_ALL, label: allLabel },
    ...(withNull ? [{ value: nullValue, label: '--' }] : []),
    ...options,
  ];
  return (
    <Select
      mode="multiple"
      style={style}
      placeholder={placeholder}
      maxTagCount="responsive"
      listHeight={SELECT_LIST_HEIGHT}
      showSearch={opts.length > 5 ? { optionFilterProp: 'label' } : false}
      value={shown as (string | number)[]}
      options={opts}
      onChange={(next: (string | number)[]) => {
        const sel = nextSelection<string | number>(shown as (string | number)[], next, items, {
          allValue: SELECT_ALL,
          nullValue,
        });
        onChange?.(selectionValues(sel, { allValue: SELECT_ALL }));
      }}
    />
  );
}
