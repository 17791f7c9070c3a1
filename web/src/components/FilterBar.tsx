import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import type { ReactNode } from 'react';

const spread = { width: '100%', justifyContent: 'space-between' };

/** The filters above a list's table, then 查询 (and 重置 given `onReset`); `extra` (新增…, 导出) on the right. */
export function FilterBar({
  onSearch,
  onReset,
  extra,
  children,
}: {
  onSearch: () => void;
  onReset?: () => void;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Space wrap className="page-filters" style={spread}>
      <Space wrap>
        {children}
        <Button type="primary" icon={<SearchOutlined />} onClick={onSearch}>
          查询
        </Button>
        {onReset && <Button onClick={onReset}>重置</Button>}
      </Space>
      {extra}
    </Space>
  );
}

/** The keyword box of a FilterBar, on the draft of `useDraftFilters` (`of`): Enter searches. */
export function KeywordInput({
  of,
  placeholder,
  width,
}: {
  of: { draft: { keyword?: string }; patch: (fields: { keyword?: string }) => void; search: () => void };
  placeholder: string;
  width: number;
}) {
  return (
    <Input
      allowClear
      placeholder={placeholder}
      style={{ width }}
      value={of.draft.keyword}
      onChange={(e) => of.patch({ keyword: e.target.value })}
      onPressEnter={of.search}
    />
  );
}
