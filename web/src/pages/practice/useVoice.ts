import { contract } from '@crm/core/contract';
import { useRef, useState } from 'react';
import { callApi } from '../../api/client';
import { SERVICE_BASES } from '../../api/config';

/**
 * Speaking instead of typing: the microphone is recorded while `recording` (MediaRecorder), then sent to the voice
 * channel under a short-lived credential of this session (getTempSecret); the recognised text is handed to `onText`.
 */
export function useVoice(sessionId: number, onText: (text: string) => void) {
  const [recording, setRecording] = useState(false);
  const [recognising, setRecognising] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);

  const stop = () => recorder.current?.stop();

  const start = async () => {
    setError(null);
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setError('浏览器不支持录音，请用文字输入');
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError('无法使用麦克风，请检查浏览器权限');
      return;
    }
    const chunks: Blob[] = [];
    const rec = new MediaRecorder(stream);
    recorder.current = rec;
    rec.ondataavailable = (e) => chunks.push(e.data);
    rec.onstop = async () => {
      setRecording(false);
      setRecognising(true);
      for (const track of stream.getTracks()) track.stop();
      try {
        const { secret } = await callApi(contract.chatScriptTrainingSession.getTempSecret, { sessionId });
        const form = new FormData();
        form.append('file', new Blob(chunks, { type: rec.mimeType || 'audio/webm' }), 'voice.webm');
        const url = `${SERVICE_BASES.backend}${contract.chatScriptTrainingSession.voice.path}`;
        const res = await fetch(`${url}?secret=${encodeURIComponent(secret)}`, { method: 'POST', body: form });
        const body = (await res.json().catch(() => null)) as {
          code?: number;
          msg?: string;
          data?: { text: string };
        } | null;
        if (body?.code !== 1 || !body.data) setError(body?.msg || '语音识别失败，请重试');
        else onText(body.data.text);
      } catch {
        setError('语音识别失败，请重试');
      } finally {
        setRecognising(false);
      }
    };
    rec.start();
    setRecording(true);
  };

  return { recording, recognising, error, toggle: () => (recording ? stop() : void start()) };
}
