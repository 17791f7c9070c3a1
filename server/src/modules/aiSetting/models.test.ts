import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OUTBOUND_MESSAGES } from '../../platform/outbound';
import { operationLog } from '../../platform/schema';
import { type FakeReply, type FakeServer, fakeServer } from '../../test/fakeHttp';
import { ok, refused } from '../../test/org';
import { KEY_FOR_NEW_ADDRESS, sealStoredKeys } from './models';
import { aiModel } from './schema';
import { B, expectForbidden, expectNoSession, useAiSettingApp } from './testKit';

const KEY = 'sk-test-secret-abcd';

describe('analysis models (/aiModel)', () => {
  const t = useAiSettingApp();
  let fake: FakeServer;
  let reply: FakeReply;
  beforeAll(async () => {
    fake = await fakeServer(() => reply);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    reply = { json: { choices: [{ message: { role: 'assistant', content: '{"reply":"ok"}' } }] } };
    fake.requests.length = 0;
  });

  const post = (path: string, body: object, token: string) => t().post(`${B}/aiModel/${path}`, body, { token });
  const list = async (token: string) => ok(await post('list', {}, token));
  const form = () => ({ name: '通义千问', baseUrl: `${fake.url}/v1/`, apiKey: KEY, model: 'qwen-plus' });

  it('answers code 10 without a session and 403 without analysis:edit', async () => {
    const org = await t().newOrg();
    await expectNoSession(
      t(),
      ['list', 'save', 'update', 'delete', 'test'].map((c) => ({ url: `${B}/aiModel/${c}` })),
    );
    await expectForbidden(t(), org.seat.token, [
      { url: `${B}/aiModel/list` },
      { url: `${B}/aiModel/save`, body: form() },
      { url: `${B}/aiModel/update`, body: { id: 1, name: 'x' } },
      { url: `${B}/aiModel/delete`, body: { id: 1 } },
      { url: `${B}/aiModel/test`, body: form() },
    ]);
  });

  it('starts with the built-in model active; a saved model becomes active on request, its key never answered', async () => {
    const org = await t().newOrg();
    const tok = org.admin.token;
    const [builtin] = await list(tok);
    expect(builtin).toMatchObject({
      kind: 'builtin',
      kindName: '内置分析',
      active: true,
      baseUrl: null,
      apiKeyMasked: null,
    });
    expect(await t().ctx.services.aiSetting.llmFor(org.orgId)).toBeNull();

    refused(await post('save', { ...form(), baseUrl: 'ftp://x' }, tok), 400, '接口地址须以 http:// 或 https:// 开头');
    refused(await post('save', { ...form(), timeoutMs: 10 }, tok), 400, '超时时间不能小于 1000 毫秒');
    refused(await post('save', { ...form(), model: '' }, tok), 400, '请输入模型');
    const id = ok(await post('save', { ...form(), active: true }, tok)).id;
    const res = await post('list', {}, tok);
    expect(res.raw).not.toContain(KEY);
    const models = ok(res);
    expect(models.map((m: { active: boolean }) => m.active)).toEqual([false, true]);
    expect(models[1]).toMatchObject({
      id,
      kind: 'openai',
      baseUrl: `${fake.url}/v1`,
      apiKeyMasked: 'sk-****abcd',
      model: 'qwen-plus',
      timeoutMs: 60000,
    });

    const llm = await t().ctx.services.aiSetting.llmFor(org.orgId);
    expect(llm).toMatchObject({ name: '通义千问', model: 'qwen-plus' });
    const answer = await llm!.client.chatJson([{ role: 'user', content: 'hi' }], z.object({ reply: z.string() }), 'p');
    expect(answer).toEqual({ reply: 'ok' });
    expect(fake.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);

    // the operation log keeps the change, with the key masked
    const logs = await t()
      .database.db.select()
      .from(operationLog)
      .where(and(eq(operationLog.organizationId, org.orgId), like(operationLog.path, '%/aiModel/%')));
    expect(logs.map((l) => l.action)).toEqual(['新增分析模型']);
    expect(JSON.stringify(logs)).not.toContain(KEY);
    expect(JSON.stringify(logs[0].detail)).toContain('"apiKey":"******"');
  });

  it('updates (a blank key keeps the saved one), switches the active model, and keeps the built-in model', async () => {
    const org = await t().newOrg();
    const tok = org.admin.token;
    const [builtin] = await list(tok);
    const a = ok(await post('save', { ...form(), active: true }, tok)).id;
    const b = ok(await post('save', { ...form(), name: '本地 Ollama', apiKey: '' }, tok)).id;
    ok(await post('update', { id: a, name: 'DeepSeek', apiKey: '', model: 'deepseek-chat' }, tok));
    let models = await list(tok);
    expect(models.find((m: { id: number }) => m.id === a)).toMatchObject({
      name: 'DeepSeek',
      model: 'deepseek-chat',
      apiKeyMasked: 'sk-****abcd',
      active: true,
    });
    ok(await post('update', { id: b, active: true }, tok));
    models = await list(tok);
    expect(models.filter((m: { active: boolean }) => m.active).map((m: { id: number }) => m.id)).toEqual([b]);
    ok(await post('update', { id: b, active: false }, tok));
    expect((await list(tok)).find((m: { active: boolean }) => m.active).id).toBe(builtin.id);

    refused(
      await post('update', { id: builtin.id, baseUrl: 'http://x/v1' }, tok),
      400,
      '内置分析模型不能修改，只能设为启用',
    );
    refused(await post('update', { id: builtin.id, active: false }, tok), 400, '请启用另一个模型来替换内置分析模型');
    refused(await post('delete', { id: builtin.id }, tok), 400, '内置分析模型不能删除');
    ok(await post('update', { id: a, active: true }, tok));
    ok(await post('delete', { id: a }, tok));
    models = await list(tok);
    expect(models.map((m: { id: number }) => m.id)).toEqual([builtin.id, b]);
    expect(models[0].active).toBe(true);
    refused(await post('delete', { id: a }, tok), 404, '模型不存在');
  });

  it('test: the unsaved form or a saved model, against the fake server; a failure is an answer', async () => {
    const org = await t().newOrg();
    const tok = org.admin.token;
    const good = ok(await post('test', form(), tok));
    expect(good).toMatchObject({ ok: true });
    expect(good.latencyMs).toBeGreaterThanOrEqual(0);
    expect(good.message).toMatch(/^连接成功，耗时 \d+ ms$/);
    expect(JSON.parse(fake.requests[0].body)).toMatchObject({
      model: 'qwen-plus',
      response_format: { type: 'json_schema' },
    });

    reply = { status: 401, json: { error: { message: 'Incorrect API key provided' } } };
    expect(ok(await post('test', form(), tok))).toEqual({
      ok: false,
      latencyMs: null,
      message: '测试失败：HTTP 401 密钥无效',
    });
    reply = { json: { choices: [{ message: { content: '我不会输出 JSON' } }] } };
    expect(ok(await post('test', form(), tok)).message).toContain('返回内容不是有效的 JSON');

    // a saved model, tested with its saved key while the form leaves the key blank
    reply = { json: { choices: [{ message: { content: '{"reply":"ok"}' } }] } };
    const id = ok(await post('save', form(), tok)).id;
    fake.requests.length = 0;
    expect(ok(await post('test', { id, apiKey: '', model: 'qwen-max' }, tok)).ok).toBe(true);
    expect(fake.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(fake.requests[0].body).model).toBe('qwen-max');

    const [builtin] = await list(tok);
    expect(ok(await post('test', { id: builtin.id }, tok))).toMatchObject({ ok: true, latencyMs: 0 });
    refused(await post('test', { model: 'x' }, tok), 400, '请输入接口地址');
    refused(await post('test', { ...form(), baseUrl: 'localhost' }, tok), 400, '接口地址须以 http:// 或 https:// 开头');
  });

  describe('outbound-address policy and the stored key', () => {
    let inside: Server;
    let insideHits: { url: string; authorization?: string }[];
    let port: number;
    beforeAll(async () => {
      insideHits = [];
      // an internal service on loopback (not allow-listed): it must never be reached
      inside = createServer((req, res) => {
        insideHits.push({ url: req.url ?? '', authorization: req.headers.authorization });
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('INTERNAL-SECRET-BODY');
      });
      await new Promise<void>((r) => inside.listen(0, '127.0.0.1', r));
      port = (inside.address() as AddressInfo).port;
    });
    afterAll(() => {
      inside.closeAllConnections();
      inside.close();
    });
    beforeEach(() => {
      insideHits.length = 0;
    });

    const notations = (p: number) => [
      `http://127.0.0.1:${p}/v1`,
      `http://0.0.0.0:${p}/v1`,
      `http://2130706433:${p}/v1`,
      `http://127.1:${p}/v1`,
      `http://0x7f.1:${p}/v1`,
      `http://[::1]:${p}/v1`,
      `http://[::ffff:127.0.0.1]:${p}/v1`,
      'http://169.254.169.254/v1',
      'http://100.64.0.1/v1',
      'http://10.0.0.1/v1',
      'http://[fd00::1]/v1',
      'http://224.0.0.1/v1',
    ];

    it('test and update with a changed address and no key never send the stored key', async () => {
      const org = await t().newOrg();
      const tok = org.admin.token;
      const id = ok(await post('save', form(), tok)).id;
      refused(await post('test', { id, baseUrl: `http://127.0.0.1:${port}/v1` }, tok), 400, OUTBOUND_MESSAGES.blocked);
      // an allowed address that is not the saved one: the stored key is not sent there either
      refused(await post('test', { id, baseUrl: `${fake.url}/elsewhere/v1` }, tok), 400, KEY_FOR_NEW_ADDRESS);
      refused(
        await post('test', { id, baseUrl: `http://localhost:${port}/v1`, apiKey: '' }, tok),
        400,
        KEY_FOR_NEW_ADDRESS,
      );
      refused(await post('update', { id, baseUrl: `http://localhost:${port}/v1` }, tok), 400, KEY_FOR_NEW_ADDRESS);
      expect((await list(tok)).find((m: { id: number }) => m.id === id).baseUrl).toBe(`${fake.url}/v1`);
      // a changed address with the key entered again is tested with that key only
      fake.requests.length = 0;
      const other = `${fake.url}/other/v1`;
      expect(ok(await post('test', { id, baseUrl: other, apiKey: 'sk-new-key-9999' }, tok)).ok).toBe(true);
      expect(fake.requests[0].headers.authorization).toBe('Bearer sk-new-key-9999');
      ok(await post('update', { id, baseUrl: other, apiKey: 'sk-new-key-9999' }, tok));
      expect((await list(tok)).find((m: { id: number }) => m.id === id).apiKeyMasked).toBe('sk-****9999');
      // the same address (trailing slash aside) keeps the key
      ok(await post('update', { id, baseUrl: `${other}/`, name: '改名' }, tok));
      expect(insideHits).toEqual([]);
    });

    it('refuses internal addresses in every notation, on save, update and test; nothing reaches the listener', async () => {
      const org = await t().newOrg();
      const tok = org.admin.token;
      const id = ok(await post('save', form(), tok)).id;
      for (const baseUrl of notations(port)) {
        refused(await post('save', { ...form(), baseUrl }, tok), 400, `${OUTBOUND_MESSAGES.blocked}`);
        refused(await post('update', { id, baseUrl, apiKey: KEY }, tok), 400, `${OUTBOUND_MESSAGES.blocked}`);
        refused(await post('test', { id, baseUrl, apiKey: KEY }, tok), 400, `${OUTBOUND_MESSAGES.blocked}`);
      }
      refused(
        await post('save', { ...form(), baseUrl: `http://user:pw@example.com/v1` }, tok),
        400,
        `${OUTBOUND_MESSAGES.invalid}`,
      );
      // a name is checked where it resolves, at connect time
      expect(ok(await post('test', { ...form(), baseUrl: `http://localhost:${port}/v1` }, tok))).toEqual({
        ok: false,
        latencyMs: null,
        message: `测试失败：${OUTBOUND_MESSAGES.blocked}`,
      });
      const saved = ok(await post('save', { ...form(), baseUrl: `http://localhost:${port}/v1` }, tok)).id;
      const r = ok(await post('test', { id: saved }, tok));
      expect(r.message).toBe(`测试失败：${OUTBOUND_MESSAGES.blocked}`);
      expect(insideHits).toEqual([]);
    });

    it('a redirect to an internal address is not followed, and error bodies are never echoed', async () => {
      const org = await t().newOrg();
      const tok = org.admin.token;
      reply = { status: 307, text: 'moved' };
      const moved = ok(await post('test', form(), tok));
      expect(moved.ok).toBe(false);
      expect(insideHits).toEqual([]);
      reply = { status: 500, text: 'INTERNAL-SECRET-BODY' };
      const failed = ok(await post('test', form(), tok));
      expect(failed.message).toBe('测试失败：HTTP 500 模型服务内部错误');
      expect(JSON.stringify(failed)).not.toContain('INTERNAL-SECRET-BODY');
      // closed port and allow-listed address: one fixed message
      const closed = ok(await post('test', { ...form(), baseUrl: 'http://127.0.0.2:9/v1' }, tok));
      expect(closed.message).toBe(`测试失败：${OUTBOUND_MESSAGES.network}`);
    });

    it('keys are sealed at rest; keys stored in plain text before are sealed at start', async () => {
      const org = await t().newOrg();
      const tok = org.admin.token;
      const id = ok(await post('save', form(), tok)).id;
      const [row] = await t().ctx.db.select().from(aiModel).where(eq(aiModel.id, id));
      expect(row.apiKey).toMatch(/^enc:v1:/);
      expect(row.apiKey).not.toContain(KEY);
      await t().ctx.db.update(aiModel).set({ apiKey: 'sk-legacy-plain-7777' }).where(eq(aiModel.id, id));
      expect(await sealStoredKeys(t().ctx.db)).toBeGreaterThan(0);
      const [sealed] = await t().ctx.db.select().from(aiModel).where(eq(aiModel.id, id));
      expect(sealed.apiKey).toMatch(/^enc:v1:/);
      expect(await sealStoredKeys(t().ctx.db)).toBe(0);
      expect((await list(tok)).find((m: { id: number }) => m.id === id).apiKeyMasked).toBe('sk-****7777');
      fake.requests.length = 0;
      expect(ok(await post('test', { id }, tok)).ok).toBe(true);
      expect(fake.requests[0].headers.authorization).toBe('Bearer sk-legacy-plain-7777');
    });
  });

  it("another organisation's models are invisible and unchangeable", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const id = ok(await post('save', { ...form(), active: true }, org.admin.token)).id;
    const tok = other.admin.token;
    expect((await list(tok)).map((m: { kind: string }) => m.kind)).toEqual(['builtin']);
    refused(await post('update', { id, name: '改' }, tok), 404);
    refused(await post('update', { id, active: true }, tok), 404);
    refused(await post('delete', { id }, tok), 404);
    refused(await post('test', { id }, tok), 404);
    expect(await t().ctx.services.aiSetting.llmFor(other.orgId)).toBeNull();
    expect((await list(org.admin.token)).find((m: { id: number }) => m.id === id)).toMatchObject({
      name: '通义千问',
      active: true,
    });
  });
});
