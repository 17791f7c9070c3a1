/**
 * The practice settings, from the environment (README "Configuration"): how often the browser beats, how long a
 * silent session lives, how long the organisation's model may take for one customer line, how long a voice
 * credential lasts, and the trial minutes an organisation gets at its first practice.
 */
export interface PracticeSettings {
  heartbeatSeconds: number;
  timeoutSeconds: number;
  llmTimeoutMs: number;
  secretSeconds: number;
  trialMinutes: number;
}

const int = (v: string | undefined, fallback: number, min: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= min ? n : fallback;
};

export function practiceSettings(env: NodeJS.ProcessEnv = process.env): PracticeSettings {
  const heartbeatSeconds = int(env.PRACTICE_HEARTBEAT_SECONDS, 15, 1);
  return {
    heartbeatSeconds,
    timeoutSeconds: Math.max(int(env.PRACTICE_TIMEOUT_SECONDS, 60, 2), heartbeatSeconds + 1),
    llmTimeoutMs: int(env.PRACTICE_LLM_TIMEOUT_MS, 20_000, 100),
    secretSeconds: int(env.PRACTICE_SECRET_SECONDS, 300, 10),
    trialMinutes: int(env.PRACTICE_TRIAL_MINUTES, 60, 0),
  };
}
