import { contract } from '@crm/core/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fakeHttp';
import { useTestApp } from '../../test/harness';
import { ok, refused } from '../../test/org';
import { multipart, read, speech } from '../../test/recording';
import { doneOf, newScript, say } from './practiceTest';

// the organisation's ASR engine: an OpenAI-compatible transcription server played by a fake (read by the asr module)
const asr = await fakeServer(() => ({
  json: { text: '您好，我是课程顾问小王', segments: [{ start: 0, end: 1.2, text: '您好，我是课程顾问小王' }] },
}));
process.env.ASR_ENGINE = 'openai';
process.env.ASR_OPENAI_BASE_URL = asr.url;

describe('/chatScriptTrainingSession/voice (the voice channel)', () => {
  const t = useTestApp();
  const c = contract.chatScriptTrainingSession;
  afterAll(() => asr.close());

  const upload = (secret: string, data: Buffer) => {
    const { body, headers } = multipart({}, [{ fileName: 'voice.wav', data }]);
    return t().request(
      'POST',
      `/api/backend/chatScriptTrainingSession/voice?secret=${encodeURIComponent(secret)}`,
      body,
      {
        headers,
      },
    );
  };

  it('recognises the seat’s recording under the session’s credential; refuses a forged, foreign or ended one', async () => {
    const org = await t().newOrg();
    const scriptId = await newScript(t(), org);
    const id = ok(await t().call(c.start, { scriptId }, { token: org.seat.token })).sessionId;
    const { secret } = ok(await t().call(c.getTempSecret, { sessionId: id }, { token: org.seat.token }));
    const audio = read(speech('您好我是课程顾问'));

    const heard = ok(await upload(secret, audio));
    expect(heard).toEqual({ text: '您好，我是课程顾问小王' });
    expect(asr.requests.at(-1)?.url.pathname).toBe('/v1/audio/transcriptions');
    // what was heard is said as a spoken line
    const res = await t().post(
      '/api/backend/chatScriptTrainingSession/say',
      { sessionId: id, text: heard.text, via: 2 },
      { token: org.seat.token },
    );
    expect(res.raw).toContain('"via":2');

    refused(await upload(`${secret.slice(0, -2)}xx`, audio), 400, '语音凭证无效或已过期，请重新开始说话');
    refused(await t().request('POST', '/api/backend/chatScriptTrainingSession/voice', {}, {}), 400, /语音凭证/);
    refused(await upload(secret, Buffer.from('not audio')), 400, '无法读取录音，请重新录音');
    ok(await t().call(c.end, { sessionId: id }, { token: org.seat.token }));
    refused(await upload(secret, audio), 400, '本次陪练已结束');
    expect(
      doneOf(
        await say(
          t(),
          org.seat.token,
          ok(await t().call(c.start, { scriptId }, { token: org.seat.token })).sessionId,
          '您好',
        ),
      ).customer.speaker,
    ).toBe('customer');
  });
});
