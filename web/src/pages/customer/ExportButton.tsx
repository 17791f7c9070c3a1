import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api, quietly } from '../../api/client';

import type { ImportRecord } from './types';

/** Polls that may fail in a row before the progress is given up (the job itself runs on in the background). */
export const MAX_POLL_FAILURES = 5;

/**
 * Polls an import or export record until it finishes (status 2) or fails (3). `lost`: the progress could not be
 * read MAX_POLL_FAILURES times in a row, so the polling stopped (the record list has the outcome later).
 */
export function useRecordProgress(recordId: number | null, intervalMs = 1000) {
  const [rec, setRec] = useState<ImportRecord | null>(null);
  const [lost, setLost] = useState(false);
  useEffect(() => {
    setLost(false);
    if (!recordId) {
      setRec(null);
      return;
    }
    let stop = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const r = await api.robot.post<ImportRecord>('/importRecords/detail', { recordId }, { silent: true });
        if (stop) return;
        failures = 0;
        setRec(r);
        if (r.status >= 2) return;
      } catch {
        if (stop) return;
        if (++failures >= MAX_POLL_FAILURES) {
          setLost(true);
          return;
        }
      }
      timer = setTimeout(tick, intervalMs);
    };
    void tick();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [recordId, intervalMs]);
  return { rec, lost };
}

export const downloadExport = (recordId: number) =>
  api.robot.download('/organizationClue/exportDownload', { recordId }, { method: 'GET' });

/** Exports the filtered list to .xlsx as a background job: progress, then a download link. */
export function ExportButton({ filter, disabled }: { filter: () => Record<string, unknown>; disabled?: boolean }) {
  const [recordId, setRecordId] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const { rec, lost } = useRecordProgress(recordId);
  const start = async () => {
    setStarting(true);
    try {
      const r = await api.robot.post<{ recordId: number }>('/organizationClue/export', filter());
      setRecordId(r.recordId);
    } finally {
      setStarting(false);
    }
  };
  const percent = rec?.status === 2 ? 100 : (rec?.progress ?? 0);
  return (
    <>
      <Button
        icon={<ExportOutlined />}
        loading={starting}
        disabled={disabled}
        onClick={() => quietly(start)}
        data-testid="export"
      >
        导出
      </Button>
      <Modal
        open={!!recordId}
        title="导出客户"
        onCancel={() => setRecordId(null)}
        footer={<Button onClick={() => setRecordId(null)}>关闭</Button>}
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="export-progress">
          <Progress
            percent={Math.round(percent)}
            status={rec?.status === 3 ? 'exception' : rec?.status === 2 ? 'success' : lost ? 'normal' : 'active'}
          />
          {rec?.status === 3 && <Alert type="error" showIcon title={rec.error || '导出失败'} />}
          {lost && (
            <Alert
              type="warning"
              showIcon
              title="无法获取导出进度，请检查网络"
              description="导出仍在后台进行，稍后可在导入记录（导出记录）中下载。"
            />
          )}
          {rec?.status === 2 ? (
            <Space>
              <Typography.Text>已导出 {rec.total} 条</Typography.Text>
              <Button
                type="link"
                icon={<DownloadOutlined />}
                onClick={() => quietly(() => downloadExport(rec.recordId))}
                data-testid="export-download"
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
