import { FileOutlined } from '@ant-design/icons';
import type { CallAnswer, contract } from '@crm/core/contract';
import { Empty, Image, Typography } from 'antd';
import { Fragment, type ReactNode, useEffect, useRef } from 'react';

export type ChatMessage = CallAnswer<typeof contract.msg.msgList>['messages'][number];

/** The text with every one of `words` marked (search results). */
export function highlighted(text: string, words: string[]): ReactNode {
  const ws = words.filter(Boolean).sort((a, b) => b.length - a.length);
  if (!ws.length || !text) return text;
  const re = new RegExp(`(${ws.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  // the parts of one text never move: their place is their identity
  return text.split(re).map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text keep their order
      <mark key={i} className="chat-hit">
        {part}
      </mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text keep their order
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

function Body({ m, words }: { m: ChatMessage; words: string[] }) {
  if (m.type === 'recall') return <span className="chat-recall">{m.sender} 撤回了一条消息</span>;
  if (m.type === 'image') return m.mediaUrl ? <Image src={m.mediaUrl} width={160} alt="图片" /> : <span>[图片]</span>;
  if (m.type === 'voice')
    return (
      <div>
        {m.mediaUrl ? (
          <audio controls src={m.mediaUrl} style={{ height: 32 }}>
            <track kind="captions" />
          </audio>
        ) : (
          <span>[语音]</span>
        )}
        <div className="chat-transcript">
          {m.transcript || m.content ? highlighted(m.transcript || m.content, words) : '（暂无转写）'}
        </div>
      </div>
    );
  if (m.type === 'file')
    return (
      <span>
        <FileOutlined />{' '}
        {m.mediaUrl ? (
          <a href={m.mediaUrl} target="_blank" rel="noreferrer">
            {m.mediaName || m.content || '文件'}
          </a>
        ) : (
          m.mediaName || m.content || '文件'
        )}
      </span>
    );
  return <span style={{ whiteSpace: 'pre-wrap' }}>{highlighted(m.content, words)}</span>;
}

/**
 * A chat as WeChat shows it: the customer on the left, the staff on the right in green, times between, recalls as a
 * grey line. `focusId` scrolls to one message and marks it (a search result, a quoted finding).
 */
export function ChatBubbles({
  messages,
  focusId,
  words = [],
  header,
}: {
  messages: ChatMessage[];
  focusId?: number | null;
  words?: string[];
  header?: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolled again when other messages are shown
  useEffect(() => {
    const el = focusId ? box.current?.querySelector(`[data-msg="${focusId}"]`) : null;
    if (el) el.scrollIntoView({ block: 'center' });
    else if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [focusId, messages]);
  if (!messages.length) return <Empty description="暂无数据" />;
  let lastTime = '';
  return (
    <div className="chat-box" ref={box} data-testid="chat-bubbles">
      {header}
      {messages.map((m) => {
        const minute = (m.time ?? '').slice(0, 16);
        const showTime = minute !== lastTime;
        lastTime = minute;
        return (
          <Fragment key={m.id}>
            {showTime && <div className="chat-time">{minute}</div>}
            {m.type === 'recall' ? (
              <div className="chat-time" data-msg={m.id}>
                <Body m={m} words={words} />
              </div>
            ) : (
              <div
                data-msg={m.id}
                className={`chat-row ${m.fromStaff ? 'chat-staff' : 'chat-customer'}${focusId === m.id ? ' chat-focus' : ''}`}
              >
                <Typography.Text type="secondary" className="chat-sender">
                  {m.sender}
                </Typography.Text>
                <div className="chat-bubble">
                  <Body m={m} words={words} />
                </div>
              </div>
            )}
          </Fragment>
        );
      })}
    </div>
  );
}
