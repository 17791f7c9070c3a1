import { contract } from '@crm/core/contract';
import { Card, Result, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { useCallQuery } from '../../api/hooks';
import { ChatBubbles } from '../../features/conversation/ChatBubbles';

/** /we 会话: a chat shared by link (?token= from 分享), read-only, shown like WeChat. */
export default function WePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const q = useCallQuery(contract.msg.publicChat, { token }, { enabled: !!token, silent: true });
  if (!token) return <Result status="warning" title="缺少会话链接参数" />;
  if (q.isLoading) return <Spin style={{ display: 'block', marginTop: 80 }} />;
  if (q.isError || !q.data) return <Result status="warning" title="访问凭证过期" subTitle="请向分享人索取新的链接" />;
  const { chat, messages } = q.data;
  return (
    <div style={{ maxWidth: 720, margin: '0 auto', padding: 12 }}>
      <Card size="small" title={`${chat.staffName} ↔ ${chat.customerName}`} extra={chat.channelName}>
        <ChatBubbles messages={messages} />
      </Card>
    </div>
  );
}
