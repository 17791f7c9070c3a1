import type { WorkRow } from '@crm/core/contract/stats';
import { Card, Col, Row, Statistic } from 'antd';
import { formatValue, type ValueKind } from '../../components/charts';

const CARDS: { key: keyof WorkRow; title: string; kind: ValueKind }[] = [
  { key: 'calls', title: '外呼数', kind: 'count' },
  { key: 'answered', title: '接通数', kind: 'count' },
  { key: 'answerRate', title: '接通率', kind: 'percent' },
  { key: 'talkSeconds', title: '通话总时长', kind: 'duration' },
  { key: 'avgTalkSeconds', title: '平均通话时长', kind: 'duration' },
  { key: 'uploads', title: '上传录音数', kind: 'count' },
];

/** The sum of a work table as headline figures. */
export function SummaryCards({ sum, extra = [] }: { sum: WorkRow | undefined; extra?: typeof CARDS }) {
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
      {[...CARDS, ...extra].map((c) => (
        <Col key={c.key} xs={12} sm={8} md={6} lg={4}>
          <Card size="small">
            <Statistic
              title={c.title}
              loading={!sum}
              value={sum ? formatValue(sum[c.key] as number, c.kind) : '-'}
              valueStyle={{ fontSize: 22 }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
