import type { GuidanceConfig } from '../../../platform/config';
import { DashScopeStreaming } from './dashscope';
import { FunAsrStreaming } from './funasr';
import type { StreamingAsr } from './types';

export { PacedStream } from './pace';
export type { AsrStream, RecognisedSentence, StreamingAsr, StreamListener, StreamOptions } from './types';

/** The message of the screens when no streaming engine is configured. */
export const NO_ENGINE_NOTICE =
  '未配置实时语音识别引擎，无法进行实时指导。请管理员设置 GUIDANCE_ASR=funasr（并设置 GUIDANCE_FUNASR_URL）或 GUIDANCE_ASR=dashscope（并设置 DASHSCOPE_API_KEY）后重启服务。';

/** The configured streaming engine, or null with the reason. */
export function streamingAsrOf(cfg: GuidanceConfig): { asr: StreamingAsr | null; notice: string | null } {
  if (cfg.asr === 'funasr') {
    if (!cfg.funasrUrl) return { asr: null, notice: '已选择 FunASR 实时识别，但未设置 GUIDANCE_FUNASR_URL' };
    return { asr: new FunAsrStreaming(cfg.funasrUrl), notice: null };
  }
  if (cfg.asr === 'dashscope') {
    if (!cfg.dashscope.apiKey) return { asr: null, notice: '已选择 DashScope 实时识别，但未设置 DASHSCOPE_API_KEY' };
    return { asr: new DashScopeStreaming(cfg.dashscope), notice: null };
  }
  return { asr: null, notice: NO_ENGINE_NOTICE };
}
