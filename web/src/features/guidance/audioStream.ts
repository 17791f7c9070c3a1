import { type AudioEvent, GUIDANCE_AUDIO_PATH } from '@crm/core/contract/guidance';

/**
 * One speaker's audio to the guidance session's WebSocket: the track is resampled by an AudioContext at the session's
 * rate, turned into 16-bit PCM and sent as it is played (the server forwards it to the ASR engine at that pace).
 * What the socket answers (partial text, sentences, errors) goes to `onEvent`.
 */
export interface AudioSender {
  /** Finishes the stream (the engine's last sentence still arrives) and releases the audio. */
  stop(): void;
}

export function sendAudio(opts: {
  stream: MediaStream;
  sessionId: number;
  speaker: 'agent' | 'customer';
  token: string;
  sampleRate: 16000 | 8000;
  onEvent: (e: AudioEvent) => void;
  onClose?: () => void;
}): AudioSender {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const q = new URLSearchParams({ sessionId: String(opts.sessionId), speaker: opts.speaker, token: opts.token });
  const ws = new WebSocket(`${proto}//${location.host}${GUIDANCE_AUDIO_PATH}?${q}`);
  ws.binaryType = 'arraybuffer';
  ws.onmessage = (m) => {
    try {
      opts.onEvent(JSON.parse(String(m.data)) as AudioEvent);
    } catch {
      /* not ours */
    }
  };
  ws.onclose = () => opts.onClose?.();
  const ctx = new AudioContext({ sampleRate: opts.sampleRate });
  const source = ctx.createMediaStreamSource(opts.stream);
  // ScriptProcessor runs on the main thread, which is enough for two speech streams and needs no worklet file
  const processor = ctx.createScriptProcessor(4096, 1, 1);
  const mute = ctx.createGain();
  mute.gain.value = 0;
  processor.onaudioprocess = (e) => {
    if (ws.readyState !== WebSocket.OPEN) return;
    const input = e.inputBuffer.getChannelData(0);
    const pcm = new Int16Array(input.length);
    for (let i = 0; i < input.length; i++) {
      const s = Math.max(-1, Math.min(1, input[i]));
      pcm[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
    }
    ws.send(pcm.buffer);
  };
  source.connect(processor);
  processor.connect(mute);
  mute.connect(ctx.destination);
  return {
    stop() {
      processor.disconnect();
      source.disconnect();
      void ctx.close();
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'end' }));
      else if (ws.readyState === WebSocket.CONNECTING) ws.close();
    },
  };
}
