import { contract } from '@crm/core/contract';
import type { Suggestion } from '@crm/core/contract/assistant';
import { Button, Card, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { useCallMutation } from '../../api/hooks';
import { showSuccess } from '../../app/ui';
import { LinkButton } from '../../components/LinkButton';
import { citeHref, openCall } from '../../features/insight/cite';

type Item = z.infer<typeof Suggestion>;
const SOURCE_COLOR = { llm: 'purple', call: 'green', script: 'blue', rule: 'default' } as const;

/** The suggestions of one answer: text, where it came from, copy, 有用 / 没用. */
export function SuggestionList({ items: given }: { items: Item[] }) {
  const invalidate = [contract.assistant.history];
  // what was rated or copied here shows at once (the list of 话术记录 refetches)
  const [local, setLocal] = useState<Record<number, Partial<Item>>>({});
  const change = (id: number, patch: Partial<Item>) => setLocal((l) => ({ ...l, [id]: { ...l[id], ...patch } }));
  const rate = useCallMutation(contract.assistant.rate, {
    invalidate,
    success: '已评价',
    onSuccess: (a) => change(a.id, { rating: a.rating }),
  });
  const copied = useCallMutation(contract.assistant.copy, {
    invalidate,
    onSuccess: (a) => change(a.id, { copies: a.copies }),
  });
  const items = given.map((s) => ({ ...s, ...local[s.id] }));
  if (!items.length) return <Empty description="暂无数据" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const copy = async (s: Item) => {
    await navigator.clipboard?.writeText(s.text).catch(() => {});
    showSuccess('已复制');
    copied.mutate({ id: s.id });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="suggestions">
      {items.map((s) => (
        <Card key={s.id} size="small" data-testid="suggestion">
          <Typography.Paragraph style={{ fontSize: 15, marginBottom: 6 }} data-testid="suggestion-text">
            {s.text}
          </Typography.Paragraph>
          {s.customerSaid && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 6 }}>
              客户当时说：{s.customerSaid}
            </Typography.Paragraph>
          )}
          <Space wrap size={4} style={{ width: '100%', justifyContent: 'space-between' }}>
            <Space wrap size={4}>
              <Tag color={SOURCE_COLOR[s.source]}>{s.sourceName}</Tag>
              <Typography.Text type="secondary" data-testid="suggestion-origin">
                {s.origin}
              </Typography.Text>
              {s.recordingId && (
                <LinkButton
                  onClick={() => openCall(citeHref({ recordingId: s.recordingId!, segment: -1, startMs: 0 }))}
                >
                  查看通话
                </LinkButton>
              )}
            </Space>
            <Space size={4}>
              <Tooltip title={s.copies ? `已复制 ${s.copies} 次` : undefined}>
                <Button size="small" onClick={() => copy(s)}>
                  复制
                </Button>
              </Tooltip>
              <Button
                size="small"
                type={s.rating === 1 ? 'primary' : 'default'}
                data-testid="rate-useful"
                loading={rate.isPending && rate.variables?.id === s.id && rate.variables.rating === 1}
                onClick={() => rate.mutate({ id: s.id, rating: 1 })}
              >
                有用
              </Button>
              <Button
                size="small"
                danger={s.rating === 2}
                type={s.rating === 2 ? 'primary' : 'default'}
                data-testid="rate-useless"
                onClick={() => rate.mutate({ id: s.id, rating: 2 })}
              >
                没用
              </Button>
            </Space>
          </Space>
        </Card>
      ))}
    </Space>
  );
}
