/**
 * A streaming speech recogniser as a guidance session uses it: open one stream per speaker, send 16-bit PCM as it
 * arrives, hear partial text (replaced by the next partial or by the sentence) and finished sentences.
 */

export interface StreamOptions {
  sampleRate: 8000 | 16000;
  /** A name for the stream in the engine's logs. */
  name: string;
  hotwords: string[];
}

export interface RecognisedSentence {
  text: string;
  /** From the start of the stream. */
  startMs: number;
  endMs: number;
}

export interface StreamListener {
  partial(text: string): void;
  sentence(s: RecognisedSentence): void;
  /** The engine failed or closed the stream before it was finished. */
  error(err: Error): void;
}

export interface AsrStream {
  /** 16-bit little-endian mono PCM at the stream's sample rate. */
  send(pcm: Buffer): void;
  /** Says the speaker stopped and waits for the last sentence (or the timeout). */
  finish(): Promise<void>;
  /** Drops the connection without waiting. */
  close(): void;
}

export interface StreamingAsr {
  readonly name: 'funasr' | 'dashscope';
  open(o: StreamOptions, on: StreamListener): Promise<AsrStream>;
}

/** How long `finish` waits for the engine's last sentence. */
export const FINISH_TIMEOUT_MS = 5000;
