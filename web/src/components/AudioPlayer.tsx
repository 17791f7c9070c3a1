import { Select, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

export const PLAYBACK_RATES = [0.75, 1.0, 1.25, 1.5, 2.0] as const;
export const AUDIO_LOAD_FAILED = '音频加载失败';
export const AUDIO_INIT_FAILED = '音频初始化失败';

/** Media type a recording plays as: .wav .pcm .m4a .amr .wma .aac as mp3, .mov as mp4 (spec section 9). */
export function playAs(url: string): 'mp3' | 'mp4' | null {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  if (!ext) return null;
  if (['wav', 'pcm', 'm4a', 'amr', 'wma', 'aac', 'mp3'].includes(ext)) return 'mp3';
  if (['mov', 'mp4'].includes(ext)) return 'mp4';
  return null;
}

export interface AudioPlayerProps {
  src: string;
  /** Called with the current position in ms (to highlight transcript segments). */
  onTime?: (ms: number) => void;
  /** Seek request in ms. */
  seekMs?: number | null;
  defaultRate?: number;
}

/** An audio player with playback rates 0.75–2.0 and the spec's load failure messages. */
export function AudioPlayer({ src, onTime, seekMs, defaultRate = 1 }: AudioPlayerProps) {
  const ref = useRef<HTMLAudioElement>(null);
  const [rate, setRate] = useState(defaultRate);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = rate;
  }, [rate]);
  useEffect(() => {
    if (ref.current && seekMs !== null && seekMs !== undefined) {
      ref.current.currentTime = seekMs / 1000;
      ref.current.play().catch(() => {});
    }
  }, [seekMs]);
  useEffect(() => {
    setError(null);
    if (!src) setError(AUDIO_INIT_FAILED);
  }, [src]);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={4}>
      <Space>
        {/* biome-ignore lint/a11y/useMediaCaption: call recordings have a transcript beside them */}
        <audio
          ref={ref}
          src={src || undefined}
          controls
          preload="metadata"
          style={{ height: 36, minWidth: 320 }}
          onError={() => setError(AUDIO_LOAD_FAILED)}
          onLoadedMetadata={() => {
            if (ref.current) ref.current.playbackRate = rate;
          }}
          onTimeUpdate={(e) => onTime?.(Math.round(e.currentTarget.currentTime * 1000))}
        />
        <Select
          size="small"
          style={{ width: 84 }}
          value={rate}
          onChange={setRate}
          options={PLAYBACK_RATES.map((r) => ({ value: r, label: `${r.toFixed(2).replace(/0$/, '')}x` }))}
        />
      </Space>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Space>
  );
}
