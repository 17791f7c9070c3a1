/** Speech-to-text configuration, read from the environment (README: 语音识别). */
export interface AsrConfig {
  /** 'sherpa' | 'openai' | 'funasr'; undefined: no engine (transcripts say 未配置语音识别引擎, metrics still run). */
  engine?: 'sherpa' | 'openai' | 'funasr';
  openai: { baseUrl: string; apiKey: string; model: string; language: string };
  funasr: { url: string };
  /** Directory of a sherpa-onnx model (Paraformer-zh or SenseVoice): model.onnx or model.int8.onnx and tokens.txt. */
  modelDir?: string;
  /** The channel the salesperson is on in stereo recordings; the other is the customer. */
  agentChannel: 'left' | 'right';
  /** Seconds an engine call may take before it counts as failed. */
  timeoutSeconds: number;
}

export function loadAsrConfig(env: NodeJS.ProcessEnv = process.env): AsrConfig {
  const engine = (env.ASR_ENGINE ?? '').trim().toLowerCase();
  if (engine && engine !== 'none' && !['sherpa', 'openai', 'funasr'].includes(engine))
    throw new Error(`ASR_ENGINE=${engine} 无效：可选 sherpa、openai、funasr 或留空`);
  return {
    engine: engine && engine !== 'none' ? (engine as AsrConfig['engine']) : undefined,
    openai: {
      baseUrl: (env.ASR_OPENAI_BASE_URL ?? 'https://api.openai.com').replace(/\/+$/, '').replace(/\/v1$/, ''),
      apiKey: env.ASR_OPENAI_API_KEY ?? '',
      model: env.ASR_OPENAI_MODEL ?? 'whisper-1',
      language: env.ASR_LANGUAGE ?? 'zh',
    },
    funasr: { url: env.ASR_FUNASR_URL ?? 'ws://127.0.0.1:10095' },
    modelDir: env.ASR_MODEL_DIR || undefined,
    agentChannel: env.ASR_AGENT_CHANNEL === 'right' ? 'right' : 'left',
    timeoutSeconds: Number(env.ASR_TIMEOUT_SECONDS ?? 600),
  };
}
