// The whole pipeline with the `openai` engine pointed at a local fake server:
// upload → asr job → transcript → getAsrText (what the call detail shows); role swap; failure → 失败 with reason → rerun.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contract } from '@crm/core/contract';
import type { UploadedFile } from '@crm/core/contract/recording';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiResponse, type TestApp, type TestOrg, useTestApp } from '../../test/harness';
import { multipart, read, speech, stereoCall } from '../../test/recording';
import { setRecordingRow } from '../../test/rows';

let requests = 0;
let failNext = false;
let lastPrompt = '';
const fake = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (d) => chunks.push(d));
  req.on('end', () => {
    requests++;
    const body = Buffer.concat(chunks).toString('utf8');
    lastPrompt = body.match(/name="prompt"\r\n\r\n([^\r]*)/)?.[1] ?? '';
    if (failNext) {
      failNext = false;
      res.writeHead(503).end('GPU busy');
      return;
    }
    // Each channel is sent on its own: answer one sentence per request, like a real server would.
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ text: `第${requests}句`, segments: [{ start: 0.5, end: 2.0, text: `第${requests}句` }] }));
  });
});
await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
afterAll(() => new Promise<void>((r) => fake.close(() => r())));
process.env.ASR_ENGINE = 'openai';
process.env.ASR_OPENAI_BASE_URL = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
process.env.ASR_OPENAI_MODEL = 'whisper-test';

const R = '/api/robot';
const A = '/api/analysis';

async function upload(
  t: TestApp,
  token: string,
  path: string,
  fileName: string,
  fields: Record<string, string | number> = {},
) {
  const { body, headers } = multipart(fields, [{ fileName, data: read(path) }]);
  // one file: its answer is that file's (the call's answer also covers several)
  return t.callRaw(contract.recording.upload, body, { token, headers }) as Promise<ApiResponse<UploadedFile>>;
}

async function settled(t: TestApp, token: string, id: number) {
  const end = Date.now() + 40000;
  for (;;) {
    const r = await t.call(contract.asr.getAsrText, { recordId: id }, { token });
    if ((r.data.asrStatus === 3 || r.data.asrStatus === 4) && r.data.metricsStatus >= 3) return r;
    if (Date.now() > end) return r;
    await new Promise((res) => setTimeout(res, 300));
  }
}

describe('asr pipeline (openai engine, fake server)', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;
  let id: number;

  it('hot words: saved per organisation, validated, admin only', async () => {
    org = await t().newOrg();
    other = await t().newOrg();
    const save = await t().call(
      contract.asr.saveConfig,
      { hotWords: ['小鹅通', ' 续费 ', '小鹅通'] },
      { token: org.admin.token },
    );
    expect(save.data.hotWords).toEqual(['小鹅通', '续费']);
    const cfg = await t().call(contract.asr.getConfig, undefined, { token: org.seat.token });
    expect(cfg.data).toMatchObject({ hotWords: ['小鹅通', '续费'], engine: 'openai', configured: true });
    expect((await t().call(contract.asr.getConfig, undefined, { token: other.admin.token })).data.hotWords).toEqual([]);
    expect((await t().call(contract.asr.saveConfig, { hotWords: ['x'] }, { token: org.seat.token })).status).toBe(403);
    expect(
      (
        await t().call(
          contract.asr.saveConfig,
          { hotWords: ['一二三四五六七八九十一二三四五六七八九十一'] },
          { token: org.admin.token },
        )
      ).msg,
    ).toContain('热词');
    expect((await t().call(contract.asr.getConfig)).code).toBe(10);
  });

  it('upload → transcript per channel (agent left, customer right) → getAsrText', async () => {
    const call = stereoCall('您好，我是小王，请问您现在方便吗', '方便，你说吧', 3.5);
    const res = await upload(t(), org.seat.token, call, 'call.wav', { callType: 1 });
    expect(res.code).toBe(1);
    id = res.data.recordId!;
    const r = await settled(t(), org.seat.token, id);
    expect(r.data.asrStatus).toBe(3);
    expect(r.data.asrStatusName).toBe('已完成');
    expect(r.data.engine).toBe('openai');
    const segs = r.data.transcript!.segments;
    expect(segs).toHaveLength(2);
    expect(segs.map((s: any) => s.speaker).sort()).toEqual(['agent', 'customer']);
    expect(segs[0]).toMatchObject({ startMs: 500, endMs: 2000 });
    expect(r.data.text).toMatch(/^(销售|客户)：第\d句\n(销售|客户)：第\d句$/);
    // a signed, short-lived media link, never the session token
    expect(r.data.playUrl).toMatch(/^\/api\/robot\/recording\/v1\/play\?media=[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(r.data.metrics!.perChannel).toBe(true);
    expect(lastPrompt).toBe('小鹅通，续费');
    const text = await t().call(contract.asr.text, { id }, { token: org.seat.token });
    expect(text.data.text).toBe(r.data.text);
    const get = await t().call(contract.asr.get, { id }, { token: org.seat.token });
    expect(get.data.transcript!.segments).toEqual(segs);
    expect((await t().call(contract.asr.get, { id }, { token: other.admin.token })).code).toBe(404);
    expect((await t().call(contract.asr.getAsrText, { recordId: id }, { token: other.admin.token })).code).toBe(404);
    expect((await t().call(contract.asr.getAsrText, { recordId: id })).code).toBe(10);
    expect((await t().callRaw(contract.asr.get, {}, { token: org.seat.token })).status).toBe(400);
    const wx = await t().call(contract.asr.getAsrTextForWechatType, { recordId: id }, { token: org.seat.token });
    expect(wx.data.transcript!.segments).toEqual(segs);
  });

  it('role swaps agent and customer (and the talk metrics with them)', async () => {
    const before = (await t().call(contract.asr.get, { id }, { token: org.seat.token })).data;
    const swap = await t().call(contract.asr.swapRole, { id }, { token: org.seat.token });
    expect(swap.data.rolesSwapped).toBe(true);
    const after = (await t().call(contract.asr.get, { id }, { token: org.seat.token })).data;
    expect(after.transcript!.segments.map((s: any) => s.speaker)).toEqual(
      before.transcript!.segments.map((s: any) => (s.speaker === 'agent' ? 'customer' : 'agent')),
    );
    expect(after.metrics!.agentTalkMs).toBe(before.metrics!.customerTalkMs);
    expect((await t().call(contract.asr.swapRole, { id }, { token: other.admin.token })).code).toBe(404);
  });

  it('a failing engine leaves 失败 with the reason; rerun transcribes again; runs are recorded', async () => {
    failNext = true;
    const mono = speech('这是一段单声道录音');
    const res = await upload(t(), org.seat.token, mono, 'mono.wav');
    const rid = res.data.recordId!;
    const end = Date.now() + 30000;
    let state: any;
    do {
      state = (
        await t().call(contract.recording.list, { pageNum: 1, pageSize: 10, asrStatus: [4] }, { token: org.seat.token })
      ).data;
      if (state.total) break;
      await new Promise((r) => setTimeout(r, 200));
    } while (Date.now() < end);
    expect(state.lists[0]).toMatchObject({ id: rid, asrStatus: 4, asrStatusName: '失败' });
    expect(state.lists[0].asrError).toContain('GPU busy');
    const rerun = await t().call(contract.asr.rerun, { id: rid }, { token: org.seat.token });
    expect(rerun.code).toBe(1);
    const r = await settled(t(), org.seat.token, rid);
    expect(r.data.asrStatus).toBe(3);
    expect(r.data.transcript!.segments).toHaveLength(1);
    expect(r.data.transcript!.segments[0].speaker).toBe('agent');
    const runs = await t().call(
      contract.asr.runs,
      { pageNum: 1, pageSize: 10, recordingId: rid },
      { token: org.admin.token },
    );
    expect(runs.data.lists.map((l: any) => l.status)).toContain(4);
    expect(runs.data.lists.map((l: any) => l.status)).toContain(3);
    // a seat sees the runs of the recordings it may see, not those of a colleague in another department
    const runsOf = async (token: string) =>
      (await t().call(contract.asr.runs, { pageNum: 1, pageSize: 10, recordingId: rid }, { token })).data.total;
    expect(await runsOf(org.seat.token)).toBeGreaterThanOrEqual(2);
    expect(await runsOf(org.otherSeat.token)).toBe(0);
    expect((await t().callRaw(contract.asr.rerun, { id: rid, what: 'nope' }, { token: org.seat.token })).msg).toContain(
      '重新识别内容',
    );
    expect((await t().call(contract.asr.rerun, { id: rid }, { token: other.admin.token })).code).toBe(404);
  });

  it('a transcript uploaded with the recording is kept (no engine call); asrCreate does not redo it', async () => {
    const before = requests;
    const mono = speech('您好，这里是售后');
    const transcript = JSON.stringify({
      durationMs: 3000,
      segments: [
        { speaker: 'agent', startMs: 0, endMs: 1500, text: '您好，这里是售后' },
        { speaker: 'customer', startMs: 1600, endMs: 2500, text: '我的订单没到' },
      ],
    });
    const res = await upload(t(), org.seat.token, mono, 'with-text.wav', { transcript });
    const rid = res.data.recordId!;
    const r = await t().call(contract.asr.getAsrText, { recordId: rid }, { token: org.seat.token });
    expect(r.data).toMatchObject({ asrStatus: 3, engine: 'upload' });
    expect(r.data.text).toBe('销售：您好，这里是售后\n客户：我的订单没到');
    const create = await t().call(contract.asr.create, { id: rid }, { token: org.seat.token });
    expect(create.data.asrStatus).toBe(3);
    expect(requests).toBe(before);
    const bad = await upload(t(), org.seat.token, speech('再来一段'), 'bad.wav', {
      transcript: '{"segments":[{"speaker":"x"}]}',
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('转写文本');
  });

  it("another organisation's recording id is refused by every ASR call and changes nothing", async () => {
    const foreign = { token: other.admin.token };
    const before = (await t().call(contract.asr.get, { id }, { token: org.seat.token })).data;
    const engineCalls = requests;
    for (const path of ['asrCreate', 'asrGet', 'asrText', 'asrRole', 'asrRerun']) {
      const res = await t().post(`${R}/recording/v1/${path}`, { id }, foreign);
      expect(`${path} ${res.status} ${res.msg}`).toBe(`${path} 404 录音不存在`);
    }
    for (const path of ['getAsrText', 'getAsrTextForWechatType', 'getAsrTextForPersonalWechat']) {
      const res = await t().get(`${A}/asr/V1/${path}`, { ...foreign, query: { recordId: id } });
      expect(`${path} ${res.status}`).toBe(`${path} 404`);
    }
    const runs = await t().call(contract.asr.runs, { pageNum: 1, pageSize: 10, recordingId: id }, foreign);
    expect(runs.data.total).toBe(0);
    expect(requests).toBe(engineCalls);
    const after = (await t().call(contract.asr.get, { id }, { token: org.seat.token })).data;
    expect(after.rolesSwapped).toBe(before.rolesSwapped);
    expect(after.transcript!.segments).toEqual(before.transcript!.segments);
    // the personal-messaging variant answers the same transcript
    const personal = await t().call(
      contract.asr.getAsrTextForPersonalWechat,
      { recordId: id },
      { token: org.seat.token },
    );
    expect(personal.code, personal.msg).toBe(1);
    expect(personal.data.transcript!.segments).toEqual(before.transcript!.segments);
    expect(personal.data.playUrl).toMatch(/^\/api\/robot\/recording\/v1\/play\?media=/);
  });

  it('validation: a missing id or hot-word list is named once in the message', async () => {
    for (const path of ['asrCreate', 'asrGet', 'asrText', 'asrRole', 'asrRerun']) {
      const res = await t().post(`${R}/recording/v1/${path}`, {}, { token: org.seat.token });
      expect.soft(`${path} ${res.status} ${res.msg}`).toBe(`${path} 400 请选择录音`);
    }
    const hot = await t().callRaw(contract.asr.saveConfig, {}, { token: org.admin.token });
    expect.soft(`${hot.status} ${hot.msg}`).toBe('400 请传入热词列表');
  });

  it('the queues retry with backoff and take over a job whose worker died (heartbeat)', async () => {
    for (const name of ['asr', 'audio-metrics']) {
      const q = await t().ctx.jobs.boss.getQueue(name);
      expect(q).toMatchObject({ retryLimit: 3, retryBackoff: true, heartbeatSeconds: 60 });
    }
  });

  it('on start, recordings left 排队中 with no job are queued again', async () => {
    const { sql } = await import('drizzle-orm');
    await setRecordingRow(t(), id, { metricsStatus: 1, metrics: null, updatedAt: sql`now() - interval '1 hour'` });
    expect(await t().ctx.services.asr.requeueStale()).toBeGreaterThanOrEqual(1);
    const r = await settled(t(), org.seat.token, id);
    expect(r.data.metricsStatus).toBe(3);
    expect(r.data.metrics).not.toBeNull();
  });

  it('on start, recordings left 识别中/分析中 long after their job expired are run again; recent ones are left', async () => {
    const { sql } = await import('drizzle-orm');
    const stuck = (age: string) =>
      setRecordingRow(t(), id, {
        asrStatus: 2,
        metricsStatus: 2,
        metrics: null,
        updatedAt: sql`now() - ${sql.raw(`interval '${age}'`)}`,
      });
    await stuck('5 minutes');
    expect(await t().ctx.services.asr.requeueStale()).toBe(0);
    await stuck('3 hours');
    expect(await t().ctx.services.asr.requeueStale()).toBe(1);
    const r = await settled(t(), org.seat.token, id);
    expect(r.data).toMatchObject({ asrStatus: 3, metricsStatus: 3 });
    expect(r.data.metrics).not.toBeNull();
  });
});
