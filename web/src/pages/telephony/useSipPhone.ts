import { type CallAnswer, contract } from '@crm/core/contract';
import JsSIP from 'jssip';
import type { RTCSession } from 'jssip/lib/RTCSession';
import type { UA } from 'jssip/lib/UA';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '../../api/client';
import { useSessionOwner } from '../../app/session';

/** The seat's SIP account as the server gives it (POST /callset/getSipAccount), password included. */
export type SipAccount = Pick<
  CallAnswer<typeof contract.telephony.sipAccount>,
  'wsUrl' | 'domain' | 'username' | 'password' | 'displayName'
>;

/** What the page shows of the registered account: never the password. */
export type SipLine = Pick<SipAccount, 'username' | 'displayName' | 'domain'>;

/**
 * Fetches the seat's SIP account for one registration: asked of the server each time the softphone registers and
 * handed only to the user agent, never to the query cache or to any storage (a shared PC's next user must not find
 * it). Answers the account, or the server's reason when there is none (no SIP server, no seat bound).
 */
export async function fetchSipAccount(
  signal: AbortSignal,
): Promise<{ account: SipAccount; message: null } | { account: null; message: string }> {
  const answer = await callApi(contract.telephony.sipAccount, undefined, { signal });
  if (!answer.configured) return { account: null, message: answer.message ?? '未配置 SIP 话机' };
  const { wsUrl, domain, username, password, displayName } = answer;
  return { account: { wsUrl, domain, username, password, displayName }, message: null };
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
 * seat's credentials, fetched from the server when it registers (fetchSipAccount) and kept only by the user agent,
 * which stops when the page closes or the session changes owner. One call at a time, its remote audio played in
 * `audio`. `line` is the registered account (no password); `unavailable` the server's reason when there is none.
 */
export function useSipPhone(audio: React.RefObject<HTMLAudioElement | null>) {
  const ua = useRef<UA | null>(null);
  const session = useRef<RTCSession | null>(null);
  const owner = useSessionOwner();
  const [line, setLine] = useState<SipLine | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [registration, setRegistration] = useState<Registration>('offline');
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<CallState>('idle');
  const [peer, setPeer] = useState('');
  const [muted, setMuted] = useState(false);
  const [held, setHeld] = useState(false);
  const [startedAt, setStartedAt] = useState<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: registers anew for a new owner; register reads refs, setters
  useEffect(() => {
    const stop = new AbortController();
    let agent: UA | null = null;
    setLine(null);
    setUnavailable(null);
    setRegistration('connecting');
    fetchSipAccount(stop.signal).then(
      ({ account, message }) => {
        if (stop.signal.aborted) return;
        if (!account) {
          setUnavailable(message);
          setRegistration('offline');
          return;
        }
        setLine({ username: account.username, displayName: account.displayName, domain: account.domain });
        agent = register(account);
      },
      () => {
        // the client has shown why (or the page closed meanwhile)
        if (!stop.signal.aborted) setRegistration('failed');
      },
    );
    return () => {
      stop.abort();
      agent?.stop();
      ua.current = null;
      session.current = null;
    };
  }, [owner]);

  function register(account: SipAccount): UA {
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
    return agent;
  }

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
    line,
    unavailable,
    registration,
    error,
    state,
    peer,
    muted,
    held,
    startedAt,
    call(number: string) {
      if (!ua.current || !line) return;
      setError(null);
      ua.current.call(`sip:${number}@${line.domain}`, media);
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
