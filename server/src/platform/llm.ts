import { z } from 'zod';
import { joinUrl, type OutboundError, readText, safeFetch } from './outbound';

/**
 * A client of any OpenAI-compatible chat-completions endpoint (DeepSeek, Qwen/DashScope, vLLM, Ollama, OpenAI …)
 * that answers structured JSON: the zod schema is sent as the JSON-schema response format and the answer is parsed
 * and validated against it. No SDK: `safeFetch` (platform/outbound.ts), because the base URL is an organisation's
 * choice: the outbound-address policy applies, and nothing the far side answers is echoed in an error.
 */

export interface LlmConfig {
  /** Up to and including the version, e.g. `https://api.deepseek.com/v1`, `http://localhost:11434/v1`. */
  baseUrl: string;
  /** Empty for servers that take none (Ollama, a local vLLM). */
  apiKey?: string | null;
  model: string;
  /** Time limit of one attempt. */
  timeoutMs?: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmClient {
  readonly model: string;
  /** One chat completion whose answer is a JSON object of `schema`; one retry on a transient or malformed answer. */
  chatJson<T>(messages: ChatMessage[], schema: z.ZodType<T>, schemaName: string): Promise<T>;
  /** A small structured request through the whole path (address, key, model, JSON output): how long it took. */
  probe(): Promise<{ latencyMs: number }>;
  /**
   * One chat completion in plain text, streamed (`stream: true`, server-sent events): the pieces as they come. The
   * time limit covers the whole answer; no retry (a caller falls back instead). Throws LlmError.
   */
  chatStream(messages: ChatMessage[], opts?: StreamOptions): AsyncIterable<string>;
}

export interface StreamOptions {
  temperature?: number;
  maxTokens?: number;
  /** Stops the request (a caller's own, shorter time limit): ends in LlmError 'timeout'. */
  signal?: AbortSignal;
}

export type LlmErrorKind = 'address' | 'timeout' | 'network' | 'http' | 'json' | 'schema' | 'empty';

/** A failed call; `message` says the cause in Chinese, as the model test and the analysis error show it. */
export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }

  /** Worth one more attempt: the connection, the server's load, or a malformed answer (models vary per sample). */
  get retryable(): boolean {
    if (this.kind === 'http') return this.status === 429 || (this.status ?? 0) >= 500;
    return this.kind === 'network' || this.kind === 'json' || this.kind === 'schema' || this.kind === 'empty';
  }
}

export const DEFAULT_LLM_TIMEOUT_MS = 60_000;

const ProbeAnswer = z.object({ reply: z.string() });

export function createLlmClient(cfg: LlmConfig): LlmClient {
  const url = safeUrl(cfg.baseUrl);
  const timeoutMs = cfg.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  // Servers that refuse the JSON-schema response format (DeepSeek takes only json_object) are asked for a JSON
  // object with the schema in the prompt instead, from then on.
  let schemaFormat = true;

  async function attempt<T>(messages: ChatMessage[], schema: z.ZodType<T>, name: string): Promise<T> {
    const jsonSchema = toResponseSchema(schema);
    const body = {
      model: cfg.model,
      temperature: 0,
      messages: schemaFormat ? messages : withSchemaPrompt(messages, jsonSchema),
      response_format: schemaFormat
        ? { type: 'json_schema', json_schema: { name, strict: isStrictCompatible(jsonSchema), schema: jsonSchema } }
        : { type: 'json_object' },
    };
    const res = await post(body);
    const text = await readText(res).catch((e: Error) => {
      throw new LlmError('network', e.message);
    });
    if (!res.ok) {
      if (res.status === 400 && schemaFormat && /response_format|json_schema/i.test(text)) {
        schemaFormat = false;
        return attempt(messages, schema, name);
      }
      throw httpError(res.status, cfg.model);
    }
    return parseAnswer(text, schema);
  }

  async function post(body: unknown, signal?: AbortSignal): Promise<Response> {
    if (url instanceof LlmError) throw url;
    const started = performance.now();
    try {
      return await safeFetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        timeoutMs,
        signal,
      });
    } catch (e) {
      // one fixed text per cause: a refused address, or a connection that failed or timed out (never which)
      const err = e as OutboundError;
      if (err.kind === 'blocked' || err.kind === 'invalid') throw new LlmError('address', err.message);
      // the same text; only the kind (not shown) tells a spent time limit, which is not worth a second attempt
      const spent = performance.now() - started >= timeoutMs - 20;
      throw new LlmError(spent ? 'timeout' : 'network', err.message);
    }
  }

  async function chatJson<T>(messages: ChatMessage[], schema: z.ZodType<T>, schemaName: string): Promise<T> {
    try {
      return await attempt(messages, schema, schemaName);
    } catch (e) {
      if (!(e instanceof LlmError) || !e.retryable) throw e;
      return attempt(messages, schema, schemaName);
    }
  }

  async function* chatStream(messages: ChatMessage[], opts: StreamOptions = {}): AsyncIterable<string> {
    const started = performance.now();
    const res = await post(
      {
        model: cfg.model,
        stream: true,
        temperature: opts.temperature ?? 0.7,
        ...(opts.maxTokens ? { max_tokens: opts.maxTokens } : {}),
        messages,
      },
      opts.signal,
    ).catch((e) => {
      if (opts.signal?.aborted) throw new LlmError('timeout', '模型应答超时');
      throw e;
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw httpError(res.status, cfg.model);
    }
    if (!res.body) throw new LlmError('empty', '返回内容为空');
    let any = false;
    try {
      for await (const piece of sseContent(res.body)) {
        any = true;
        yield piece;
      }
    } catch (e) {
      if (e instanceof LlmError) throw e;
      const spent = opts.signal?.aborted || performance.now() - started >= timeoutMs - 20;
      throw new LlmError(spent ? 'timeout' : 'network', spent ? '模型应答超时' : '连接中断');
    }
    if (!any) throw new LlmError('empty', '返回内容为空');
  }

  return {
    model: cfg.model,
    chatStream,
    chatJson,
    async probe() {
      const started = performance.now();
      await chatJson(
        [
          { role: 'system', content: '你是连通性测试助手，只输出 JSON。' },
          { role: 'user', content: '请把 reply 设为 "ok"。' },
        ],
        ProbeAnswer,
        'probe',
      );
      return { latencyMs: Math.round(performance.now() - started) };
    },
  };
}

/** The JSON schema of the answer, as the response format carries it (no `$schema` line: some servers refuse it). */
export function toResponseSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}

/**
 * OpenAI's strict mode takes only objects whose every property is required and that allow no others; a schema with
 * an optional field is sent non-strict rather than refused.
 */
export function isStrictCompatible(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(isStrictCompatible);
  if (!node || typeof node !== 'object') return true;
  const n = node as Record<string, unknown>;
  if (n.type === 'object' || n.properties) {
    const props = Object.keys((n.properties as object) ?? {});
    const required = new Set((n.required as string[]) ?? []);
    if (n.additionalProperties !== false || props.some((p) => !required.has(p))) return false;
  }
  return Object.values(n).every(isStrictCompatible);
}

function withSchemaPrompt(messages: ChatMessage[], jsonSchema: object): ChatMessage[] {
  const instruction: ChatMessage = {
    role: 'system',
    content: `只输出一个 JSON 对象，不要输出其他文字。它必须符合以下 JSON Schema：\n${JSON.stringify(jsonSchema)}`,
  };
  return [instruction, ...messages];
}

/** The chat-completions URL of a base URL, or why it cannot be used. */
function safeUrl(baseUrl: string): string | LlmError {
  try {
    return joinUrl(baseUrl, 'chat/completions');
  } catch (e) {
    return new LlmError('address', (e as Error).message);
  }
}

/**
 * The status and a fixed text: the far side's body is never repeated (an internal service's answer would be read
 * through it).
 */
function httpError(status: number, model: string): LlmError {
  const cause =
    status === 401
      ? '密钥无效'
      : status === 403
        ? '无权使用该模型'
        : status === 404
          ? `接口地址或模型（${model}）不存在`
          : status === 429
            ? '请求过于频繁或额度不足'
            : status >= 500
              ? '模型服务内部错误'
              : '请求被拒绝';
  return new LlmError('http', `HTTP ${status} ${cause}`, status);
}

function parseAnswer<T>(text: string, schema: z.ZodType<T>): T {
  let content: unknown;
  try {
    const json = JSON.parse(text) as { choices?: { message?: { content?: unknown; refusal?: unknown } }[] };
    const message = json.choices?.[0]?.message;
    if (typeof message?.refusal === 'string' && message.refusal) throw new LlmError('empty', '模型拒绝回答');
    content = message?.content;
  } catch (e) {
    if (e instanceof LlmError) throw e;
    throw new LlmError('json', '返回内容不是有效的 JSON（接口应答无法解析）');
  }
  if (typeof content !== 'string' || !content.trim()) throw new LlmError('empty', '返回内容为空');
  let value: unknown;
  try {
    value = JSON.parse(stripFence(content));
  } catch {
    throw new LlmError('json', '返回内容不是有效的 JSON');
  }
  const checked = schema.safeParse(value);
  if (!checked.success) {
    const issues = checked.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(根)'} ${i.message}`)
      .join('；');
    throw new LlmError('schema', `字段校验失败: ${issues}`);
  }
  return checked.data;
}

/** Some models wrap the object in a Markdown code fence even when asked for JSON. */
function stripFence(content: string): string {
  const m = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  return m ? m[1] : content;
}

/** The `choices[0].delta.content` pieces of an OpenAI-style event stream (`data: {...}` lines, `data: [DONE]`). */
async function* sseContent(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let total = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > 4 * 1024 * 1024) throw new LlmError('json', '返回内容过长');
    buffer += decoder.decode(chunk, { stream: true });
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf('\n');
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      let json: { choices?: { delta?: { content?: unknown } }[] };
      try {
        json = JSON.parse(data);
      } catch {
        throw new LlmError('json', '返回内容不是有效的 JSON（流式应答无法解析）');
      }
      const piece = json.choices?.[0]?.delta?.content;
      if (typeof piece === 'string' && piece) yield piece;
    }
  }
}
