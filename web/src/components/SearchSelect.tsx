import { Select, type SelectProps } from 'antd';

/** Dropdown max height of spec section 9. */
export const SELECT_LIST_HEIGHT = 212;
/** The search box appears only above this many options, or for a remote list. */
export const SEARCH_THRESHOLD = 5;

export function shouldSearch(optionCount: number, remote = false): boolean {
  return remote || optionCount > SEARCH_THRESHOLD;
}

export interface SearchSelectProps extends SelectProps {
  /** Options come from the server as the user types (onSearch): always searchable, no local filtering. */
  remote?: boolean;
}

/** A select whose search box appears above 5 options (or for a remote list), dropdown at most 212px high. */
export function SearchSelect({ remote, options = [], ...rest }: SearchSelectProps) {
  const search = shouldSearch(options.length, remote);
  return (
    <Select
      listHeight={SELECT_LIST_HEIGHT}
      options={options}
      showSearch={search ? (remote ? { filterOption: false } : { optionFilterProp: 'label' }) : false}
      allowClear
      placeholder="请选择"
      {...rest}
    />
  );
}
