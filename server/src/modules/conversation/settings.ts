/**
 * The conversation settings, from the environment (README "Configuration"): the quiet period after new messages
 * before a chat is analysed again, how long a /we link lasts, how far an assistant's clock may be off, and the
 * largest export a seat may upload.
 */
export interface ConversationSettings {
  analysisQuietSeconds: number;
  shareHours: number;
  assistantSkewSeconds: number;
  uploadMaxBytes: number;
}

const int = (v: string | undefined, fallback: number, min: number) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isInteger(n) && n >= min ? n : fallback;
};

export function conversationSettings(env: NodeJS.ProcessEnv = process.env): ConversationSettings {
  return {
    analysisQuietSeconds: int(env.CONVERSATION_ANALYSIS_QUIET_SECONDS, 300, 0),
    shareHours: int(env.CONVERSATION_SHARE_HOURS, 72, 1),
    assistantSkewSeconds: int(env.CONVERSATION_ASSISTANT_SKEW_SECONDS, 300, 10),
    uploadMaxBytes: int(env.CONVERSATION_UPLOAD_MAX_MB, 20, 1) * 1024 * 1024,
  };
}
