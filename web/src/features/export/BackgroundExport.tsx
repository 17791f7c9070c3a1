import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { type Call, type CallInput, contract } from '@crm/core/contract';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { useCallDownload, useCallMutation, useCallQuery } from '../../api/hooks';

/** Polls that may fail in a row before the progress is given up (the job itself runs on in the background). */
export const MAX_POLL_FAILURES = 5;

/**
 * Polls an import or export record until it finishes (status 2) or fails (3). `lost`: the progress could not be
 * read MAX_POLL_FAILURES times in a row, so the polling stopped (the record list has the outcome later).
 */
export function useRecordProgress(recordId: number | null, intervalMs = 1000) {
  // the record whose progress was given up, and the failed reads in a row of the record polled
  const [lostFor, setLostFor] = useState<number | null>(null);
  const lost = recordId !== null && lostFor === recordId;
  const failures = useRef({ recordId, inRow: 0, errors: 0 });
  const q = useCallQuery(
    contract.clueImport.record,
    { recordId: recordId ?? 0 },
    {
      enabled: !!recordId && !lost,
      silent: true,
      refetchInterval: (rec) => (rec && rec.status >= 2 ? false : intervalMs),
    },
  );
  useEffect(() => {
    if (q.dataUpdatedAt) failures.current.inRow = 0;
  }, [q.dataUpdatedAt]);
  useEffect(() => {
    const f = failures.current;
    if (f.recordId !== recordId) Object.assign(f, { recordId, inRow: 0, errors: q.errorUpdateCount });
    f.inRow += Math.max(0, q.errorUpdateCount - f.errors);
    f.errors = q.errorUpdateCount;
    if (f.inRow >= MAX_POLL_FAILURES) setLostFor(recordId);
  }, [recordId, q.errorUpdateCount]);
  return { rec: recordId ? (q.data ?? null) : null, lost };
}

/** A call that starts an export as a background job: it answers the import/export record it writes. */
type ExportCall = Call & { answer: z.ZodType<{ recordId: number }> };

/**
 * 导出 of a list as a background job on the import/export records: the button, then the job's progress in a modal and
 * the download link (the leads, a pool's leads, the AI 质检 list).
 */
export function BackgroundExport<C extends ExportCall>({
  call,
  input,
  title,
  testId = 'export',
  disabled,
  lostHint,
}: {
  call: C;
  /** The list's filters when the button is clicked. */
  input: () => CallInput<C>;
  /** The modal's title. */
  title: string;
  /** The button's test id; the progress and the download link are `${testId}-progress` and `${testId}-download`. */
  testId?: string;
  disabled?: boolean;
  /** What the warning adds when the progress cannot be read (where the file can be found later). */
  lostHint?: string;
}) {
  const [recordId, setRecordId] = useState<number | null>(null);
  const start = useCallMutation(call, {
    invalidate: [contract.clueImport.records],
    // ExportCall says the answer names the record; TypeScript cannot see it through the generic CallAnswer<C>
    onSuccess: (r) => setRecordId((r as z.output<ExportCall['answer']>).recordId),
  });
  const download = useCallDownload(contract.clueImport.exportDownload);
  const { rec, lost } = useRecordProgress(recordId);
  const percent = rec?.status === 2 ? 100 : (rec?.progress ?? 0);
  return (
    <>
      <Button
        icon={<ExportOutlined />}
        loading={start.isPending}
        disabled={disabled}
        onClick={() => start.mutate(input())}
        data-testid={testId}
      >
        导出
      </Button>
      <Modal
        open={!!recordId}
        title={title}
        onCancel={() => setRecordId(null)}
        footer={<Button onClick={() => setRecordId(null)}>关闭</Button>}
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }} data-testid={`${testId}-progress`}>
          <Progress
            percent={Math.round(percent)}
            status={rec?.status === 3 ? 'exception' : rec?.status === 2 ? 'success' : lost ? 'normal' : 'active'}
          />
          {rec?.status === 3 && <Alert type="error" showIcon title={rec.error || '导出失败'} />}
          {lost && <Alert type="warning" showIcon title="无法获取导出进度，请检查网络" description={lostHint} />}
          {rec?.status === 2 ? (
            <Space>
              <Typography.Text>已导出 {rec.total} 条</Typography.Text>
              <Button
                type="link"
                icon={<DownloadOutlined />}
                onClick={() => download.mutate({ recordId: rec.recordId })}
                data-testid={`${testId}-download`}
              >
                下载文件 {rec.fileName}
              </Button>
            </Space>
          ) : (
            rec?.status !== 3 &&
            !lost && (
              <Typography.Text type="secondary">正在后台导出，可关闭窗口，稍后在导入记录中下载。</Typography.Text>
            )
          )}
        </Space>
      </Modal>
    </>
  );
}
