import { contract } from '@crm/core/contract';
import { Space, Switch, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useCallMutation } from '../../api/hooks';
import { AddButton } from '../../components/AddButton';
import { actionColumn } from '../../components/actionColumn';
import { confirmOff } from '../../components/confirmOff';
import { DeleteLink } from '../../components/DeleteLink';
import { KeywordTable } from '../../components/KeywordTable';
import { LinkButton } from '../../components/LinkButton';
import { MONO, RegexModal } from './RegexModal';
import type { RegexRule } from './types';

const c = contract.quality;

/** 正则规则: the organisation's regular-expression rules; new, edit, switch and delete for holders of quality:edit. */
export function RegexTab({ canEdit }: { canEdit: boolean }) {
  const [editing, setEditing] = useState<RegexRule | null | undefined>(undefined);
  const toggle = useCallMutation(c.updateOrgRegex, { invalidate: [c.selectOrgRegex] });
  const del = useCallMutation(c.deleteOrgRegex, { invalidate: [c.selectOrgRegex] });
  const columns: ColumnsType<RegexRule> = [
    { title: '规则名称', dataIndex: 'name', width: 180 },
    {
      title: '正则表达式',
      dataIndex: 'pattern',
      render: (v: string, r) => (
        <Typography.Text code style={{ ...MONO, wordBreak: 'break-all' }} data-testid="regex-cell">
          /{v}/{r.flags}
        </Typography.Text>
      ),
    },
    { title: '检测对象', dataIndex: 'sideName', width: 90 },
    {
      title: '启用',
      dataIndex: 'status',
      width: 80,
      render: (v: number, r) => (
        <Switch
          size="small"
          checked={v === 1}
          disabled={!canEdit}
          loading={toggle.isPending}
          onChange={(on) =>
            confirmOff(
              on,
              { title: `停用规则「${r.name}」？`, content: '停用后，之后分析的通话不再按此规则检查。' },
              () => toggle.mutate({ id: r.id, status: on ? 1 : 2 }),
            )
          }
        />
      ),
    },
    { title: '备注', dataIndex: 'remark', width: 180, ellipsis: true, render: (v) => v || '-' },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (v) => v ?? '-' },
    ...actionColumn<RegexRule>(canEdit, 110, (r) => (
      <Space size={12}>
        <LinkButton onClick={() => setEditing(r)}>编辑</LinkButton>
        <DeleteLink
          title={`删除规则「${r.name}」？`}
          description="之后分析的通话不再按此规则检查；已有的命中记录保留。"
          success="删除成功"
          onDelete={() => del.mutateAsync({ id: r.id })}
        />
      </Space>
    )),
  ];
  return (
    <>
      <KeywordTable
        call={c.selectOrgRegex}
        pageName="orgRegexList"
        placeholder="规则名称 / 正则表达式"
        columns={columns}
        extra={
          canEdit && (
            <AddButton onClick={() => setEditing(null)} data-testid="add-regex">
              新增正则规则
            </AddButton>
          )
        }
      />
      {editing !== undefined && <RegexModal rule={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
