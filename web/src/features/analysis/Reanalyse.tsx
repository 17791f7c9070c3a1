import { contract } from '@crm/core/contract';
import { ANALYSIS_PAUSED_REASON, REANALYSE_LIMIT, type ReanalyseBatch } from '@crm/core/contract/analysis';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { keyOf, useCallMutation, useCallQuery } from '../../api/hooks';
import { showError } from '../../app/ui';
import { DateRangePicker } from '../../components/DateRangePicker';
import { batchPercent } from './format';

/** Every call that re-analysis refreshes when a batch moves. */
export const ANALYSIS_READS = [contract.analysis.list, contract.analysis.detail];

/** The progress of a re-analysis batch, polled every second until it finishes. */
export function ReanalyseProgress({ batch, onClose }: { batch: ReanalyseBatch; onClose: () => void }) {
  const q = useCallQuery(
    contract.analysis.reanalyseProgress,
    { batchId: batch.batchId },
    { refetchInterval: (b) => (b && b.state === 2 ? false : 1000), silent: true },
  );
  const b = q.data ?? batch;
  const finished = b.state === 2;
  const qc = useQueryClient();
  // the batch is done: the list and the panels show its results
  useEffect(() => {
    if (finished) for (const call of ANALYSIS_READS) void qc.invalidateQueries({ queryKey: keyOf(call) });
  }, [finished, qc]);
  return (
    <Modal
      open
      title="重新分析"
      onCancel={onClose}
      footer={<Button onClick={onClose}>{finished ? '完成' : '后台运行'}</Button>}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="reanalyse-progress">
        <Progress
          percent={batchPercent(b)}
          status={finished ? (b.failed ? 'exception' : 'success') : 'active'}
          format={() => `${b.done + b.failed}/${b.total}`}
        />
        <Typography.Text>
          {b.stateName}：共 {b.total} 通，分析完成 {b.done} 通{b.failed ? `，失败 ${b.failed} 通` : ''}
        </Typography.Text>
        {b.paused > 0 && <Alert type="warning" showIcon title={`${b.paused} 通等待中：${ANALYSIS_PAUSED_REASON}`} />}
        {!finished && <Typography.Text type="secondary">可关闭窗口，分析将在后台继续。</Typography.Text>}
      </Space>
    </Modal>
  );
}

/**
 * Starts a re-analysis (one call, a selection or a date range) and shows its progress: `start(input)`, and render
 * `progress` somewhere on the page.
 */
export function useReanalyse(onStarted?: () => void) {
  const [batch, setBatch] = useState<ReanalyseBatch | null>(null);
  const run = useCallMutation(contract.analysis.reanalyse, {
    invalidate: ANALYSIS_READS,
    onSuccess: (b) => {
      setBatch(b);
      onStarted?.();
    },
  });
  return {
    start: run.mutate,
    pending: run.isPending,
    progress: batch && <ReanalyseProgress batch={batch} onClose={() => setBatch(null)} />,
  };
}

/** 按时间范围重新分析: every call with a transcript in the chosen days; `reason` says why (a rule changed). */
export function ReanalyseRangeModal({
  open,
  reason,
  onClose,
}: {
  open: boolean;
  reason?: string;
  onClose: () => void;
}) {
  const [date, setDate] = useState<{ text: string; range: [string, string] } | null>(null);
  const re = useReanalyse(onClose);
  return (
    <>
      <Modal
        open={open}
        title="按时间范围重新分析"
        okText="开始分析"
        cancelText="取消"
        confirmLoading={re.pending}
        onCancel={onClose}
        onOk={() => {
          if (!date) showError('请选择通话时间范围');
          else re.start({ startTime: date.range[0], endTime: date.range[1] });
        }}
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          {reason && <Alert type="info" showIcon title={reason} />}
          <Typography.Text>通话时间</Typography.Text>
          <DateRangePicker
            disabledFuture
            style={{ width: '100%' }}
            value={date?.text ?? null}
            onChange={(text, range) => setDate(text && range ? { text, range } : null)}
          />
          <Typography.Text type="secondary">
            范围内所有已转写的通话将按当前规则重新分析（一次最多 {REANALYSE_LIMIT.toLocaleString()}{' '}
            通），人工修正的结果会保留。
          </Typography.Text>
        </Space>
      </Modal>
      {re.progress}
    </>
  );
}
