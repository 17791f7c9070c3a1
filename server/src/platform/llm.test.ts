import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeReply, type FakeRequest, type FakeServer, fakeServer } from '../test/fakeHttp';
import { createLlmClient, isStrictCompatible, LlmError, toResponseSchema } from './llm';
import { OUTBOUND_MESSAGES } from './outbound';

const Summary = z.object({ summary: z.string(), labels: z.array(z.number().int().min(1).max(5)) });
const messages = [{ role: 'user' as const, content: '请总结这通电话' }];

/** An OpenAI chat-completions answer whose message content is `content`. */
const completion = (content: string): FakeReply => ({
  json: { id: 'c1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] },
});

describe('platform/llm: OpenAI-compatible chat completions with JSON output', () => {
  let fake: FakeServer;
  let replies: (FakeReply | ((req: FakeRequest) => Promise<FakeReply>))[];

  beforeAll(async () => {
    fake = await fakeServer(async (req) => {
      const next = replies.shift();
      if (!next) return { status: 500, json: { error: { message: 'no reply scripted' } } };
      return typeof next === 'function' ? next(req) : next;
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    replies = [];
    fake.requests.length = 0;
  });

  const client = (extra: { apiKey?: string; timeoutMs?: number } = {}) =>
    createLlmClient({ baseUrl: `${fake.url}/v1/`, apiKey: 'sk-test-1234', model: 'qwen-plus', ...extra });

  it('posts the messages with the JSON-schema response format and answers the validated object', async () => {
    replies.push(completion('{"summary":"客户想了解试听课","labels":[2]}'));
    const out = await client().chatJson(messages, Summary, 'call_summary');
    expect(out).toEqual({ summary: '客户想了解试听课', labels: [2] });
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0];
    expect(req.method).toBe('POST');
    expect(req.url.pathname).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test-1234');
    const body = JSON.parse(req.body);
    expect(body).toMatchObject({
      model: 'qwen-plus',
      temperature: 0,
      messages,
      response_format: { type: 'json_schema', json_schema: { name: 'call_summary', strict: true } },
    });
    expect(body.response_format.json_schema.schema).toMatchObject({
      type: 'object',
      required: ['summary', 'labels'],
      additionalProperties: false,
    });
    expect(body.response_format.json_schema.schema.$schema).toBeUndefined();
  });

  it('sends no Authorization header without a key (Ollama, a local vLLM) and reads an answer in a code fence', async () => {
    replies.push(completion('```json\n{"summary":"好","labels":[]}\n```'));
    expect(await client({ apiKey: '' }).chatJson(messages, Summary, 's')).toEqual({ summary: '好', labels: [] });
    expect(fake.requests[0].headers.authorization).toBeUndefined();
  });

  it('gives up after the time limit with 超时, without a second attempt', async () => {
    replies.push(async () => {
      await new Promise((r) => setTimeout(r, 400));
      return completion('{"summary":"迟到","labels":[]}');
    });
    const err = await client({ timeoutMs: 100 })
      .chatJson(messages, Summary, 's')
      .catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.kind).toBe('timeout');
    // the same text as a refused connection: a filtered port and a closed one look alike
    expect(err.message).toBe(OUTBOUND_MESSAGES.network);
    expect(fake.requests).toHaveLength(1);
  });

  it('retries once after an answer that is not JSON and takes the good second answer', async () => {
    replies.push(completion('好的，这是总结：客户有兴趣'), completion('{"summary":"客户有兴趣","labels":[2]}'));
    expect(await client().chatJson(messages, Summary, 's')).toEqual({ summary: '客户有兴趣', labels: [2] });
    expect(fake.requests).toHaveLength(2);
  });

  it('fails with 返回内容不是有效的 JSON when both attempts are not JSON', async () => {
    replies.push(completion('不是 JSON'), completion('还不是'));
    await expect(client().chatJson(messages, Summary, 's')).rejects.toThrow('返回内容不是有效的 JSON');
    expect(fake.requests).toHaveLength(2);
  });

  it('answers HTTP 401 密钥无效 at once (no retry), never the server message', async () => {
    replies.push({ status: 401, json: { error: { message: 'Incorrect API key provided' } } });
    const err = await client()
      .chatJson(messages, Summary, 's')
      .catch((e) => e);
    expect(err.message).toBe('HTTP 401 密钥无效');
    expect(err.status).toBe(401);
    expect(fake.requests).toHaveLength(1);
  });

  it('retries once on 5xx and 429', async () => {
    replies.push({ status: 503, text: 'busy' }, completion('{"summary":"a","labels":[1]}'));
    expect((await client().chatJson(messages, Summary, 's')).labels).toEqual([1]);
    replies.push({ status: 429, json: { error: { message: 'rate limit' } } }, { status: 429, json: {} });
    await expect(client().chatJson(messages, Summary, 's')).rejects.toThrow('HTTP 429 请求过于频繁或额度不足');
  });

  it('names the fields when the answer does not match the schema (after one retry)', async () => {
    replies.push(completion('{"summary":1,"labels":[9]}'), completion('{"summary":"x","labels":[9]}'));
    const err = await client()
      .chatJson(messages, Summary, 's')
      .catch((e) => e);
    expect(err.kind).toBe('schema');
    expect(err.message).toMatch(/^字段校验失败: labels\.0 /);
    expect(fake.requests).toHaveLength(2);
  });

  it('says when the server cannot be reached', async () => {
    const gone = createLlmClient({ baseUrl: 'http://127.0.0.2:9/v1', model: 'm', timeoutMs: 2000 });
    await expect(gone.chatJson(messages, Summary, 's')).rejects.toThrow(OUTBOUND_MESSAGES.network);
  });

  it('never repeats the far side: error bodies, refusals and unparsable answers have fixed texts', async () => {
    replies.push(
      { status: 500, text: 'root:x:0:0 internal secret' },
      { status: 500, text: 'root:x:0:0 internal secret' },
    );
    const err = await client()
      .chatJson(messages, Summary, 's')
      .catch((e) => e);
    expect(err.message).toBe('HTTP 500 模型服务内部错误');
    replies.push(completion('secret-from-inside'), completion('secret-from-inside'));
    const json = await client()
      .chatJson(messages, Summary, 's')
      .catch((e) => e);
    expect(json.message).toBe('返回内容不是有效的 JSON');
  });

  it('refuses internal base URLs without sending anything (the outbound-address policy)', async () => {
    for (const baseUrl of [
      'http://127.0.0.1:8080/v1',
      'http://169.254.169.254/v1',
      'http://[::1]:8080/v1',
      'http://2130706433:8080/v1',
      'http://example.com/v1#',
    ]) {
      const err = await createLlmClient({ baseUrl, apiKey: 'sk-x', model: 'm' })
        .chatJson(messages, Summary, 's')
        .catch((e) => e);
      expect(err.kind, baseUrl).toBe('address');
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('falls back to a JSON object with the schema in the prompt when the server refuses json_schema', async () => {
    replies.push(
      { status: 400, json: { error: { message: 'This response_format type is unavailable now' } } },
      completion('{"summary":"改用 json_object","labels":[]}'),
      completion('{"summary":"仍用 json_object","labels":[]}'),
    );
    const c = client();
    expect((await c.chatJson(messages, Summary, 's')).summary).toBe('改用 json_object');
    const second = JSON.parse(fake.requests[1].body);
    expect(second.response_format).toEqual({ type: 'json_object' });
    expect(second.messages[0].content).toContain('JSON Schema');
    await c.chatJson(messages, Summary, 's');
    expect(JSON.parse(fake.requests[2].body).response_format).toEqual({ type: 'json_object' });
  });

  it('probe sends a small structured request and measures it', async () => {
    replies.push(completion('{"reply":"ok"}'));
    const { latencyMs } = await client().probe();
    expect(latencyMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(fake.requests[0].body).response_format.json_schema.name).toBe('probe');
  });

  it('sends a schema with optional fields non-strict', () => {
    expect(isStrictCompatible(toResponseSchema(Summary))).toBe(true);
    expect(isStrictCompatible(toResponseSchema(z.object({ a: z.string().optional() })))).toBe(false);
    expect(isStrictCompatible(toResponseSchema(z.object({ a: z.array(z.object({ b: z.number().optional() })) })))).toBe(
      false,
    );
  });
});
