import { contract } from '@crm/core/contract';
import type { Clue } from '@crm/core/contract/clue';
import { Card, Empty, Input, Segmented, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useCallPage } from '../../api/hooks';
import { cellOf } from '../../features/lead/columns';
import { openFromList } from '../../features/lead/detailList';
import type { ClueFilterInput } from '../../features/lead/filters';

type By = 'keyword' | 'phone' | 'name' | 'company';
const BY: { value: By; label: string; placeholder: string }[] = [
  { value: 'keyword', label: '综合', placeholder: '客户名称 / 公司 / 手机号' },
  { value: 'phone', label: '手机号', placeholder: '输入手机号（可输入前几位）' },
  { value: 'name', label: '客户名称', placeholder: '输入客户名称' },
  { value: 'company', label: '公司名称', placeholder: '输入公司名称' },
];

/** /clueSearch 线索查询: find a lead by phone, name or company within the role's data scope. */
export default function ClueSearch() {
  const [by, setBy] = useState<By>('keyword');
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<ClueFilterInput>({});
  const searched = Object.keys(filter).length > 0;
  // nothing is read before a search
  const list = useCallPage(contract.clue.list, filter, 'clueSearch', { enabled: searched });
  const rows = list.data?.lists ?? [];
  const open = (i: number) => openFromList(rows, i, list.pager.pageNum, filter);
  const columns = [
    {
      title: '客户名称',
      key: 'name',
      render: (_: unknown, r: Clue, i: number) => (
        <Typography.Link onClick={() => open(i)} data-testid="open-clue">
          {r.name || r.phone}
        </Typography.Link>
      ),
    },
    ...(
      [
        ['phone', '手机号'],
        ['company', '公司名称'],
        ['type', '类型'],
        ['ownerId', '跟进人'],
        ['stage', '客户阶段'],
        ['followStatusId', '跟进状态'],
        ['callStatus', '通话状态'],
        ['lastFollowTime', '最后跟进时间'],
      ] as const
    ).map(([f, title]) => ({ title, key: f, render: (_: unknown, r: Clue) => cellOf(r, f, false) })),
  ];
  return (
    <div style={{ padding: 16 }}>
      <Card>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap>
            <Segmented
              value={by}
              onChange={(v) => setBy(v as By)}
              options={BY.map(({ value, label }) => ({ value, label }))}
            />
            <Input.Search
              allowClear
              enterButton="查询"
              style={{ width: 420 }}
              placeholder={BY.find((b) => b.value === by)?.placeholder}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onSearch={(v) => {
                list.pager.reset();
                const text = v.trim();
                setFilter(text ? { [by]: text } : {});
              }}
              data-testid="clue-search"
            />
          </Space>
          {searched ? (
            <Table<Clue> rowKey="id" size="middle" columns={columns} {...list.tableProps} />
          ) : (
            <Empty description="输入手机号、客户名称或公司名称查询" />
          )}
        </Space>
      </Card>
    </div>
  );
}
