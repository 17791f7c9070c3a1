import { contract } from '@crm/core/contract';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { useCallMutation } from '../../api/hooks';
import { showError } from '../../app/ui';

const MAX_MS = 60_000;

/** 语音输入: the browser records (MediaRecorder), the server transcribes (/hkzs/transcribe); the text is handed on. */
export function MicButton({ onText }: { onText: (text: string) => void }) {
  const [recording, setRecording] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const transcribe = useCallMutation(contract.assistant.transcribe, {
    onSuccess: (a) => (a.text ? onText(a.text) : showError('没有识别到说话内容')),
  });
  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      showError('当前浏览器不支持录音');
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      showError('无法使用麦克风，请在浏览器中允许麦克风权限');
      return;
    }
    const mime = MediaRecorder.isTypeSupported('audio/webm') ? 'audio/webm' : 'audio/ogg';
    const r = new MediaRecorder(stream, { mimeType: mime });
    const chunks: Blob[] = [];
    r.ondataavailable = (e) => chunks.push(e.data);
    r.onstop = async () => {
      for (const t of stream.getTracks()) t.stop();
      setRecording(false);
      const bytes = new Uint8Array(await new Blob(chunks, { type: mime }).arrayBuffer());
      let bin = '';
      for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      transcribe.mutate({ format: mime === 'audio/webm' ? 'webm' : 'ogg', audio: btoa(bin) });
    };
    recorder.current = r;
    r.start();
    setRecording(true);
    setTimeout(() => r.state === 'recording' && r.stop(), MAX_MS);
  };
  return (
    <Button
      data-testid="assistant-mic"
      danger={recording}
      loading={transcribe.isPending}
      onClick={() => (recording ? recorder.current?.stop() : start())}
    >
      {recording ? '停止录音' : '语音输入'}
    </Button>
  );
}
