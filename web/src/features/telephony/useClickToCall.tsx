import { durationHms } from '@crm/core';
import { type CallAnswer, contract } from '@crm/core/contract';
import { Alert, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { ui } from '../../app/ui';
import { STATUS_COLOR, useLiveCall } from './useCallStatus';

const t = contract.telephony;
type Check = CallAnswer<typeof t.checkNumber>;
/** A lead (from its page, its drawer or a task) or a number typed on the dial pad. */
export type CallTarget = { clueId: number; taskId?: number } | { phone: string };
export type LiveCall = NonNullable<ReturnType<typeof useLiveCall>>;

/**
 * One click to call, wherever it is offered (task workbench, lead page and drawer, dial pad): the checks before
 * dialling (电销卫士, 防撞单, risk numbers confirmed, 拨打前提示), /call/v1/callOut through the server (the real number
 * never reaches the browser), the call's state live, hang-up. A refusal (no seat, no line, another seat calling) is
 * the server's message, shown by the client.
 */
export type ClickToCall = ReturnType<typeof useClickToCall>;

export function useClickToCall() {
  const [callId, setCallId] = useState<string | null>(null);
  const call = useLiveCall(callId);
  const dial = useCallMutation(t.callOut, { onSuccess: (c) => setCallId(c.callId) });
  const hangup = useCallMutation(t.callHangup);
  const leadCheck = useCallMutation(t.numberByClue);
  const numberCheck = useCallMutation(t.checkNumber);

  const start = async (target: CallTarget) => {
    let check: Check;
    try {
      check = 'phone' in target ? await numberCheck.mutateAsync(target) : await leadCheck.mutateAsync(target);
    } catch {
      return; // the client has shown the failure
    }
    if (!check.allowed) {
      ui.message.error(check.reason ?? '该号码不能拨打');
      return;
    }
    const notes = [check.warning, check.beforeCallTip].filter((n): n is string => Boolean(n));
    if (notes.length) {
      const go = await ui.modal.confirm({
        title: check.warning ? '风险提示' : '拨打前提示',
        content: notes.join('\n'),
        okText: '继续拨打',
        cancelText: '取消',
      });
      if (!go) return;
    }
    dial.mutate({ ...target, confirmRisk: Boolean(check.warning) });
  };

  const ended = Boolean(call?.ended);
  return {
    callId,
    call,
    start,
    ended,
    calling: Boolean(callId) && !ended,
    pending: leadCheck.isPending || numberCheck.isPending || dial.isPending,
    hangup: () => callId && hangup.mutate({ callId }),
    hangingUp: hangup.isPending,
    reset: () => setCallId(null),
  };
}

/** The call's state as a tag: 更新中 while it rings, then 已接通 with the talk time or 未接通 with the reason. */
export function CallStatusTag({ call }: { call: LiveCall }) {
  return (
    <Tag color={STATUS_COLOR[call.status]} data-testid="call-status">
      {call.statusName}
      {call.ended && call.endReasonName && call.status !== 2 ? `（${call.endReasonName}）` : ''}
      {call.ended && call.status === 2 ? ` ${durationHms(call.billableSeconds)}` : ''}
    </Tag>
  );
}

/** The follow-up after a call: the organisation's ending script, the content, saved on the lead with the call. */
export function CallFollowCard({ call, onSaved }: { call: LiveCall; onSaved: (call: LiveCall) => void }) {
  const ending = useCallQuery(contract.orgSettings.callEndingScript, undefined);
  const [form] = Form.useForm<{ content: string }>();
  const follow = useCallMutation(t.callFollow, {
    success: '跟进已保存',
    // the lead's interaction log and detail show the follow-up at once
    invalidate: [contract.interaction.list, contract.clue.detail],
    onSuccess: () => onSaved(call),
  });
  return (
    <Card size="small" title="通话后跟进" data-testid="follow-card">
      {ending.data?.content && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title="结束语话术" description={ending.data.content} />
      )}
      <Form form={form} layout="vertical" onFinish={(v) => follow.mutate({ callId: call.callId, content: v.content })}>
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
  );
}

/**
 * A call placed from a lead's page or the dial pad, under way and after: its state, hang-up, a failure, then the
 * follow-up form until it is saved.
 */
export function CallPanel({ dialer, onFollowed }: { dialer: ClickToCall; onFollowed?: (call: LiveCall) => void }) {
  const [followedId, setFollowedId] = useState<string | null>(null);
  const { call } = dialer;
  if (!call) return null;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="call-panel">
      <Space>
        <Typography.Text type="secondary">通话状态</Typography.Text>
        <CallStatusTag call={call} />
        {dialer.calling && (
          <Button danger size="small" loading={dialer.hangingUp} onClick={dialer.hangup} data-testid="hangup">
            挂断
          </Button>
        )}
      </Space>
      {call.error && <Alert type="error" showIcon title={call.error} />}
      {call.ended && followedId !== call.callId && (
        <CallFollowCard
          call={call}
          onSaved={(c) => {
            setFollowedId(c.callId);
            onFollowed?.(c);
          }}
        />
      )}
    </Space>
  );
}
