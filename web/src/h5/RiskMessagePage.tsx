import { MessageList } from '../wecom/app/MessagePage';

/** 风险消息 (/riskMessageListH5): the AI messages pushed to the user (risk, churn, intention), read as in the WeCom app. */
export default function RiskMessagePage() {
  return <MessageList title="风险消息" kinds={[{ key: 'ai', title: 'AI 消息' }]} />;
}
