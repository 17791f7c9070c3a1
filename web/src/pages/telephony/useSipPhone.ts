import JsSIP from 'jssip';
import type { RTCSession } from 'jssip/lib/RTCSession';
import type { UA } from 'jssip/lib/UA';
import { useEffect, useRef, useState } from 'react';

export interface SipAccount {
  wsUrl: string;
  domain: string;
  username: string;
  password: string;
  displayName: string;
}

/** JsSIP's end causes in Chinese (others are shown as they come). */
const CAUSES: Record<string, string> = {
  Busy: '对方忙',
  Rejected: '对方拒接',
  Unavailable: '对方暂时无法接通',
  'Not Found': '号码不存在',
  'No Answer': '无人接听',
  'User Denied Media Access': '无法使用麦克风，请检查麦克风和浏览器权限',
  'Connection Error': '与话机服务器的连接中断',
  'Request Timeout': '请求超时',
  'Authentication Error': '认证失败',
  'Address Incomplete': '号码不完整',
  'SIP Failure Code': '呼叫失败',
};
const causeText = (cause?: string) => (cause ? (CAUSES[cause] ?? cause) : '未知原因');

export type Registration = 'connecting' | 'registered' | 'failed' | 'offline';
export type CallState = 'idle' | 'incoming' | 'calling' | 'ringing' | 'talking';

/**
 * The browser softphone: a JsSIP user agent registered to the organisation's PBX over SIP on WebSocket with the
 * seat's credentials (from the server), one call at a time, its remote audio played in `audio`.
 */
export function useSipPhone(account: SipAccount | null, audio: React.RefObject<HTMLAudioElement | null>) {
  const ua = useRef<UA | null>(null);
  const session = useRef<RTCSession | null>(null);
  const [registration, setRegistration] = useState<Registration>('offline');
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<CallState>('idle');
  const [peer, setPeer] = useState('');
  const [muted, setMuted] = useState(false);
  const [held, setHeld] = useState(false);
  const [startedAt, setStartedAt] = useState<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: track only reads refs and state setters
  useEffect(() => {
    if (!account) return;
    setRegistration('connecting');
    const agent = new JsSIP.UA({
      sockets: [new JsSIP.WebSocketInterface(account.wsUrl)],
      uri: `sip:${account.username}@${account.domain}`,
      password: account.password,
      display_name: account.displayName,
      register: true,
      session_timers: false,
    });
    agent.on('registered', () => {
      setRegistration('registered');
      setError(null);
    });
    agent.on('unregistered', () => setRegistration('offline'));
    agent.on('disconnected', () => setRegistration((r) => (r === 'failed' ? r : 'connecting')));
    agent.on('registrationFailed', (e: { cause?: string }) => {
      setRegistration('failed');
      setError(`注册失败：${causeText(e.cause)}`);
    });
    agent.on('newRTCSession', (e: { session: RTCSession; originator: string }) => {
      if (session.current) {
        e.session.terminate({ status_code: 486, reason_phrase: 'Busy Here' });
        return;
      }
      track(e.session, e.originator === 'remote' ? 'incoming' : 'calling');
    });
    agent.start();
    ua.current = agent;
    return () => {
      agent.stop();
      ua.current = null;
    };
  }, [account]);

  function track(s: RTCSession, initial: CallState) {
    session.current = s;
    setPeer(s.remote_identity?.uri?.user ?? '');
    setState(initial);
    setMuted(false);
    setHeld(false);
    s.on('progress', () => setState((c) => (c === 'calling' ? 'ringing' : c)));
    s.on('confirmed', () => {
      setState('talking');
      setStartedAt(Date.now());
    });
    s.on('peerconnection', (e: { peerconnection: RTCPeerConnection }) => attach(e.peerconnection));
    if (s.connection) attach(s.connection);
    const end = (e: { cause?: string }) => {
      session.current = null;
      setState('idle');
      setStartedAt(null);
      if (e?.cause && e.cause !== 'Terminated' && e.cause !== 'Canceled') setError(`通话结束：${causeText(e.cause)}`);
    };
    s.on('ended', end);
    s.on('failed', end);
  }

  function attach(pc: RTCPeerConnection) {
    pc.addEventListener('track', (e) => {
      if (audio.current && e.streams[0]) audio.current.srcObject = e.streams[0];
    });
  }

  const media = { mediaConstraints: { audio: true, video: false } };
  return {
    registration,
    error,
    state,
    peer,
    muted,
    held,
    startedAt,
    call(number: string) {
      if (!ua.current || !account) return;
      setError(null);
      ua.current.call(`sip:${number}@${account.domain}`, media);
    },
    answer: () => session.current?.answer(media),
    hangup: () => session.current?.terminate(),
    toggleMute() {
      const s = session.current;
      if (!s) return;
      if (muted) s.unmute({ audio: true });
      else s.mute({ audio: true });
      setMuted(!muted);
    },
    toggleHold() {
      const s = session.current;
      if (!s) return;
      if (held) s.unhold();
      else s.hold();
      setHeld(!held);
    },
    dtmf: (tone: string) => session.current?.sendDTMF(tone),
  };
}
