import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { Alert, Empty, Progress, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useCallQuery } from '../../api/hooks';
import { EvidenceList } from '../analysis/EvidenceList';
import type { Evidence, OnEvidence } from '../analysis/evidence';
import { coveragePercent, itemEvidence, type SopItemCoverage } from './sop';

type RuleCoverage = NonNullable<ReturnType<typeof useCoverage>['data']>['rules'][number];

const useCoverage = (recordingId: number) =>
  useCallQuery(contract.sop.getSopItemInfoInQuality, { recordingId }, { silent: true });

function ItemLine({
  item,
  onEvidence,
  opened,
}: {
  item: SopItemCoverage;
  onEvidence?: OnEvidence;
  opened?: Evidence | null;
}) {
  const ev = itemEvidence(item);
  return (
    <div data-testid="sop-coverage-item" data-name={item.name} data-hit={item.hit ? 'true' : 'false'}>
      <Space size={6}>
        {item.hit ? (
          <CheckCircleFilled style={{ color: '#52c41a' }} aria-label="已覆盖" />
        ) : (
          <CloseCircleFilled style={{ color: '#ff4d4f' }} aria-label="未覆盖" />
        )}
        <Typography.Text strong={item.hit}>{item.name}</Typography.Text>
        {item.hit ? (
          item.howName && (
            <Tag style={{ marginInlineEnd: 0 }}>
              {item.howName}
              {item.how === 'example' ? ` ${Math.round(item.score * 100)}%` : ''}
            </Tag>
          )
        ) : (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            未覆盖
          </Typography.Text>
        )}
      </Space>
      {ev && (
        <div style={{ paddingLeft: 20 }}>
          <EvidenceList items={[ev]} onOpen={onEvidence} opened={opened} max={1} />
        </div>
      )}
    </div>
  );
}

function RuleBlock({
  rule,
  onEvidence,
  opened,
}: {
  rule: RuleCoverage;
  onEvidence?: OnEvidence;
  opened?: Evidence | null;
}) {
  const items = [...rule.items].sort((a, b) => a.sort - b.sort);
  return (
    <div
      data-testid="sop-coverage-rule"
      data-name={rule.ruleName}
      style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }}
    >
      <Space size={8} wrap style={{ marginBottom: 4 }}>
        <Typography.Text strong>{rule.ruleName}</Typography.Text>
        <Tooltip title={`覆盖 ${rule.hitCount} / ${rule.hitCount + rule.missedCount} 个环节`}>
          <Space size={4}>
            <Progress
              type="circle"
              size={22}
              percent={Math.round(rule.coverage * 100)}
              showInfo={false}
              strokeColor={rule.coverage >= 0.8 ? '#52c41a' : rule.coverage >= 0.5 ? '#faad14' : '#ff4d4f'}
            />
            <span data-testid="sop-coverage-percent">覆盖率 {coveragePercent(rule.coverage)}</span>
          </Space>
        </Tooltip>
        {rule.hitCount > 1 &&
          (rule.inOrder ? (
            <Tag color="success">按顺序</Tag>
          ) : (
            <Tooltip title={`实际顺序：${rule.orderNames.join(' → ')}`}>
              <Tag color="warning">顺序有偏差</Tag>
            </Tooltip>
          ))}
      </Space>
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        {items.map((item) => (
          <ItemLine key={item.itemId} item={item} onEvidence={onEvidence} opened={opened} />
        ))}
      </Space>
    </div>
  );
}

/**
 * The SOP coverage of a call (in its AI panel): per rule that applied to it, the share of items covered and whether
 * they came in order, then the items in script order, each ✓ with the sentence that covered it (opened in the
 * transcript on click) or ✗ 未覆盖. `analysedAt` changing (a new analysis) reads it again.
 */
export function SopCoverage({
  recordingId,
  analysedAt,
  onEvidence,
  opened,
}: {
  recordingId: number;
  analysedAt: string | null;
  onEvidence?: OnEvidence;
  opened?: Evidence | null;
}) {
  const q = useCoverage(recordingId);
  const { refetch } = q;
  const seen = useRef(analysedAt);
  useEffect(() => {
    if (seen.current === analysedAt) return;
    seen.current = analysedAt;
    void refetch();
  }, [analysedAt, refetch]);
  if (q.isLoading) return <Spin style={{ display: 'block', padding: 16 }} />;
  if (q.error) return <Alert type="error" showIcon title={`SOP 检测结果加载失败：${(q.error as Error).message}`} />;
  const rules = q.data?.rules ?? [];
  if (!rules.length)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={analysedAt ? '没有适用于此通话的SOP规则' : '通话分析完成后显示SOP覆盖情况'}
      />
    );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={8} data-testid="sop-coverage">
      {rules.map((r) => (
        <RuleBlock key={r.ruleId} rule={r} onEvidence={onEvidence} opened={opened} />
      ))}
    </Space>
  );
}
