import type { AnalysisHistoryItem, DecidedLabel } from '@crm/core/contract/analysis';
import { Alert, Space, Tag, Tooltip, Typography } from 'antd';
import { EvidenceList } from './EvidenceList';
import type { Evidence, OnEvidence } from './evidence';

/** The colour of each deciding layer. */
const LAYER_COLOR: Record<DecidedLabel['layer'], string> = {
  rule: 'blue',
  model: 'purple',
  orgModel: 'magenta',
  llm: 'cyan',
  default: 'default',
  manual: 'gold',
};

/**
 * 判定依据: every decided label of the call with the layer that decided it (规则 / 模型 / 本机构模型 / 大模型 /
 * 人工修正), its score and 待确认 where pending, and its evidence (click: the transcript line and the audio there).
 */
export function Decisions({
  decisions,
  learnedFrom,
  speakersSwapped,
  onEvidence,
  opened,
}: {
  decisions: DecidedLabel[];
  learnedFrom: number;
  speakersSwapped: boolean;
  onEvidence?: OnEvidence;
  opened?: Evidence | null;
}) {
  return (
    <div data-testid="ai-decisions" style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Space size={6} wrap style={{ marginBottom: 4 }}>
        <Typography.Text strong>判定依据</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="org-model-learned">
          {learnedFrom > 0 ? `本机构模型已从 ${learnedFrom} 条修正中学习` : '使用基础模型（本机构暂无修正）'}
        </Typography.Text>
      </Space>
      {speakersSwapped && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 6 }}
          data-testid="speakers-swapped"
          title="转写中的说话人标注是反的（客户被标为销售），已按内容纠正后分析"
        />
      )}
      {decisions.length === 0 ? (
        <Typography.Text type="secondary">暂无数据</Typography.Text>
      ) : (
        decisions.map((d) => (
          <div key={d.key} data-testid="decision" data-key={d.key} style={{ marginBottom: 6 }}>
            <Space size={4} wrap>
              <Typography.Text type="secondary">{d.name}：</Typography.Text>
              <Typography.Text>{d.value}</Typography.Text>
              <Tag color={LAYER_COLOR[d.layer]} data-testid="decision-layer">
                {d.layerName}
              </Tag>
              {d.score !== null && (
                <Tooltip title="判定分数（0-1）">
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    分数 {d.score.toFixed(2)}
                  </Typography.Text>
                </Tooltip>
              )}
              {d.pending && (
                <Tooltip title="分数介于两个阈值之间，需人工确认；不发送 AI 消息">
                  <Tag color="orange" data-testid="decision-pending">
                    待确认
                  </Tag>
                </Tooltip>
              )}
            </Space>
            <EvidenceList items={d.evidence} onOpen={onEvidence} opened={opened} max={2} />
          </div>
        ))
      )}
    </div>
  );
}

const HISTORY_KIND: Record<string, string> = { quote_rejected: '引用被驳回' };

/** The label a rejected quote was given for, in words. */
function labelName(key: string): string {
  const [kind, rest] = [key.split(':')[0], key.split(':').slice(1).join(':')];
  const names: Record<string, string> = {
    intention: '意向',
    tag: '通话标签',
    aiLabel: 'AI 标签',
    complaint: '潜在投诉',
    nextStep: '下一步',
    churnReason: '流失原因',
    field: 'AI 字段',
  };
  if (kind === 'violation') return `违规「${rest}」`;
  return `${names[kind] ?? kind}${rest && kind !== 'tag' && kind !== 'aiLabel' ? `「${rest}」` : ''}`;
}

/** 分析记录: what happened on the way (a quote of the LLM's not found in the call, rejected), newest first. */
export function AnalysisHistory({ items }: { items: AnalysisHistoryItem[] }) {
  if (!items.length) return null;
  return (
    <div data-testid="ai-history" style={{ padding: '8px 0' }}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
        分析记录
      </Typography.Text>
      {items.map((h) => (
        <div
          key={`${h.at}-${h.label}-${h.quote}-${h.text}`}
          data-testid="history-item"
          style={{ fontSize: 12, marginBottom: 4 }}
        >
          <Space size={4} wrap>
            <Tag color="red">{HISTORY_KIND[h.kind] ?? h.kind}</Tag>
            <Typography.Text type="secondary">{h.at}</Typography.Text>
            {h.label && <Typography.Text type="secondary">{labelName(h.label)}</Typography.Text>}
            {h.segment !== null && <Typography.Text type="secondary">第 {h.segment} 句</Typography.Text>}
          </Space>
          {h.quote && (
            <div>
              引用：<Typography.Text delete>「{h.quote}」</Typography.Text>
            </div>
          )}
          <Typography.Text type="secondary">{h.text}</Typography.Text>
        </div>
      ))}
    </div>
  );
}
