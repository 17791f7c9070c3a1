import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { DURATION_LEVELS } from '@crm/core';
import { Badge, Button, Col, Input, Row, Select, Space } from 'antd';
import { type ReactNode, useState } from 'react';

/**
 * A list's filters in two parts: the common ones in a row with 更多筛选 (its badge counts the filters set behind it),
 * 查询 and 重置, then, when opened, every other filter in a grid of `FilterItem`s.
 */
export function MoreFiltersBar({
  testId,
  count,
  more,
  onSearch,
  onReset,
  extra,
  children,
}: {
  testId: string;
  /** How many filters behind 更多筛选 are set. */
  count: number;
  /** The filters behind 更多筛选. */
  more: ReactNode;
  onSearch: () => void;
  onReset: () => void;
  /** After 重置 in the row (导出…). */
  extra?: ReactNode;
  /** The common filters, in the row. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div data-testid={testId}>
      <Space wrap>
        {children}
        <Badge count={count} size="small">
          <Button onClick={() => setOpen(!open)} data-testid="filter-more">
            更多筛选 {open ? <UpOutlined /> : <DownOutlined />}
          </Button>
        </Badge>
        <Button type="primary" onClick={onSearch} data-testid="filter-search">
          查询
        </Button>
        <Button onClick={onReset}>重置</Button>
        {extra}
      </Space>
      {open && (
        <Row gutter={[16, 10]} style={{ marginTop: 12, padding: 12, background: '#fafbfc', borderRadius: 6 }}>
          {more}
        </Row>
      )}
    </div>
  );
}

/** One filter of the grid behind 更多筛选: its label, right-aligned in `labelWidth` pixels, then the control. */
export function FilterItem({
  label,
  labelWidth,
  children,
}: {
  label: string;
  labelWidth: number;
  children: ReactNode;
}) {
  return (
    <Col xs={24} sm={12} md={8} xl={6}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }} data-testid={`filter-${label}`}>
        <span style={{ width: labelWidth, flex: 'none', textAlign: 'right', color: '#555' }}>{label}</span>
        <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
      </div>
    </Col>
  );
}

/** Option 1: a level 0-7 (0 no limit); option 2: a custom range (a trailing unit is stripped by the server). */
export interface DurationDraft {
  option: 1 | 2;
  level?: number;
  min?: string;
  max?: string;
}

/** The duration filter: a level or 自定义 with the shortest and longest seconds. */
export function DurationFilter({
  value,
  onChange,
  levelWidth,
  placeholders,
}: {
  value?: DurationDraft;
  onChange: (v: DurationDraft) => void;
  /** The level's width beside the custom range. */
  levelWidth: number;
  /** The range's two placeholders. */
  placeholders: [string, string];
}) {
  const level = value?.option === 2 ? 'custom' : (value?.level ?? 0);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select<number | 'custom'>
        style={{ width: value?.option === 2 ? levelWidth : '100%' }}
        value={level}
        onChange={(v) => onChange(v === 'custom' ? { option: 2 } : { option: 1, level: v })}
        options={[
          ...DURATION_LEVELS.map((l) => ({ value: l.value, label: l.label })),
          { value: 'custom', label: '自定义' },
        ]}
      />
      {value?.option === 2 && (
        <>
          <Input
            placeholder={placeholders[0]}
            value={value.min}
            onChange={(e) => onChange({ ...value, min: e.target.value })}
          />
          <Input
            placeholder={placeholders[1]}
            value={value.max}
            onChange={(e) => onChange({ ...value, max: e.target.value })}
          />
        </>
      )}
    </Space.Compact>
  );
}
