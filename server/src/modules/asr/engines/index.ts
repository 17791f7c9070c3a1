import type { AsrConfig } from '../config';
import { FunAsrEngine } from './funasr';
import { OpenAiEngine } from './openai';
import { SherpaEngine } from './sherpa';
import type { AsrEngine } from './types';

export type { AsrEngine } from './types';

/** The engine ASR_ENGINE names, or null when none is configured. A misconfigured engine throws its reason. */
export function createEngine(cfg: AsrConfig): AsrEngine | null {
  const timeout = cfg.timeoutSeconds * 1000;
  switch (cfg.engine) {
    case 'openai':
      return new OpenAiEngine(cfg.openai, timeout);
    case 'funasr':
      return new FunAsrEngine(cfg.funasr, timeout);
    case 'sherpa':
      return new SherpaEngine(cfg.modelDir);
    default:
      return null;
  }
}

/** What the settings page shows about the engine. */
export function engineStatus(cfg: AsrConfig): {
  engine: string | null;
  configured: boolean;
  message: string;
  detail: string | null;
} {
  if (!cfg.engine)
    return {
      engine: null,
      configured: false,
      message: '未配置语音识别引擎',
      detail: '设置 ASR_ENGINE=sherpa|openai|funasr 后重启服务；录音的音频指标不受影响',
    };
  try {
    createEngine(cfg);
  } catch (e) {
    return {
      engine: cfg.engine,
      configured: false,
      message: `语音识别引擎 ${cfg.engine} 配置有误`,
      detail: (e as Error).message,
    };
  }
  const detail =
    cfg.engine === 'openai'
      ? `${cfg.openai.baseUrl}/v1/audio/transcriptions，模型 ${cfg.openai.model}`
      : cfg.engine === 'funasr'
        ? cfg.funasr.url
        : (cfg.modelDir ?? null);
  return { engine: cfg.engine, configured: true, message: `已配置语音识别引擎：${cfg.engine}`, detail };
}
