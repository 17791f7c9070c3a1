import type { ConversationFigures } from '@crm/core/contract/analysis';
import { Alert, Descriptions, Empty, Progress, Tag, Typography } from 'antd';
import { dash, percent, SENTIMENT_NAME, seconds } from './format';

const SENTIMENT_COLOR = { positive: 'green', neutral: 'default', negative: 'red' } as const;
const SPEAKER = { agent: '销售', customer: '客户' } as const;

/** The conversation figures of a call: talk ratio, monologue, speech rate, interruptions, silences, questions, mood. */
export function FiguresView({ figures: f }: { figures: ConversationFigures | null }) {
  if (!f) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  const rate = (v: number | null) => (v === null ? '-' : `${Math.round(v)} 字/分钟`);
  return (
    <div data-testid="ai-figures">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 8 }}
        data-testid="figures-source"
        title="按转写文本计算：每句话的起止时间来自转写。与「音频指标（音频）」不同，后者按录音的声音（语音检测）计算，会算入未转写的语气词、重叠说话与停顿，所以两者数值会有出入。"
      />
      <Typography.Text>说话占比（销售 / 客户）</Typography.Text>
      {f.agentTalkRatio === null ? (
        <div>-</div>
      ) : (
        <Progress
          percent={Math.round(f.agentTalkRatio * 100)}
          strokeColor="#1677ff"
          railColor="#52c41a"
          format={() => `${percent(f.agentTalkRatio)} / ${percent(1 - f.agentTalkRatio!)}`}
        />
      )}
      <Descriptions size="small" column={1} style={{ marginTop: 8 }}>
        <Descriptions.Item label="销售说话">{seconds(f.agentTalkMs)}</Descriptions.Item>
        <Descriptions.Item label="客户说话">{seconds(f.customerTalkMs)}</Descriptions.Item>
        <Descriptions.Item label="最长连续发言">
          {seconds(f.longestMonologueMs)}
          {f.longestMonologueSpeaker ? `（${SPEAKER[f.longestMonologueSpeaker]}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="语速（销售）">{rate(f.agentCharsPerMinute)}</Descriptions.Item>
        <Descriptions.Item label="语速（客户）">{rate(f.customerCharsPerMinute)}</Descriptions.Item>
        <Descriptions.Item label="抢话次数">{f.interruptions}</Descriptions.Item>
        <Descriptions.Item label="静默超过 3 秒">
          {f.silencesOver3s} 次{f.longestSilenceMs ? `（最长 ${seconds(f.longestSilenceMs)}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="销售提问">{f.agentQuestions} 次</Descriptions.Item>
        <Descriptions.Item label="客户提问">{f.customerQuestions} 次</Descriptions.Item>
        <Descriptions.Item label="发言轮次">
          销售 {f.agentTurns}，客户 {f.customerTurns}
        </Descriptions.Item>
        <Descriptions.Item label="客户情绪">
          <Tag color={SENTIMENT_COLOR[f.customerSentimentLabel]}>{SENTIMENT_NAME[f.customerSentimentLabel]}</Tag>
          <Typography.Text type="secondary">{dash(f.customerSentiment.toFixed(2))}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
