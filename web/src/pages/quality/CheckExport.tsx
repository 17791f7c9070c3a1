import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import { useCallDownload, useCallMutation } from '../../api/hooks';
import { useRecordProgress } from '../../features/lead/ExportButton';
import type { CheckFilterBody } from '../../features/quality/check';

/**
 * 导出 of the AI 质检 list: a background job on the import/export records (as the lead export): its progress, then
 * the download link.
 */
export function CheckExport({ filter }: { filter: () => CheckFilterBody & { mode: 'call' | 'seat' } }) {
  const [recordId, setRecordId] = useState<number | null>(null);
  const start = useCallMutation(contract.qualityCheck.callCheckExport, {
    invalidate: [contract.clueImport.records],
    onSuccess: (r) => setRecordId(r.recordId),
  });
  const download = useCallDownload(contract.clueImport.exportDownload);
  const { rec, lost } = useRecordProgress(recordId);
  const percent = rec?.status === 2 ? 100 : (rec?.progress ?? 0);
  return (
    <>
      <Button
        icon={<ExportOutlined />}
        loading={start.isPending}
        onClick={() => start.mutate(filter())}
        data-testid="check-export"
      >
        导出
      </Button>
      <Modal
        open={!!recordId}
        title="导出AI质检列表"
        onCancel={() => setRecordId(null)}
        footer={<Button onClick={() => setRecordId(null)}>关闭</Button>}
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="check-export-progress">
          <Progress
            percent={Math.round(percent)}
            status={rec?.status === 3 ? 'exception' : rec?.status === 2 ? 'success' : lost ? 'normal' : 'active'}
          />
          {rec?.status === 3 && <Alert type="error" showIcon title={rec.error || '导出失败'} />}
          {lost && <Alert type="warning" showIcon title="无法获取导出进度，请检查网络" />}
          {rec?.status === 2 ? (
            <Space>
              <Typography.Text>已导出 {rec.total} 条</Typography.Text>
              <Button
                type="link"
                icon={<DownloadOutlined />}
                onClick={() => download.mutate({ recordId: rec.recordId })}
                data-testid="check-export-download"
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
