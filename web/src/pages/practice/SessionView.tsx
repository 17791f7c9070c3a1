import { type CallAnswer, contract } from '@crm/core/contract';
import { PracticeSourceName, type PracticeStage, PracticeStageName } from '@crm/core/contract/practice';
import { Alert, Button, Input, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useCallMutation } from '../../api/hooks';
import { ui } from '../../app/ui';
import { sayStream } from './sayStream';
import { useVoice } from './useVoice';

type Started = CallAnswer<typeof contract.chatScriptTrainingSession.start>;
interface Bubble {
  key: string;
  speaker: 'agent' | 'customer';
  text: string;
  source?: string | null;
  stage?: string | null;
  fallback?: string | null;
  streaming?: boolean;
  /** The seat's line was spoken (recognised by the ASR engine), not typed. */
  spoken?: boolean;
}

const SOURCE = PracticeSourceName as Record<string, string>;
const STAGE = PracticeStageName as Record<string, string>;

/** The customer's line aloud, where the browser has a Chinese voice (else it is only shown). */
function speak(text: string) {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  const voice = synth?.getVoices().find((v) => v.lang.toLowerCase().startsWith('zh'));
  if (!synth || !voice) return false;
  const u = new SpeechSynthesisUtterance(text);
  u.voice = voice;
  u.lang = voice.lang;
  synth.speak(u);
  return true;
}

/** One running session: the conversation, what the seat says (typed or spoken), the heartbeat, the end. */
export function SessionView({ started, onEnded }: { started: Started; onEnded: (sessionId: number) => void }) {
  const id = started.sessionId;
  const [bubbles, setBubbles] = useState<Bubble[]>([
    {
      key: 'c0',
      speaker: 'customer',
      text: started.opening.text,
      source: started.opening.source,
      stage: started.opening.stage,
    },
  ]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [ended, setEnded] = useState<string | null>(null);
  const [voiced, setVoiced] = useState<boolean | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const heartbeat = useCallMutation(contract.chatScriptTrainingSession.heartbeat);
  const end = useCallMutation(contract.chatScriptTrainingSession.end, {
    success: '陪练已结束',
    invalidate: [contract.chatScriptTrainingSession.pagelist, contract.chatScriptTrainingSession.quota],
    onSuccess: () => onEnded(id),
  });

  // the heartbeat, every heartbeatSeconds while the page is open; a session the server ended is said so
  useEffect(() => {
    const timer = setInterval(() => {
      heartbeat.mutate({ sessionId: id });
    }, started.heartbeatSeconds * 1000);
    return () => clearInterval(timer);
  }, [id, started.heartbeatSeconds, heartbeat.mutate]);
  useEffect(() => {
    if (heartbeat.data && heartbeat.data.status !== 1) setEnded('本次陪练因长时间无响应已自动结束');
  }, [heartbeat.data]);
  useEffect(() => {
    setVoiced(speak(started.opening.text));
  }, [started.opening.text]);
  // the newest line in view whenever the conversation grows
  const lineCount = bubbles.length + bubbles.reduce((n, b) => n + b.text.length, 0);
  useEffect(() => {
    if (lineCount) box.current?.scrollTo({ top: box.current.scrollHeight });
  }, [lineCount]);

  const send = async (said: string, via: 1 | 2 = 1) => {
    const line = said.trim();
    if (!line || busy) return;
    setBusy(true);
    setText('');
    const key = `t${Date.now()}`;
    setBubbles((b) => [
      ...b,
      { key: `${key}a`, speaker: 'agent', text: line, spoken: via === 2 },
      { key: `${key}c`, speaker: 'customer', text: '', streaming: true },
    ]);
    const patch = (f: (b: Bubble) => Bubble) => setBubbles((all) => all.map((b) => (b.key === `${key}c` ? f(b) : b)));
    try {
      await sayStream({ sessionId: id, text: line, via }, (e) => {
        if (e.type === 'delta') patch((b) => ({ ...b, text: b.text + e.text }));
        else if (e.type === 'fallback') patch((b) => ({ ...b, text: '', fallback: e.reason }));
        else if (e.type === 'done') {
          patch(() => ({
            key: `${key}c`,
            speaker: 'customer',
            text: e.customer.text,
            source: e.customer.source,
            stage: e.customer.stage,
            fallback: e.customer.fallback,
          }));
          speak(e.customer.text);
        } else if (e.type === 'error') {
          patch((b) => ({ ...b, text: '', fallback: e.msg }));
          setEnded(e.msg);
        }
      });
    } catch (err) {
      const msg = err instanceof ApiError ? err.msg : '对话失败，请稍后重试';
      patch((b) => ({ ...b, text: '', fallback: msg, streaming: false }));
      if (msg.includes('已结束')) setEnded(msg);
      else ui.message.error(msg);
    } finally {
      setBusy(false);
    }
  };
  const voice = useVoice(id, (heard) => send(heard, 2));

  return (
    <div data-testid="practice-session">
      {started.notice && <Alert type="warning" showIcon title={started.notice} style={{ marginBottom: 12 }} />}
      {voiced === false && (
        <Alert
          type="info"
          showIcon
          title="浏览器没有可用的中文语音，客户的话只以文字显示"
          style={{ marginBottom: 12 }}
        />
      )}
      <Space style={{ marginBottom: 8 }}>
        <Tag color={started.engine === 'llm' ? 'purple' : 'blue'}>
          {started.engine === 'llm' ? '大模型客户' : '内置 AI 客户'}
        </Tag>
        <Typography.Text type="secondary">
          心跳每 {started.heartbeatSeconds} 秒；{started.timeoutSeconds} 秒无响应自动结束
        </Typography.Text>
      </Space>
      <div
        ref={box}
        style={{
          height: 360,
          overflowY: 'auto',
          border: '1px solid #f0f0f0',
          borderRadius: 8,
          padding: 12,
          background: '#fafafa',
        }}
      >
        {bubbles.map((b) => (
          <div key={b.key} style={{ textAlign: b.speaker === 'agent' ? 'right' : 'left', margin: '8px 0' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {b.speaker === 'agent'
                ? '我'
                : `客户${b.stage ? ` · ${STAGE[b.stage as PracticeStage] ?? b.stage}` : ''}${b.source ? ` · ${SOURCE[b.source] ?? b.source}` : ''}`}
            </Typography.Text>
            <div
              data-testid={b.speaker === 'customer' ? 'customer-line' : 'agent-line'}
              style={{
                display: 'inline-block',
                maxWidth: '75%',
                padding: '6px 10px',
                borderRadius: 8,
                background: b.speaker === 'agent' ? '#1677ff' : '#fff',
                color: b.speaker === 'agent' ? '#fff' : undefined,
                marginLeft: 8,
              }}
            >
              {b.text || (b.streaming ? '…' : '')}
              {b.spoken && (
                <Tag color="geekblue" style={{ marginLeft: 6 }}>
                  语音
                </Tag>
              )}
            </div>
            {b.fallback && (
              <div>
                <Typography.Text type="warning" data-testid="practice-fallback">
                  {b.fallback}
                </Typography.Text>
              </div>
            )}
          </div>
        ))}
      </div>
      {ended && <Alert type="warning" showIcon title={ended} style={{ marginTop: 12 }} />}
      <Space.Compact style={{ width: '100%', marginTop: 12 }}>
        <Input
          value={text}
          maxLength={500}
          disabled={Boolean(ended)}
          placeholder="输入你要对客户说的话，回车发送"
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => send(text)}
          data-testid="practice-input"
        />
        <Button type="primary" loading={busy} disabled={Boolean(ended)} onClick={() => send(text)}>
          发送
        </Button>
      </Space.Compact>
      <Space style={{ marginTop: 12 }}>
        {/* while recording the button stays clickable (a loading button takes no click): it ends the line */}
        <Button
          danger={voice.recording}
          type={voice.recording ? 'primary' : 'default'}
          disabled={Boolean(ended) || busy}
          loading={voice.recognising}
          onClick={voice.toggle}
          data-testid="practice-voice"
        >
          {voice.recognising ? '识别中…' : voice.recording ? '结束说话' : '按下说话'}
        </Button>
        {voice.recording && <Typography.Text type="secondary">正在录音，说完请点「结束说话」</Typography.Text>}
        {voice.error && <Typography.Text type="danger">{voice.error}</Typography.Text>}
        <Button danger loading={end.isPending} onClick={() => end.mutate({ sessionId: id })}>
          {ended ? '查看点评' : '结束陪练'}
        </Button>
      </Space>
    </div>
  );
}
