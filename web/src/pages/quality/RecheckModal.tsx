import { contract } from '@crm/core/contract';
import type { ReanalyseBatch } from '@crm/core/contract/analysis';
import { Alert, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useCallMutation } from '../../api/hooks';
import { showError } from '../../app/ui';
import { DateRangePicker } from '../../components/DateRangePicker';
import { ReanalyseProgress } from '../../features/analysis/Reanalyse';

/** 重新质检: the calls of a date range checked again under the rules and card of now, with the batch's progress. */
export function RecheckModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [date, setDate] = useState<{ text: string; range: [string, string] } | null>(null);
  const [batch, setBatch] = useState<ReanalyseBatch | null>(null);
  const run = useCallMutation(contract.qualityCheck.recheck, {
    invalidate: [contract.qualityCheck.callCheckPage, contract.qualityCheck.callCheckPageHead],
    onSuccess: (b) => {
      setBatch(b);
      onClose();
    },
  });
  return (
    <>
      <Modal
        open={open}
        title="重新质检"
        okText="开始质检"
        cancelText="取消"
        confirmLoading={run.isPending}
        onCancel={onClose}
        onOk={() =>
          date
            ? run.mutate({ startTime: date.range[0], endTime: date.range[1] })
            : showError('请选择重新质检的时间范围')
        }
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            title="规则或评分卡变更后，按现在的规则重新质检所选时间范围内的通话；之前的结果保留在历史中。"
          />
          <Typography.Text>通话时间</Typography.Text>
          <DateRangePicker
            disabledFuture
            style={{ width: '100%' }}
            value={date?.text ?? null}
            onChange={(text, range) => setDate(text && range ? { text, range } : null)}
          />
        </Space>
      </Modal>
      {batch && <ReanalyseProgress batch={batch} onClose={() => setBatch(null)} />}
    </>
  );
}
