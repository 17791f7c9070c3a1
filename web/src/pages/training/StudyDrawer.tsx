import { PlayCircleOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { TAKEAWAY_MIN } from '@crm/core/contract/training';
import { Alert, Button, Card, Descriptions, Drawer, Empty, Input, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { useUser } from '../../app/session';
import { CallDetailView } from '../../features/call/CallDetailView';
import { clock } from '../../features/training/AssignModal';
import { KindTag, StatusTag } from './status';

/**
 * One training: for its trainee, the call at its marked moments (the read-only call detail: player, transcript,
 * AI analysis), then 标记已学 with the 心得; opening it starts the study (学习中). Managers see the same, read-only,
 * with the transfer history.
 */
export function StudyDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const me = useUser();
  const q = useCallQuery(contract.training.getCallTrainLog, { id });
  const d = q.data;
  const mine = !!d && d.userId === me?.userId;
  const invalidate = [contract.training.getCallTrainLog, contract.training.callTrainPage, contract.training.completion];
  const start = useCallMutation(contract.training.rpcOperateCallTrainLog, { invalidate });
  const finish = useCallMutation(contract.training.rpcOperateCallTrainLog, { success: '已标记为已学', invalidate });
  const [takeaway, setTakeaway] = useState('');
  const [moment, setMoment] = useState(0);
  const started = useRef(false);
  // every answer carries a fresh ticket: the call's detail keeps the first, so that a refetch does not reload it
  const ticket = useRef<string | null>(null);
  ticket.current ??= d?.maskId ?? null;
  useEffect(() => {
    if (d && mine && !d.startedAt && !started.current) {
      started.current = true;
      start.mutate({ id: d.id, operate: 1 });
    }
    if (d?.takeaway && !takeaway) setTakeaway(d.takeaway);
  }, [d, mine, start, takeaway]);
  const at = d?.moments[moment];
  const enough = takeaway.trim().length >= TAKEAWAY_MIN;
  return (
    <Drawer open size={1100} title={d?.title ?? '培训'} onClose={onClose} destroyOnHidden>
      {!d ? (
        <Spin spinning={q.isLoading}>
          <Empty description="暂无数据" />
        </Spin>
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="study-drawer">
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label="状态">
              <StatusTag status={d.status} name={d.statusName} />
            </Descriptions.Item>
            <Descriptions.Item label="截止时间">{d.deadline}</Descriptions.Item>
            <Descriptions.Item label="学习人">{d.userName ?? '-'}</Descriptions.Item>
            {d.source === 1 ? (
              <>
                <Descriptions.Item label="案例">
                  <KindTag kind={d.kind} name={d.kindName} />
                </Descriptions.Item>
                <Descriptions.Item label="意向">{d.intention ?? '-'}</Descriptions.Item>
                <Descriptions.Item label="标签">
                  {d.tags.length ? d.tags.map((t) => <Tag key={t}>{t}</Tag>) : '-'}
                </Descriptions.Item>
                <Descriptions.Item label="SOP 环节" span={3}>
                  {d.sopItems.length ? d.sopItems.join('、') : '-'}
                </Descriptions.Item>
                <Descriptions.Item label="客户异议" span={3}>
                  {d.objections.length ? d.objections.join('；') : '-'}
                </Descriptions.Item>
              </>
            ) : (
              <Descriptions.Item label="陪练剧本" span={3}>
                {d.scriptName}（剧本 ID {d.scriptId}）：请到 AI 陪练中完成这个剧本的练习后标记已学
              </Descriptions.Item>
            )}
            <Descriptions.Item label="说明" span={3}>
              {d.note || '-'}
            </Descriptions.Item>
          </Descriptions>
          {d.source === 1 && d.moments.length > 0 && (
            <Card size="small" title="重点时刻">
              <Space wrap>
                {d.moments.map((m, i) => (
                  <Button
                    key={`${m.startMs}-${m.segment}-${m.note}`}
                    type={i === moment ? 'primary' : 'default'}
                    icon={<PlayCircleOutlined />}
                    onClick={() => setMoment(i)}
                    data-testid="train-moment"
                  >
                    {m.startMs !== undefined ? clock(m.startMs) : `第 ${(m.segment ?? 0) + 1} 句`}
                    {m.note ? ` ${m.note}` : ''}
                  </Button>
                ))}
              </Space>
            </Card>
          )}
          {d.source === 1 &&
            (ticket.current ? (
              <CallDetailView
                key={moment}
                maskId={ticket.current}
                actions={false}
                at={at ? { segment: at.segment ?? -1, startMs: at.startMs ?? 0 } : undefined}
              />
            ) : (
              <Alert type="warning" showIcon title="这通通话的录音已删除" />
            ))}
          <Card size="small" title="学习心得">
            {mine ? (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Input.TextArea
                  rows={4}
                  maxLength={2000}
                  showCount
                  value={takeaway}
                  onChange={(e) => setTakeaway(e.target.value)}
                  placeholder={`写下从这通电话学到了什么（至少 ${TAKEAWAY_MIN} 个字）`}
                  data-testid="train-takeaway"
                />
                <Button
                  type="primary"
                  disabled={!enough}
                  loading={finish.isPending}
                  onClick={() => finish.mutate({ id: d.id, operate: 2, takeaway })}
                  data-testid="train-finish"
                >
                  {d.status === 3 ? '更新心得' : '标记已学'}
                </Button>
              </Space>
            ) : (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {d.takeaway || '暂无数据'}
              </Typography.Paragraph>
            )}
          </Card>
          {d.transfers.length > 0 && (
            <Card size="small" title="转交记录">
              <Timeline
                items={d.transfers.map((t) => ({
                  content: `${t.createdAt} ${t.operatorName ?? ''} 将培训从 ${t.fromUserName ?? '-'} 转交给 ${t.toUserName ?? '-'}${t.reason ? `（${t.reason}）` : ''}`,
                }))}
              />
            </Card>
          )}
        </Space>
      )}
    </Drawer>
  );
}
