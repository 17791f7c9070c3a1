import { type CallAnswer, contract } from '@crm/core/contract';
import { Alert, Button, Checkbox, InputNumber, Space, Spin, Switch, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';

const c = contract.aiSetting;
type Row = CallAnswer<typeof c.getMsgPush>['items'][number];

/** 消息推送: which AI message goes out, to the call's owner and/or the owner's manager, and at what threshold. */
export function MsgPushTab() {
  const q = useCallQuery(c.getMsgPush, undefined);
  const [items, setItems] = useState<Row[] | null>(null);
  useEffect(() => {
    if (q.data) setItems(q.data.items.map((i) => ({ ...i })));
  }, [q.data]);
  const save = useCallMutation(c.saveMsgPush, { success: '保存成功', invalidate: [c.getMsgPush] });
  if (!items) return <Spin />;
  const patch = (i: number, p: Partial<Row>) => setItems(items.map((r, k) => (k === i ? { ...r, ...p } : r)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon title="通话分析完成后，符合条件的结果以 AI 消息推送（右上角消息 › AI 消息）。" />
      <Table<Row>
        rowKey="msgType"
        size="middle"
        pagination={false}
        dataSource={items}
        columns={[
          { title: '消息类型', dataIndex: 'name', width: 150 },
          {
            title: '推送',
            dataIndex: 'enabled',
            width: 80,
            render: (v: boolean, _r, i) => (
              <Switch
                size="small"
                checked={v}
                onChange={(on) => patch(i, { enabled: on })}
                data-testid="push-enabled"
              />
            ),
          },
          {
            title: '接收人',
            key: 'to',
            width: 220,
            render: (_, r, i) => (
              <Space>
                <Checkbox
                  checked={r.toOwner}
                  disabled={!r.enabled}
                  onChange={(e) => patch(i, { toOwner: e.target.checked })}
                >
                  负责人
                </Checkbox>
                <Checkbox
                  checked={r.toManager}
                  disabled={!r.enabled}
                  onChange={(e) => patch(i, { toManager: e.target.checked })}
                >
                  主管
                </Checkbox>
              </Space>
            ),
          },
          {
            title: '阈值',
            key: 'threshold',
            render: (_, r, i) =>
              r.thresholdName ? (
                <Space>
                  <Typography.Text type="secondary">{r.thresholdName}</Typography.Text>
                  <InputNumber
                    min={0}
                    max={100}
                    precision={0}
                    disabled={!r.enabled}
                    value={r.threshold}
                    onChange={(v) => patch(i, { threshold: v })}
                  />
                </Space>
              ) : (
                '-'
              ),
          },
        ]}
      />
      <Button
        type="primary"
        loading={save.isPending}
        onClick={() =>
          save.mutate({
            items: items.map(({ msgType, enabled, toOwner, toManager, threshold, thresholdName }) => ({
              msgType,
              enabled,
              toOwner,
              toManager,
              ...(thresholdName ? { threshold } : {}),
            })),
          })
        }
      >
        保存推送设置
      </Button>
    </Space>
  );
}
