import { PhoneOutlined } from '@ant-design/icons';
import { durationHms } from '@crm/core';
import { contract } from '@crm/core/contract';
import { Alert, Button, Card, Descriptions, Drawer, Empty, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { type RowOf, useCallMutation, useCallQuery } from '../../api/hooks';
import { openCustomerDetail } from '../../app/detail';
import { CallFollowCard, CallStatusTag, type LiveCall, useClickToCall } from '../../features/telephony/useClickToCall';

type Task = Pick<RowOf<typeof contract.telephony.taskList>, 'id' | 'name'>;

/**
 * Working a task lead by lead: the next lead with its history and profile, one click to call (the number is dialled
 * by the server), the call's status live, the follow-up after hang-up with the ending script, then the next lead
 * (by itself after the seat's 自动下一个 seconds).
 */
export function CallWorkbench({ task, onClose }: { task: Task; onClose: () => void }) {
  const t = contract.telephony;
  const next = useCallQuery(t.nextLead, { taskId: task.id });
  const settings = useCallQuery(t.callSet, undefined);
  const jump = useCallQuery(contract.orgSettings.getCallJumpClue, undefined);
  const dialer = useClickToCall();
  const [followed, setFollowed] = useState(false);
  const [countdown, setCountdown] = useState<number | null>(null);
  const { call, callId, calling, ended } = dialer;
  const lead = next.data?.lead ?? null;

  const goNext = () => {
    dialer.reset();
    setFollowed(false);
    setCountdown(null);
    void next.refetch();
  };
  const skip = useCallMutation(t.skipLead, { onSuccess: goNext });
  const onFollowed = (c: LiveCall) => {
    setFollowed(true);
    if (jump.data?.status === 1 && c.clueId) {
      openCustomerDetail({ clueId: c.clueId });
      return;
    }
    const seconds = settings.data?.autoNextSeconds ?? 0;
    if (seconds > 0) setCountdown(seconds);
  };

  // 自动下一个: counts down after the follow-up, then shows the next lead
  useEffect(() => {
    if (countdown === null) return;
    if (countdown <= 0) {
      goNext();
      return;
    }
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  });

  return (
    <Drawer open size={880} title={`外呼工作台 · ${task.name}`} onClose={onClose} destroyOnHidden>
      {!next.data && next.isLoading && <Typography.Text type="secondary">加载中…</Typography.Text>}
      {next.data && !lead && <Empty description="该任务的客户已全部拨打完毕" />}
      {lead && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card
            size="small"
            title={
              <Space>
                <span data-testid="lead-name">{lead.name}</span>
                <Typography.Text type="secondary" data-testid="lead-phone">
                  {lead.phone}
                </Typography.Text>
              </Space>
            }
            extra={<Typography.Text type="secondary">剩余 {next.data?.remaining ?? 0} 个客户</Typography.Text>}
          >
            <Descriptions size="small" column={3}>
              <Descriptions.Item label="公司">{lead.company || '-'}</Descriptions.Item>
              <Descriptions.Item label="拨打次数">{lead.attempts}</Descriptions.Item>
              <Descriptions.Item label="上次拨打">{lead.lastCallAt || '-'}</Descriptions.Item>
              {next.data?.profile && (
                <>
                  <Descriptions.Item label="客户阶段">{next.data.profile.stageName || '-'}</Descriptions.Item>
                  <Descriptions.Item label="跟进状态">{next.data.profile.followStatusName || '-'}</Descriptions.Item>
                  <Descriptions.Item label="标签">{next.data.profile.tagNames.join('、') || '-'}</Descriptions.Item>
                  <Descriptions.Item label="备注" span={3}>
                    {next.data.profile.remark || '-'}
                  </Descriptions.Item>
                </>
              )}
            </Descriptions>
            <Space style={{ marginTop: 12 }}>
              <Button
                type="primary"
                icon={<PhoneOutlined />}
                data-testid="call-button"
                disabled={calling || (ended && !followed)}
                loading={dialer.pending}
                onClick={() => dialer.start({ clueId: lead.clueId, taskId: task.id })}
              >
                {callId ? '重拨' : '拨打'}
              </Button>
              {calling && callId && (
                <Button danger loading={dialer.hangingUp} onClick={dialer.hangup} data-testid="hangup">
                  挂断
                </Button>
              )}
              <Button onClick={() => skip.mutate({ id: lead.id })} disabled={calling} data-testid="skip-lead">
                跳过
              </Button>
              <Button onClick={() => openCustomerDetail({ clueId: lead.clueId })}>客户详情</Button>
              {call && <CallStatusTag call={call} />}
            </Space>
            {call?.error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={call.error} />}
          </Card>

          {ended && call && !followed && <CallFollowCard call={call} onSaved={onFollowed} />}
          {followed && (
            <Space>
              <Button type="primary" onClick={goNext} data-testid="next-lead">
                下一个
              </Button>
              {countdown !== null && <Typography.Text type="secondary">{countdown} 秒后自动下一个</Typography.Text>}
            </Space>
          )}

          <Card size="small" title="通话历史">
            <Table
              rowKey="callId"
              size="small"
              pagination={false}
              dataSource={next.data?.history ?? []}
              columns={[
                { title: '时间', dataIndex: 'createdAt', width: 170 },
                { title: '坐席', dataIndex: 'userName', width: 100 },
                {
                  title: '状态',
                  dataIndex: 'statusName',
                  width: 120,
                  render: (v, r) => `${v}${r.endReasonName && r.status !== 2 ? `（${r.endReasonName}）` : ''}`,
                },
                { title: '通话时长', dataIndex: 'billableSeconds', width: 100, render: (v) => durationHms(v) },
                {
                  title: '录音',
                  dataIndex: 'recordingId',
                  render: (v) =>
                    v ? (
                      <a href={`/callDetail?id=${v}`} target="_blank" rel="noreferrer">
                        听录音
                      </a>
                    ) : (
                      '-'
                    ),
                },
              ]}
            />
          </Card>
        </Space>
      )}
    </Drawer>
  );
}
