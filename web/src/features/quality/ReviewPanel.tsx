import { contract } from '@crm/core/contract';
import { Alert, Button, Descriptions, Empty, List, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useCallQuery } from '../../api/hooks';
import { useHasSign, useUser } from '../../app/session';
import { AppealModal, DecisionModal, ReviewModal } from './AppealModal';
import { currentReviewOf, deductionText, qualityActions, SELF_REVIEW_REASON } from './check';

const q = contract.qualityCheck;
const r = contract.qualityReview;

/**
 * The call's machine score under the active scorecard. No call reads one call's score, so the owner's calls (the
 * second level of the quality list) are searched for it: the newest 100 of that seat.
 */
function useMachineScore(recordingId: number, ownerUserId: number | null, enabled: boolean) {
  const page = useCallQuery(
    q.callCheckPageSecond,
    { ownerUserId: ownerUserId ?? 0, pageNum: 1, pageSize: 100 },
    { enabled: enabled && !!ownerUserId, silent: true },
  );
  return { row: page.data?.lists.find((c) => c.recordingId === recordingId) ?? null, loading: page.isLoading };
}

function MachineScore({ recordingId, ownerUserId }: { recordingId: number; ownerUserId: number | null }) {
  const { row, loading } = useMachineScore(recordingId, ownerUserId, true);
  if (loading) return <Typography.Text type="secondary">机器评分加载中…</Typography.Text>;
  if (!row) return <Typography.Text type="secondary">暂无机器评分</Typography.Text>;
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }} data-testid="machine-score">
      <Space>
        <Typography.Text>机器评分</Typography.Text>
        <Typography.Text strong style={{ fontSize: 20 }} data-testid="machine-score-value">
          {row.score}
        </Typography.Text>
        <Tag color={row.passed ? 'green' : 'red'}>{row.passedName}</Tag>
        {row.fatal && <Tag color="magenta">致命项</Tag>}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.scorecardName ?? ''} · 合格线 {row.passLine} 分
        </Typography.Text>
      </Space>
      {row.deductions.length ? (
        <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="deductions">
          {row.deductions.map((d) => (
            <li key={`${d.item}-${d.reason}`}>
              <Typography.Text type={d.fatal ? 'danger' : undefined}>{deductionText(d)}</Typography.Text>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">无扣分项</Typography.Text>
      )}
    </Space>
  );
}

/**
 * 质检 of the AI panel: the machine score with its deductions (readers of quality), the reviewed score and comment,
 * 复核 (quality:edit), 申诉 (the call's owner), 处理申诉 (quality:edit, while an appeal is open), and the history.
 * On one's own call 复核 and 处理申诉 are shown disabled: nobody reviews their own call.
 */
export function ReviewPanel({ recordingId, ownerUserId }: { recordingId: number; ownerUserId: number | null }) {
  const canEdit = useHasSign('quality:edit');
  const seesScores = useHasSign('quality:view') || canEdit;
  const user = useUser();
  const history = useCallQuery(r.history, { recordingId }, { silent: true });
  const appeals = useCallQuery(r.appealList, { recordingId, status: 1, pageNum: 1, pageSize: 10 }, { silent: true });
  const [open, setOpen] = useState<'review' | 'appeal' | 'decide' | null>(null);
  const review = currentReviewOf(history.data);
  const pending = appeals.data?.lists[0] ?? null;
  const may = qualityActions({
    canEdit,
    userId: user?.userId ?? null,
    ownerUserId,
    reviewed: !!review,
    pendingAppealId: pending?.id ?? null,
  });
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="quality-section">
      {seesScores && <MachineScore recordingId={recordingId} ownerUserId={ownerUserId} />}
      <Descriptions size="small" column={1} bordered styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="复核分数">
          <span data-testid="review-score">{review ? `${review.scoreAfter} 分` : '未复核'}</span>
        </Descriptions.Item>
        {review && (
          <Descriptions.Item label={review.event === 'accept' ? '改判意见' : '复核评语'}>
            <span data-testid="review-comment">{review.comment || '-'}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 8 }}>
              {review.userName ?? ''} {review.createdAt ?? ''}
            </Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      {pending && (
        <Alert
          type="warning"
          showIcon
          data-testid="pending-appeal"
          title={`${pending.ownerName ?? '坐席'}申诉中（原分 ${pending.originalScore} 分）`}
          description={`申诉理由：${pending.reason}`}
        />
      )}
      {(may.review || may.appeal || may.decide || may.selfReview) && (
        <Space wrap>
          {may.selfReview && (
            <Tooltip title={SELF_REVIEW_REASON}>
              <Button size="small" disabled data-testid="self-review-disabled">
                {pending ? '处理申诉' : '复核'}
              </Button>
            </Tooltip>
          )}
          {may.review && (
            <Button size="small" type="primary" onClick={() => setOpen('review')} data-testid="open-review">
              复核
            </Button>
          )}
          {may.appeal && (
            <Button size="small" onClick={() => setOpen('appeal')} data-testid="open-appeal">
              申诉
            </Button>
          )}
          {may.decide && (
            <Button size="small" type="primary" onClick={() => setOpen('decide')} data-testid="open-decide">
              处理申诉
            </Button>
          )}
        </Space>
      )}
      <div>
        <Typography.Text strong>质检历史</Typography.Text>
        {history.data?.length ? (
          <List
            size="small"
            data-testid="quality-history"
            dataSource={history.data}
            renderItem={(h) => (
              <List.Item data-testid="history-row" data-event={h.event}>
                <Space orientation="vertical" size={0}>
                  <Space size={6}>
                    <Tag>{h.eventName}</Tag>
                    {h.scoreAfter !== null && (
                      <Typography.Text>
                        {h.scoreBefore !== null && h.scoreBefore !== h.scoreAfter ? `${h.scoreBefore} → ` : ''}
                        {h.scoreAfter} 分
                      </Typography.Text>
                    )}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {h.userName ?? ''} {h.createdAt ?? ''}
                    </Typography.Text>
                  </Space>
                  {h.comment && <Typography.Text type="secondary">{h.comment}</Typography.Text>}
                </Space>
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无质检记录" />
        )}
      </div>
      {open === 'review' && (
        <ReviewModal
          recordingId={recordingId}
          initial={review ? { score: review.scoreAfter, comment: review.comment } : undefined}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'appeal' && <AppealModal recordingId={recordingId} onClose={() => setOpen(null)} />}
      {open === 'decide' && pending && <DecisionModal appealId={pending.id} onClose={() => setOpen(null)} />}
    </Space>
  );
}
