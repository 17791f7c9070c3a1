import { DownOutlined, ExportOutlined, LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import type { CallAnalysisRow } from '@crm/core/contract/analysis';
import { CALL_ANALYSIS_DEFAULT_COLUMNS, TABLE_TYPE } from '@crm/core/contract/clueField';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Dropdown, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { keyOf, useCallDownload, useCallPage, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { showError } from '../../app/ui';
import { LinkButton } from '../../components/LinkButton';
import { useDraftFilters } from '../../components/useDraftFilters';
import { AiBanner } from '../../features/analysis/AiBanner';
import { analysing } from '../../features/analysis/format';
import { ReanalyseRangeModal, useReanalyse } from '../../features/analysis/Reanalyse';
import { CallDetailView } from '../../features/call/CallDetailView';
import { ColumnSettings } from '../../features/lead/ColumnSettings';
import { AnalysisFilterBar } from './AnalysisFilterBar';
import { tableColumns } from './columns';
import { type AnalysisFilterBody, type AnalysisFilterDraft, analysisFilterBody } from './filters';

/**
 * /main/callAnalysis 通话分析: every analysed call of the caller's data scope with its intention, tags, risks,
 * violations and summary; filters, the user's columns, export, re-analysis; a row opens the call with its AI panel.
 */
export default function CallAnalysisPage() {
  const qc = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const { draft, setDraft, filters, search, reset } = useDraftFilters<AnalysisFilterDraft, AnalysisFilterBody>(
    () => {
      list.pager.reset();
      setSelected([]);
      // 查询 always reads afresh: calls analysed since are there even when the filters are those shown before
      void qc.invalidateQueries({ queryKey: keyOf(contract.analysis.list) });
    },
    (d) => analysisFilterBody(d),
  );
  const [detail, setDetail] = useState<CallAnalysisRow | null>(null);
  const [byRange, setByRange] = useState(false);
  // re-analysis replaces the machine's results: the same right as correcting them
  const canReanalyse = useHasSign('analysis:correct');
  const list = useCallPage(contract.analysis.list, filters, 'callAnalysis', {
    // rows being analysed are followed until they settle
    refetchInterval: (rows) => (rows.some((r) => analysing(r.analysisStatus, r.paused)) ? 3000 : false),
  });
  // the user's columns, kept on the server like those of the lead lists; none are shown before they are known (no
  // flash of the default columns), the defaults when they cannot be read
  const cols = useCallQuery(contract.clueField.columns.byType, { type: TABLE_TYPE.callAnalysis });
  const chosen = useMemo<string[]>(
    () =>
      cols.data
        ? cols.data.filter((c) => c.isChecked).map((c) => c.fieldName)
        : cols.isError
          ? CALL_ANALYSIS_DEFAULT_COLUMNS
          : [],
    [cols.data, cols.isError],
  );
  const exporting = useCallDownload(contract.analysis.export, { fileName: '通话分析.xlsx', success: '导出成功' });
  const re = useReanalyse(() => setSelected([]));
  const columns = useMemo<ColumnsType<CallAnalysisRow>>(
    () => [
      {
        key: 'fileNameLink',
        title: '通话',
        width: 190,
        fixed: 'left',
        render: (_, r) => (
          <Typography.Link onClick={() => setDetail(r)} data-testid="open-analysis" ellipsis style={{ maxWidth: 180 }}>
            {r.fileName}
          </Typography.Link>
        ),
      },
      ...tableColumns(chosen),
      {
        key: 'op',
        title: '操作',
        width: 120,
        fixed: 'right',
        render: (_, r) => (
          <Space size={8}>
            <LinkButton onClick={() => setDetail(r)}>分析详情</LinkButton>
            <LinkButton
              icon={<LinkOutlined />}
              aria-label="新窗口打开"
              href={`/callDetail?id=${r.recordingId}`}
              target="_blank"
            />
          </Space>
        ),
      },
    ],
    [chosen],
  );
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%', padding: 16 }}>
      <AiBanner />
      <Card size="small">
        <AnalysisFilterBar value={draft} onChange={setDraft} onSearch={search} onReset={reset} />
      </Card>
      <Card
        size="small"
        title={
          <Space>
            <Typography.Text strong>通话分析</Typography.Text>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              共 {list.total} 条
            </Typography.Text>
          </Space>
        }
        extra={
          <Space wrap>
            {canReanalyse && (
              <Space.Compact>
                <Button
                  icon={<ReloadOutlined />}
                  loading={re.pending}
                  onClick={() =>
                    selected.length ? re.start({ ids: selected }) : showError('请先勾选要重新分析的通话')
                  }
                  data-testid="reanalyse-selected"
                >
                  重新分析{selected.length ? `（${selected.length}）` : ''}
                </Button>
                <Dropdown
                  menu={{
                    items: [{ key: 'range', label: '按时间范围重新分析' }],
                    onClick: () => setByRange(true),
                  }}
                >
                  <Button icon={<DownOutlined />} aria-label="更多重新分析方式" data-testid="reanalyse-more" />
                </Dropdown>
              </Space.Compact>
            )}
            <Button
              icon={<ExportOutlined />}
              loading={exporting.isPending}
              onClick={() => exporting.mutate({ ...filters, ...(selected.length ? { ids: selected } : {}) })}
              data-testid="export-analysis"
            >
              {selected.length ? `导出选中（${selected.length}）` : '导出'}
            </Button>
            <ColumnSettings type={TABLE_TYPE.callAnalysis} columns={cols.data ?? []} onSaved={() => cols.refetch()} />
          </Space>
        }
      >
        <Table<CallAnalysisRow>
          rowKey="recordingId"
          size="middle"
          data-testid="analysis-table"
          columns={columns}
          scroll={{ x: 'max-content' }}
          {...list.tableProps}
          loading={list.tableProps.loading || cols.isLoading}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          onChange={() => setSelected([])}
        />
      </Card>
      <Drawer
        title={detail ? `通话分析 · ${detail.fileName}` : '通话分析'}
        size={1200}
        open={detail !== null}
        onClose={() => setDetail(null)}
        destroyOnHidden
      >
        {detail && <CallDetailView recordId={detail.recordingId} />}
      </Drawer>
      <ReanalyseRangeModal open={byRange} onClose={() => setByRange(false)} />
      {re.progress}
    </Space>
  );
}
