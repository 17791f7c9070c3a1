import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ImportWay } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { ImportRecord } from '@crm/core/contract/clueImport';
import { Button, Card, Progress, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCallDownload, useCallPage } from '../../api/hooks';

const c = contract.clueImport;
const STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };

/** /importList 导入记录: imports with their imported / duplicate / invalid counts and rejected rows; exports too. */
export default function ImportList() {
  const navigate = useNavigate();
  const [kind, setKind] = useState<1 | 2>(1);
  // read again every 2 seconds while a record of the page runs
  const list = useCallPage(c.records, { kind }, 'importList', {
    refetchInterval: (rows) => (rows.some((r) => r.status === 1) ? 2000 : false),
  });
  const invalid = useCallDownload(c.downloadInvalid);
  const exported = useCallDownload(c.exportDownload);
  /** A file of a record to download: its rejected rows, or what it exported. */
  const fileButton = (label: string, file: typeof invalid | typeof exported, r: ImportRecord) => (
    <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => file.mutate({ recordId: r.recordId })}>
      {label}
    </Button>
  );
  return (
    <div style={{ padding: 16 }}>
      <Card
        title={
          <Segmented
            value={kind}
            onChange={(v) => {
              list.pager.reset();
              setKind(v as 1 | 2);
            }}
            options={[
              { value: 1, label: '导入记录' },
              { value: 2, label: '导出记录' },
            ]}
          />
        }
        extra={
          <Button type="primary" icon={<UploadOutlined />} onClick={() => navigate('/main/import')}>
            导入线索
          </Button>
        }
      >
        <Table<ImportRecord>
          rowKey="id"
          size="middle"
          data-testid="import-records"
          {...list.tableProps}
          columns={[
            { title: '文件名', dataIndex: 'fileName', width: 260, ellipsis: true },
            ...(kind === 1
              ? [
                  {
                    title: '导入方式',
                    dataIndex: 'importWay',
                    width: 110,
                    render: (v: number) => ImportWay[v as keyof typeof ImportWay] ?? '-',
                  },
                ]
              : []),
            {
              title: '状态',
              dataIndex: 'status',
              width: 170,
              render: (v: number, r: ImportRecord) =>
                v === 1 ? (
                  <Progress size="small" percent={Math.round(r.progress)} />
                ) : (
                  <Tag color={STATUS_COLOR[v]}>{r.statusName}</Tag>
                ),
            },
            { title: '总数', dataIndex: 'total', width: 80 },
            ...(kind === 1
              ? [
                  { title: '成功', dataIndex: 'imported', width: 80 },
                  { title: '重复', dataIndex: 'duplicate', width: 80 },
                  { title: '无效', dataIndex: 'invalid', width: 80 },
                ]
              : []),
            { title: '操作人', dataIndex: 'userName', width: 100 },
            { title: '时间', dataIndex: 'createdAt', width: 170 },
            {
              title: '操作',
              key: 'op',
              width: 170,
              render: (_: unknown, r: ImportRecord) => (
                <Space>
                  {r.kind === 1 && r.hasInvalidFile === 1 && fileButton('失败数据', invalid, r)}
                  {r.kind === 2 && r.status === 2 && fileButton('下载', exported, r)}
                  {r.status === 3 && r.error && <Tag color="error">{r.error}</Tag>}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
