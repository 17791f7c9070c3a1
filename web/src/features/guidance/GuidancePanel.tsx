import type { GuidanceCard } from '@crm/core/contract/guidance';
import { Button, Card, Empty, Space, Tag, Typography } from 'antd';
import type { Line } from './useGuidance';

const KIND_COLOR = { answer: 'processing', sop: 'gold', warning: 'error' } as const;
const SOURCE_NAME = { knowledge: '知识库', call: '优秀通话', sop: 'SOP', rule: '规则' } as const;

/** The live transcript: finished sentences, and each speaker's partial text until its sentence replaces it. */
export function Transcript({ lines }: { lines: Line[] }) {
  if (!lines.length) return <Empty description="暂无数据" />;
  return (
    <div data-testid="guidance-transcript" style={{ maxHeight: 420, overflowY: 'auto' }}>
      {lines.map((l) => (
        <div key={l.key} style={{ margin: '6px 0', opacity: l.partial ? 0.55 : 1 }}>
          <Tag color={l.speaker === 'agent' ? 'blue' : 'green'}>{l.speaker === 'agent' ? '坐席' : '客户'}</Tag>
          {l.text}
        </div>
      ))}
    </div>
  );
}

/** The cards of a session, newest first; live ones can be marked used or dismissed. */
export function GuidanceCards({
  cards,
  onMark,
}: {
  cards: GuidanceCard[];
  onMark?: (cardId: number, state: 1 | 2) => void;
}) {
  if (!cards.length) return <Empty description="暂无数据" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="guidance-cards">
      {cards.map((c) => (
        <Card
          key={c.id}
          size="small"
          data-testid={`guidance-card-${c.kind}`}
          title={
            <span>
              <Tag color={KIND_COLOR[c.kind]}>{c.kindName}</Tag>
              {c.title}
            </span>
          }
          extra={
            c.state === 0 && onMark ? (
              <Space>
                <Button size="small" type="primary" onClick={() => onMark(c.id, 1)}>
                  采用
                </Button>
                <Button size="small" onClick={() => onMark(c.id, 2)}>
                  忽略
                </Button>
              </Space>
            ) : (
              <Tag>{c.stateName}</Tag>
            )
          }
        >
          <Typography.Paragraph style={{ marginBottom: 4 }}>{c.content}</Typography.Paragraph>
          {c.sources.slice(1).map((s, i) => (
            <Typography.Paragraph key={`${s.type}-${s.refId ?? i}`} type="secondary" style={{ marginBottom: 2 }}>
              【{SOURCE_NAME[s.type]}】{s.title}：{s.text}
            </Typography.Paragraph>
          ))}
        </Card>
      ))}
    </Space>
  );
}

/** The SOP's steps, done or still to do. */
export function SopSteps({
  sop,
}: {
  sop: { ruleName: string | null; items: { id: number; name: string; done: boolean }[] };
}) {
  if (!sop.items.length) return <Typography.Text type="secondary">未设置 SOP 规则</Typography.Text>;
  return (
    <div data-testid="guidance-sop">
      <Typography.Text strong>{sop.ruleName}</Typography.Text>
      <div style={{ marginTop: 6 }}>
        {sop.items.map((i) => (
          <Tag key={i.id} color={i.done ? 'success' : 'default'}>
            {i.done ? '✓ ' : ''}
            {i.name}
          </Tag>
        ))}
      </div>
    </div>
  );
}
