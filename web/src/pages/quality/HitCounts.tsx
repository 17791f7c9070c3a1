import type { CallAnswer, contract } from '@crm/core/contract';
import type { HitKind } from '@crm/core/contract/quality';
import { Card, Col, Row, Skeleton, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import { wordCountLabels } from './rules';

type Counts = CallAnswer<typeof contract.quality.callProhibitionCount>;

/** The words listed by count; the rest are in the total. */
const SHOWN_WORDS = 30;

/**
 * The hit counts above the hit list: hits and calls, then per list or rule and per word. A count clicked filters the
 * list by it.
 */
export function HitCounts({
  counts,
  onRule,
  onWord,
}: {
  counts: Counts | undefined;
  onRule: (kind: HitKind, ruleId: number) => void;
  onWord: (word: string) => void;
}) {
  if (!counts) return <Skeleton active paragraph={{ rows: 2 }} />;
  const labels = wordCountLabels(counts.byWord);
  const none = <Typography.Text type="secondary">暂无数据</Typography.Text>;
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="hit-counts">
      <Row gutter={24} align="top">
        <Col flex="none">
          <Space size={32}>
            <Statistic title="命中次数" value={counts.total} data-testid="hit-total" />
            <Statistic title="涉及通话" value={counts.calls} suffix="通" data-testid="hit-calls" />
          </Space>
        </Col>
        <Col flex="auto">
          <div style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary">按词库 / 规则：</Typography.Text>
            {counts.byRule.length
              ? counts.byRule.map((r) => (
                  <Tag.CheckableTag
                    key={`${r.kind}:${r.ruleId}`}
                    checked={false}
                    onChange={() => onRule(r.kind, r.ruleId)}
                    data-testid="count-by-rule"
                    data-name={r.ruleName}
                  >
                    {r.ruleName}
                    <Typography.Text type="secondary">（{r.kindName}）</Typography.Text>{' '}
                    <b data-testid="count">{r.count}</b>
                  </Tag.CheckableTag>
                ))
              : none}
          </div>
          <div>
            <Typography.Text type="secondary">按违禁词：</Typography.Text>
            {counts.byWord.length
              ? counts.byWord.slice(0, SHOWN_WORDS).map((w, i) => (
                  <Tooltip key={`${w.kind}:${w.ruleId}:${w.word}`} title={`${w.ruleName}`}>
                    <Tag.CheckableTag
                      checked={false}
                      onChange={() => onWord(w.word)}
                      data-testid="count-by-word"
                      data-name={w.word}
                    >
                      <span style={{ color: '#cf1322' }}>{labels[i]}</span> <b data-testid="count">{w.count}</b>
                    </Tag.CheckableTag>
                  </Tooltip>
                ))
              : none}
            {counts.byWord.length > SHOWN_WORDS && (
              <Typography.Text type="secondary">等 {counts.byWord.length} 个词</Typography.Text>
            )}
          </div>
        </Col>
      </Row>
    </Card>
  );
}
