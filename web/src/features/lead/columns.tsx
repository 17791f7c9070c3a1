import { LockOutlined } from '@ant-design/icons';
import { Voiceprint, YesNo } from '@crm/core';
import type { Clue } from '@crm/core/contract/clue';
import type { Column } from '@crm/core/contract/clueField';
import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';

const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

/** The name key shown for an id field of a lead. */
const NAME_OF: Record<string, string> = {
  ownerId: 'ownerName',
  channelSourceId: 'channelSourceName',
  importWay: 'importWayName',
  receiveType: 'receiveTypeName',
  stage: 'stageName',
  gender: 'genderName',
  area: 'areaName',
  followStatusId: 'followStatusName',
  followPhaseId: 'followPhaseName',
  lostReasonId: 'lostReasonName',
  type: 'typeName',
};

export const SORTABLE = new Set(['createdAt', 'updatedAt', 'nextFollowTime', 'lastFollowTime', 'lastCallTime']);

const CALL_COLOR: Record<number, string> = { 1: 'default', 2: 'green', 3: 'orange', 102: 'blue' };

/** A field of a lead by its name (the fields of the settings and columns are named by text). */
export const fieldOf = (row: Clue, key: string): unknown => (row as Record<string, unknown>)[key];

/** Text of a field of a lead, as a list cell shows it. */
export function cellOf(row: Clue, fieldName: string, isCustom: boolean): React.ReactNode {
  if (isCustom) return dash(row.customText?.[fieldName]);
  switch (fieldName) {
    case 'callStatus':
      return <Tag color={CALL_COLOR[row.callStatus ?? 0]}>{row.callStatusName || '-'}</Tag>;
    case 'tagIds':
      return row.tagNames?.length ? (
        <Space size={[2, 2]} wrap>
          {row.tagNames.map((t) => (
            <Tag key={t} color="blue" style={{ marginInlineEnd: 0 }}>
              {t}
            </Tag>
          ))}
        </Space>
      ) : (
        '-'
      );
    case 'phones':
      return row.phones?.length ? row.phones.join('，') : '-';
    case 'lockStatus':
      return row.lockStatus ? <Tag icon={<LockOutlined />}>已锁定</Tag> : '未锁定';
    case 'isInSea':
    case 'risk':
      return YesNo[row[fieldName] as 1 | 2] ?? '-';
    case 'voiceprint':
      return Voiceprint[row.voiceprint as 1 | 2 | 3] ?? '-';
    default:
      return dash(fieldOf(row, NAME_OF[fieldName] ?? fieldName));
  }
}

const WIDTH: Record<string, number> = {
  name: 140,
  phone: 130,
  company: 200,
  tagIds: 180,
  createdAt: 170,
  updatedAt: 170,
  nextFollowTime: 170,
  lastFollowTime: 170,
  lastCallTime: 170,
  remark: 200,
  address: 200,
};

/**
 * Table columns of the user's chosen fields, in the user's order. The name opens the detail; the phone shows a
 * lock when the lead is locked.
 */
export function clueColumns(
  defs: Column[],
  opts: { onOpen: (row: Clue, index: number) => void; sort?: { field?: string; order?: 'asc' | 'desc' } },
): ColumnType<Clue>[] {
  return defs
    .filter((d) => d.isChecked)
    .map((d) => {
      const col: ColumnType<Clue> = {
        key: d.fieldName,
        title: d.fieldLabel,
        width: d.width ?? WIDTH[d.fieldName] ?? 120,
        ellipsis: d.fieldName !== 'tagIds',
        render: (_, row) => cellOf(row, d.fieldName, d.isCustom === 1),
      };
      if (d.fieldName === 'name')
        col.render = (_, row, index) => (
          <Space size={4}>
            <Typography.Link data-testid="open-clue" onClick={() => opts.onOpen(row, index)}>
              {row.name || row.phone || `#${row.id}`}
            </Typography.Link>
            {row.type === 2 && <Tag color="gold">客户</Tag>}
            {row.lockStatus === 1 && (
              <Tooltip title="已锁定">
                <LockOutlined style={{ color: '#999' }} />
              </Tooltip>
            )}
          </Space>
        );
      if (SORTABLE.has(d.fieldName)) {
        col.sorter = true;
        col.sortOrder = opts.sort?.field === d.fieldName ? (opts.sort.order === 'asc' ? 'ascend' : 'descend') : null;
      }
      return col;
    });
}
