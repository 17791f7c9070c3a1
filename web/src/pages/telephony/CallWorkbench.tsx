import { PhoneOutlined } from '@ant-design/icons';
import { durationHms } from '@crm/core';
import { contract } from '@crm/core/contract';
import { Alert, Button, Card, Descriptions, Drawer, Empty, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { openCustomerDetail } from '../../app/detail';
import { ui } from '../../app/ui';
import { STATUS_COLOR, useLiveCall } from './useCallStatus';

type Task = { id: number; name: string };

/**
 * Working a task lead by lead: the next lead with its history and profile, one click to call (the number is dialled
 * by the server), the call's status live, the follow-up after hang-up with the ending script, then the next lead
 * (by itself after the seat's 自动下一个 seconds).
 */
export function CallWorkbench({ task, onClose }: { task: Task; onClose: () => void }) {
  const t = contract.telephony;
  const next = useCallQuery(t.nextLead, { taskId: task.id });
  const settings = useCallQuery(t.callSet, undefined);
  const ending = useCallQuery(contract.orgSettings.callEndingScript, undefined);
  const jump = useCallQuery(contract.orgSettings.getCallJumpClue, undefined);
  const [callId, setCallId] = useState<string | null>(null);
  const [followed, setFollowed] = useState(false);
  const [countdown, setCountdown] = useState<number | null>(null);
  const [form] = Form.useForm<{ content: string }>();
  const call = useLiveCall(callId);
  const lead = next.data?.lead ?? null;

  const reset = () => {
    setCallId(null);
    setFollowed(false);
    setCountdown(null);
    form.resetFields();
  };
  const goNext = () => {
    reset();
    void next.refetch();
  };
  const skip = useCallMutation(t.skipLead, { onSuccess: goNext });
  const dial = useCallMutation(t.callOut, { onSuccess: (c) => setCallId(c.callId) });
  const hangup = useCallMutation(t.callHangup);
  const precheck = useCallMutation(t.numberByClue, {
    onSuccess: async (check, input) => {
      if (!check.allowed) {
        ui.message.error(check.reason ?? '该号码不能拨打');
        return;
      }
      const confirmRisk = Boolean(check.warning);
      const notes = [check.warning, check.beforeCallTip].filter(Boolean) as string[];
      if (notes.length) {
        const go = await ui.modal.confirm({
          title: check.warning ? '风险提示' : '拨打前提示',
          content: notes.join('\n'),
          okText: '继续拨打',
          cancelText: '取消',
        });
        if (!go) return;
      }
      dial.mutate({ clueId: input.clueId, taskId: task.id, confirmRisk });
    },
  });
  const follow = useCallMutation(t.callFollow, {
    success: '跟进已保存',
    onSuccess: () => {
      setFollowed(true);
      if (jump.data?.status === 1 && call?.clueId) {
        openCustomerDetail({ clueId: call.clueId });
        return;
      }
      const seconds = settings.data?.autoNextSeconds ?? 0;
      if (seconds > 0) setCountdown(seconds);
    },
  });

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

  const ended = Boolean(call?.ended);
  const calling = Boolean(callId) && !ended;
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
                loading={precheck.isPending || dial.isPending}
                onClick={() => precheck.mutate({ clueId: lead.clueId, taskId: task.id })}
              >
                {callId ? '重拨' : '拨打'}
              </Button>
              {calling && callId && (
                <Button
                  danger
                  loading={hangup.isPending}
                  onClick={() => hangup.mutate({ callId })}
                  data-testid="hangup"
                >
                  挂断
                </Button>
              )}
              <Button onClick={() => skip.mutate({ id: lead.id })} disabled={calling} data-testid="skip-lead">
                跳过
              </Button>
              <Button onClick={() => openCustomerDetail({ clueId: lead.clueId })}>客户详情</Button>
              {call && (
                <Tag color={STATUS_COLOR[call.status]} data-testid="call-status">
                  {call.statusName}
                  {call.ended && call.endReasonName && call.status !== 2 ? `（${call.endReasonName}）` : ''}
                  {call.ended && call.status === 2 ? ` ${durationHms(call.billableSeconds)}` : ''}
                </Tag>
              )}
            </Space>
            {call?.error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={call.error} />}
          </Card>

          {ended && call && !followed && (
            <Card size="small" title="通话后跟进" data-testid="follow-card">
              {ending.data?.content && (
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 12 }}
                  title="结束语话术"
                  description={ending.data.content}
                />
              )}
              <Form
                form={form}
                layout="vertical"
                onFinish={(v) => follow.mutate({ callId: call.callId, content: v.content })}
              >
                <Form.Item
                  name="content"
                  label="跟进内容"
                  rules={[{ required: true, whitespace: true, message: '请输入跟进内容' }]}
                >
                  <Input.TextArea rows={3} maxLength={2000} showCount data-testid="follow-content" />
                </Form.Item>
                <Space>
                  <Button type="primary" htmlType="submit" loading={follow.isPending} data-testid="follow-save">
                    保存跟进
                  </Button>
                  <Typography.Text type="secondary">
                    通话记录：{call.createdAt} · {call.statusName}
                    {call.status === 2 ? ` · 通话 ${durationHms(call.billableSeconds)}` : ''}
                  </Typography.Text>
                </Space>
              </Form>
            </Card>
          )}
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
