import { AudioMutedOutlined, AudioOutlined, PauseOutlined, PhoneOutlined } from '@ant-design/icons';
import { durationHms } from '@crm/core';
import { Alert, Badge, Button, Card, Col, Input, Row, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { type CallState, useSipPhone } from './useSipPhone';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];
const REGISTRATION = {
  connecting: { status: 'processing', text: '注册中' },
  registered: { status: 'success', text: '已注册' },
  failed: { status: 'error', text: '注册失败' },
  offline: { status: 'default', text: '未连接' },
} as const;
const STATE_TEXT: Record<CallState, string> = {
  idle: '空闲',
  incoming: '来电',
  calling: '呼叫中',
  ringing: '振铃中',
  talking: '通话中',
};

function useTimer(since: number | null) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!since) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since ? Math.max(0, Math.floor((now - since) / 1000)) : 0;
}

/** /main/sipPhone SIP 话机: the seat's softphone in the page (JsSIP over WebSocket), with keypad, mute, hold and timer. */
export default function SipPhonePage() {
  const audio = useRef<HTMLAudioElement>(null);
  // the account is fetched when the phone registers and never cached (useSipPhone)
  const phone = useSipPhone(audio);
  const sip = phone.line;
  const [number, setNumber] = useState('');
  const seconds = useTimer(phone.startedAt);
  const inCall = phone.state !== 'idle';
  const press = (k: string) => (phone.state === 'talking' ? phone.dtmf(k) : setNumber((n) => `${n}${k}`));
  const reg = REGISTRATION[phone.registration];
  return (
    <div className="page-card">
      <audio ref={audio} autoPlay>
        <track kind="captions" />
      </audio>
      {phone.unavailable && <Alert type="warning" showIcon title={phone.unavailable} />}
      {sip && (
        <Row gutter={24}>
          <Col flex="360px">
            <Card
              size="small"
              title={`坐席 ${sip.username} · ${sip.displayName}`}
              extra={<Badge status={reg.status} text={reg.text} data-testid="sip-registration" />}
            >
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Input
                  size="large"
                  value={number}
                  onChange={(e) => setNumber(e.target.value.replace(/[^\d*#]/g, ''))}
                  placeholder="输入号码"
                  disabled={inCall}
                  data-testid="sip-number"
                />
                <Row gutter={[8, 8]}>
                  {KEYS.map((k) => (
                    <Col span={8} key={k}>
                      <Button block size="large" onClick={() => press(k)}>
                        {k}
                      </Button>
                    </Col>
                  ))}
                </Row>
                {phone.state === 'incoming' ? (
                  <Space>
                    <Button type="primary" icon={<PhoneOutlined />} onClick={phone.answer}>
                      接听 {phone.peer}
                    </Button>
                    <Button danger onClick={phone.hangup}>
                      拒接
                    </Button>
                  </Space>
                ) : inCall ? (
                  <Button block danger type="primary" size="large" onClick={phone.hangup} data-testid="sip-hangup">
                    挂断
                  </Button>
                ) : (
                  <Button
                    block
                    type="primary"
                    size="large"
                    icon={<PhoneOutlined />}
                    disabled={phone.registration !== 'registered' || !number}
                    onClick={() => phone.call(number)}
                    data-testid="sip-call"
                  >
                    拨打
                  </Button>
                )}
                <Space>
                  <Button
                    icon={phone.muted ? <AudioMutedOutlined /> : <AudioOutlined />}
                    disabled={phone.state !== 'talking'}
                    onClick={phone.toggleMute}
                  >
                    {phone.muted ? '取消静音' : '静音'}
                  </Button>
                  <Button icon={<PauseOutlined />} disabled={phone.state !== 'talking'} onClick={phone.toggleHold}>
                    {phone.held ? '恢复' : '保持'}
                  </Button>
                </Space>
              </Space>
            </Card>
          </Col>
          <Col flex="auto">
            <Card size="small" title="当前通话">
              <Space orientation="vertical">
                <Typography.Text data-testid="sip-state">
                  {STATE_TEXT[phone.state]}
                  {phone.peer ? ` · ${phone.peer}` : ''}
                </Typography.Text>
                <Typography.Title level={2} style={{ margin: 0 }} data-testid="sip-timer">
                  {durationHms(seconds)}
                </Typography.Title>
                {phone.error && <Alert type="error" showIcon title={phone.error} />}
              </Space>
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
