import { EditOutlined, ReloadOutlined, RobotOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import type { AiShowKey } from '@crm/core/contract/aiSetting';
import { ANALYSIS_PAUSED_REASON, type AnalysisView, type CallAnalysisDetail } from '@crm/core/contract/analysis';
import { Alert, Button, Card, Empty, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { ReviewPanel } from '../quality/ReviewPanel';
import { SopCoverage } from '../quality/SopCoverage';
import { AiBanner } from './AiBanner';
import { AnalysisResults } from './AnalysisResults';
import { CommentThreads } from './CommentThreads';
import { CorrectionModal } from './CorrectionModal';
import type { Evidence, OnEvidence } from './evidence';
import { FiguresView } from './FiguresView';
import { analysing, statusColor } from './format';
import { useReanalyse } from './Reanalyse';

type Analysed = CallAnalysisDetail & { effective: AnalysisView; machine: AnalysisView };
const analysed = (d: CallAnalysisDetail): d is Analysed => !!d.effective && !!d.machine;

export interface AiPanelProps {
  recordId?: number;
  /** The shared, read-only view (no session): no correction, comments or re-analysis. */
  maskId?: string;
  /** Opens a supporting sentence in the transcript beside the panel. */
  onEvidence?: OnEvidence;
  /** The sentence opened last (marked in the panel). */
  opened?: Evidence | null;
}

/** The state of the analysis above the results: failed with its reason, paused for the balance, running. */
function StatusNote({ d, aiOpen }: { d: CallAnalysisDetail; aiOpen: boolean | undefined }) {
  if (d.paused)
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="analysis-paused"
        title={d.pausedReason ?? ANALYSIS_PAUSED_REASON}
        action={
          <Link to="/main/aiSetting?tab=packs">
            <Button size="small">去充值</Button>
          </Link>
        }
      />
    );
  if (d.analysisStatus === 4)
    return <Alert type="error" showIcon data-testid="analysis-error" title={`分析失败：${d.error ?? '未知原因'}`} />;
  if (analysing(d.analysisStatus)) return <Alert type="info" showIcon title={`${d.analysisStatusName}，请稍候…`} />;
  if (d.analysisStatus === 0 && aiOpen === false) return <AiBanner />;
  return null;
}

/** The AI panel of a call: status, the results with their evidence, the figures, corrections and comments. */
export function AiPanel({ recordId, maskId, onEvidence, opened }: AiPanelProps) {
  const withSession = !maskId;
  // a role without the analysis sees the call detail without the panel (a share link shows it to anyone)
  const mayView = useHasSign('analysis:view') || !withSession;
  const q = useCallQuery(contract.analysis.detail, maskId ? { maskId } : { recordId }, {
    enabled: mayView && (!!recordId || !!maskId),
    // its failure is told inside the panel, not over the call detail
    silent: true,
    // queued or running: the panel follows it; paused for the balance: it looks again now and then
    refetchInterval: (d) => (d && analysing(d.analysisStatus, d.paused) ? 1500 : d?.paused ? 5000 : false),
  });
  const show = useCallQuery(contract.aiSetting.getShowSet, undefined, {
    enabled: withSession && mayView,
    silent: true,
  });
  const open = useCallQuery(contract.aiSetting.getAiOpen, undefined, { enabled: withSession && mayView, silent: true });
  // re-analysis replaces the machine's results: the same right as correcting them
  const canReanalyse = useHasSign('analysis:correct');
  const editsQuality = useHasSign('quality:edit');
  const seesSop = useHasSign('quality:view') || editsQuality;
  const [correcting, setCorrecting] = useState(false);
  const re = useReanalyse();
  const d = q.data;
  if (!mayView) return null;
  if (q.isLoading) return <Card size="small" loading title="AI 分析" />;
  if (!d)
    return (
      <Card size="small" title="AI 分析">
        {q.error ? (
          <Alert type="error" showIcon title={`AI 分析加载失败：${(q.error as Error).message}`} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
        )}
      </Card>
    );
  const hidden = new Set((show.data?.items ?? []).filter((i) => !i.show).map((i) => i.key));
  const shown = (k: AiShowKey) => !hidden.has(k);
  const tabs = [
    {
      key: 'result',
      label: 'AI 分析',
      children: analysed(d) ? (
        <AnalysisResults detail={d} shown={shown} onEvidence={onEvidence} opened={opened} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={d.paused ? '等待充值后分析' : d.analysisStatusName} />
      ),
    },
    ...(withSession && seesSop
      ? [
          {
            key: 'sop',
            label: 'SOP',
            children: (
              <SopCoverage
                recordingId={d.recordingId}
                analysedAt={d.analysedAt}
                onEvidence={onEvidence}
                opened={opened}
              />
            ),
          },
        ]
      : []),
    // the score, review, appeals and history of the call (a seat sees its own to appeal)
    ...(withSession
      ? [
          {
            key: 'quality',
            label: '质检',
            children: <ReviewPanel recordingId={d.recordingId} ownerUserId={d.ownerUserId} />,
          },
        ]
      : []),
    ...(shown('figures')
      ? [{ key: 'figures', label: '对话指标（文本）', children: <FiguresView figures={d.figures} /> }]
      : []),
    ...(withSession
      ? [{ key: 'comments', label: '评论', children: <CommentThreads recordingId={d.recordingId} /> }]
      : []),
  ];
  return (
    <Card
      size="small"
      data-testid="ai-panel"
      title={
        <Space size={6}>
          <RobotOutlined />
          AI 分析
          <Tag color={statusColor(d.analysisStatus, d.paused)} data-testid="ai-status">
            {d.paused ? '余额不足暂停' : d.analysisStatusName}
          </Tag>
        </Space>
      }
      extra={
        withSession && (
          <Space size={4}>
            {d.canCorrect && analysed(d) && (
              <Button size="small" icon={<EditOutlined />} onClick={() => setCorrecting(true)} data-testid="correct">
                修正
              </Button>
            )}
            {canReanalyse && (
              <Button
                size="small"
                icon={<ReloadOutlined />}
                loading={re.pending}
                disabled={analysing(d.analysisStatus, d.paused)}
                onClick={() => re.start({ recordingId: d.recordingId })}
                data-testid="reanalyse-one"
              >
                重新分析
              </Button>
            )}
          </Space>
        )
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={8}>
        <StatusNote d={d} aiOpen={open.data?.open} />
        {d.llmError && <Alert type="warning" showIcon title={`大模型分析未成功，已使用内置分析结果：${d.llmError}`} />}
        {d.analysedAt && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {d.modelName ?? '内置分析'} · {d.analysedAt} 分析
            {d.version > 1 ? ` · 第 ${d.version} 次` : ''}
            {d.correction?.updatedAt && (
              <Tooltip title={`${d.correction.updatedByName ?? ''} ${d.correction.updatedAt}`}>
                <span>
                  {' '}
                  · {d.correction.updatedByName ?? ''}修正于 {d.correction.updatedAt}
                </span>
              </Tooltip>
            )}
          </Typography.Text>
        )}
        <Tabs size="small" items={tabs} />
      </Space>
      {correcting && analysed(d) && <CorrectionModal detail={d} onClose={() => setCorrecting(false)} />}
      {re.progress}
    </Card>
  );
}
