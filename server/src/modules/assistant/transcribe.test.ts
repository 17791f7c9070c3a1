// 语音输入 of the assistant: a clip recorded by the browser is transcribed by the installation's engine (`openai`
// pointed at a local fake server) with the organisation's hot words, and its text answered; nothing is stored.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contract } from '@crm/core/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { ok, refused } from '../../test/org';
import { read, speech } from '../../test/recording';

let prompt = '';
let fail = false;
const fake = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (d) => chunks.push(d));
  req.on('end', () => {
    prompt =
      Buffer.concat(chunks)
        .toString('utf8')
        .match(/name="prompt"\r\n\r\n([^\r]*)/)?.[1] ?? '';
    if (fail) {
      res.writeHead(503).end('busy');
      return;
    }
    res.setHeader('content-type', 'application/json');
    const segments = [
      { start: 0.2, end: 1.0, text: '价格有点贵' },
      { start: 1.1, end: 2.0, text: '我再考虑一下' },
    ];
    res.end(JSON.stringify({ text: '价格有点贵我再考虑一下', segments }));
  });
});
await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
afterAll(() => new Promise<void>((r) => fake.close(() => r())));
process.env.ASR_ENGINE = 'openai';
process.env.ASR_OPENAI_BASE_URL = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
process.env.ASR_OPENAI_MODEL = 'whisper-test';

describe('/hkzs/transcribe', () => {
  const t = useTestApp();

  it('answers the text of the clip; the hot words go with it; a failing engine is refused', async () => {
    const org = await t().newOrg();
    ok(await t().call(contract.asr.saveConfig, { hotWords: ['星辰教育'] }, { token: org.admin.token }));
    const audio = read(speech('价格有点贵，我再考虑一下')).toString('base64');
    const a = ok(await t().call(contract.assistant.transcribe, { format: 'wav', audio }, { token: org.seat.token }));
    expect(a.text).toBe('价格有点贵，我再考虑一下');
    expect(prompt).toContain('星辰教育');
    refused(
      await t().call(
        contract.assistant.transcribe,
        { format: 'wav', audio: 'AAAAAAAAAAAAAAAAAAAAAAAA' },
        { token: org.seat.token },
      ),
      400,
      '无法读取录音，请重新录音',
    );
    fail = true;
    refused(
      await t().call(contract.assistant.transcribe, { format: 'wav', audio }, { token: org.seat.token }),
      400,
      '语音识别失败，请稍后重试',
    );
    fail = false;
  });
});
