/**
 * An OpenAI-compatible embeddings client (`POST {base}/embeddings`, `{ model, input: [...] }` →
 * `{ data: [{ index, embedding }] }`), configured by the environment (KNOWLEDGE_EMBEDDINGS_URL up to the version,
 * e.g. https://api.example.com/v1, KNOWLEDGE_EMBEDDINGS_MODEL, KNOWLEDGE_EMBEDDINGS_KEY). Through safeFetch: the
 * outbound-address policy applies.
 */
import { z } from 'zod';
import { joinUrl, readText, safeFetch } from '../../platform/outbound';

export interface EmbeddingsConfig {
  baseUrl: string;
  model: string;
  apiKey?: string | null;
  timeoutMs?: number;
}

export interface Embedder {
  embed(texts: string[]): Promise<number[][]>;
}

const Answer = z.object({ data: z.array(z.object({ index: z.number(), embedding: z.array(z.number()) })) });
const BATCH = 32;

export function embeddingsFromEnv(env: NodeJS.ProcessEnv = process.env): EmbeddingsConfig | null {
  if (!env.KNOWLEDGE_EMBEDDINGS_URL || !env.KNOWLEDGE_EMBEDDINGS_MODEL) return null;
  return {
    baseUrl: env.KNOWLEDGE_EMBEDDINGS_URL,
    model: env.KNOWLEDGE_EMBEDDINGS_MODEL,
    apiKey: env.KNOWLEDGE_EMBEDDINGS_KEY || null,
  };
}

export function createEmbedder(cfg: EmbeddingsConfig): Embedder {
  return {
    async embed(texts) {
      const url = joinUrl(cfg.baseUrl, 'embeddings');
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const input = texts.slice(i, i + BATCH);
        const res = await safeFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: cfg.model, input }),
          timeoutMs: cfg.timeoutMs ?? 30_000,
        });
        const text = await readText(res);
        if (!res.ok) throw new Error(`向量服务返回 HTTP ${res.status}`);
        let parsed: z.infer<typeof Answer>;
        try {
          parsed = Answer.parse(JSON.parse(text));
        } catch {
          throw new Error('向量服务的回答格式不正确');
        }
        const byIndex = [...parsed.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
        if (byIndex.length !== input.length) throw new Error('向量服务返回的条数不对');
        out.push(...byIndex);
      }
      return out;
    },
  };
}

/** Cosine similarity of two vectors (0 when either is empty or the lengths differ). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  if (!a.length || a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
