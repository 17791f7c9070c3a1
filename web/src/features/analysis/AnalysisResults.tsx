import type { AiShowKey } from '@crm/core/contract/aiSetting';
import type { AnalysisCorrection, AnalysisView, CallAnalysisDetail } from '@crm/core/contract/analysis';
import { Empty, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { AnalysisHistory, Decisions } from './Decisions';
import { EvidenceList, Marked } from './EvidenceList';
import type { Evidence, OnEvidence } from './evidence';
import { churnColor, INTENTION_COLOR } from './format';

/** 人工修正, with what the machine said beside it. */
function Corrected({ machine }: { machine: ReactNode }) {
  return (
    <Tooltip title={<>机器结果：{machine}</>}>
      <Tag color="gold" style={{ marginInlineStart: 6 }} data-testid="corrected">
        人工修正
      </Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="machine-value">
        （机器：{machine}）
      </Typography.Text>
    </Tooltip>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <div data-testid={testId} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
        {title}
      </Typography.Text>
      {children}
    </div>
  );
}

const none = <Typography.Text type="secondary">无</Typography.Text>;
const names = (list: { name: string }[]) => (list.length ? list.map((l) => l.name).join('、') : '无');

/** The analysis results of a call, each with its evidence; a corrected value shows the machine's beside it. */
export function AnalysisResults({
  detail,
  shown,
  onEvidence,
  opened,
}: {
  detail: CallAnalysisDetail & { effective: AnalysisView; machine: AnalysisView };
  /** Which parts show (AI 设置 › 显示设置). */
  shown: (key: AiShowKey) => boolean;
  onEvidence?: OnEvidence;
  opened?: Evidence | null;
}) {
  const { effective: e, machine: m } = detail;
  const c: AnalysisCorrection | null = detail.correction;
  const ev = (items: Evidence[], max?: number) => (
    <EvidenceList items={items} onOpen={onEvidence} opened={opened} max={max} />
  );
  if (!e.conversation && !e.callTags.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未形成有效通话" />;
  return (
    <div data-testid="analysis-results">
      <Decisions
        decisions={e.decisions}
        learnedFrom={detail.orgModelLearnedFrom}
        speakersSwapped={e.speakersSwapped}
        onEvidence={onEvidence}
        opened={opened}
      />
      {!e.conversation && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          未形成有效通话（运营商提示音或无人接听），仅识别通话标签。
        </Typography.Paragraph>
      )}
      {(shown('intention') || shown('intentionDegree')) && e.conversation && (
        <Section title="意向" testId="ai-intention">
          <Space size={4} wrap>
            {shown('intention') &&
              (e.intentionName ? (
                <Tag color={INTENTION_COLOR[e.intention ?? 0]} data-testid="intention-name">
                  {e.intentionName}
                </Tag>
              ) : (
                none
              ))}
            {shown('intentionDegree') && <Typography.Text>意向度 {e.intentionDegree}</Typography.Text>}
            {c?.intention !== null && c?.intention !== undefined && <Corrected machine={m.intentionName ?? '无'} />}
          </Space>
          {ev(e.intentionEvidence)}
        </Section>
      )}
      {shown('churnRisk') && e.churnRisk !== null && (
        <Section title="流失风险" testId="ai-churn">
          <Progress
            percent={e.churnRisk}
            strokeColor={churnColor(e.churnRisk)}
            format={(p) => `${p}`}
            size="small"
            style={{ maxWidth: 260 }}
          />
          {ev(e.churnEvidence, 2)}
        </Section>
      )}
      {shown('risk') && (
        <Section title="风险" testId="ai-risk">
          <Space size={4} wrap>
            <Tag color={e.risk ? 'red' : 'green'}>{e.risk ? '有风险' : '无风险'}</Tag>
            {e.potentialComplaint && <Tag color="magenta">潜在投诉</Tag>}
            {c?.complaint !== null && c?.complaint !== undefined && (
              <Corrected machine={m.potentialComplaint ? '潜在投诉' : '无投诉'} />
            )}
          </Space>
        </Section>
      )}
      {shown('aiLabel') && (
        <Section title="AI 标签" testId="ai-labels">
          <Space size={[4, 4]} wrap>
            {e.aiLabels.length
              ? e.aiLabels.map((l) => (
                  <Tag key={l.value} color="blue">
                    {l.name}
                  </Tag>
                ))
              : none}
            {c?.aiLabels && <Corrected machine={names(m.aiLabels)} />}
          </Space>
        </Section>
      )}
      {shown('callTag') && (
        <Section title="通话标签" testId="ai-call-tags">
          {e.callTags.length ? (
            e.callTags.map((t) => (
              <div key={t.value} style={{ marginBottom: 4 }}>
                <Tag color="geekblue">{t.name}</Tag>
                {ev(t.evidence, 2)}
              </div>
            ))
          ) : (
            <div>{none}</div>
          )}
          {c?.callTags && <Corrected machine={names(m.callTags)} />}
        </Section>
      )}
      {shown('customTag') && (e.customTags.length > 0 || c?.customTagIds) && (
        <Section title="自定义 AI 标签" testId="ai-custom-tags">
          {e.customTags.map((t) => (
            <div key={t.id} style={{ marginBottom: 4 }}>
              <Tag color="cyan">{t.name}</Tag>
              {ev(t.evidence, 2)}
            </div>
          ))}
          {!e.customTags.length && none}
          {c?.customTagIds && <Corrected machine={names(m.customTags)} />}
        </Section>
      )}
      {shown('violation') && (
        <Section title={`违规（${e.violations.length}）`} testId="ai-violations">
          {e.violations.length
            ? ev(
                e.violations.map((v) => ({
                  segment: v.segment,
                  startMs: v.startMs,
                  endMs: v.startMs,
                  speaker: v.speaker,
                  text: `【${v.rule}】${v.text}`,
                  match: v.text,
                })),
                50,
              )
            : none}
        </Section>
      )}
      {shown('flags') && (
        <Section title="表现标记" testId="ai-flags">
          {e.flagNames.length
            ? e.flagNames.map((f) => (
                <Tag key={f} color="volcano">
                  {f}
                </Tag>
              ))
            : none}
        </Section>
      )}
      {shown('keywords') && e.keywords.length > 0 && (
        <Section title="关键词" testId="ai-keywords">
          <Space size={[4, 4]} wrap>
            {e.keywords.map((k) => (
              <Tooltip key={k.word} title={`${k.hot ? '热词，' : ''}出现 ${k.count} 次`}>
                <Tag color={k.hot ? 'orange' : undefined} data-hot={k.hot ? 'true' : undefined}>
                  {k.hot && '🔥'}
                  {k.word}
                </Tag>
              </Tooltip>
            ))}
          </Space>
        </Section>
      )}
      {shown('fields') && e.fields.length > 0 && (
        <Section title="AI 字段" testId="ai-fields">
          {e.fields.map((f) => {
            const machine = m.fields.find((x) => x.key === f.key)?.value;
            const fixed = c?.fields && f.key in c.fields;
            return (
              <div key={f.key} style={{ marginBottom: 6 }}>
                <Typography.Text type="secondary">{f.name}：</Typography.Text>
                <Typography.Text>{f.value || '-'}</Typography.Text>
                {fixed && <Corrected machine={machine || '无'} />}
                {ev(f.evidence, 1)}
              </div>
            );
          })}
        </Section>
      )}
      {shown('summary') && (
        <Section title="通话小结" testId="ai-summary">
          <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
            {e.summary ? <Marked text={e.summary} /> : '-'}
          </Typography.Paragraph>
          {c?.summary !== null && c?.summary !== undefined && <Corrected machine={m.summary || '无'} />}
        </Section>
      )}
      <AnalysisHistory items={detail.history} />
    </div>
  );
}
