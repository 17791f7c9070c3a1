import { describe, expect, it } from 'vitest';
import { openAi } from '../../test/analysis';
import { useTestApp } from '../../test/harness';
import { multipart, read, speech } from '../../test/recording';
import { freshPhone, newKey, signedCall } from './openapiTest';

describe('/api/openapi/recording (recordings pushed by integrators)', () => {
  const t = useTestApp();

  it('uploads a signed multipart recording with its transcript; the analysis is read when done; scopes apply', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const key = await newKey(t(), org);
    await openAi(t(), org.admin.token);
    const app = t().built.app;
    const phone = freshPhone();
    const transcript = JSON.stringify({
      durationMs: 6000,
      segments: [
        { speaker: 'agent', startMs: 0, endMs: 2500, text: '您好，我是小王，想跟您介绍一下我们的课程' },
        { speaker: 'customer', startMs: 2600, endMs: 6000, text: '好的，价格多少，我很感兴趣，可以发资料给我' },
      ],
    });
    const form = multipart({ phone, transcript }, [
      { fileName: 'call.wav', data: read(speech('您好')), contentType: 'audio/wav' },
    ]);
    const up = await signedCall(app, key, { method: 'POST', url: '/api/openapi/recording/upload', raw: form });
    expect(up).toMatchObject({ msg: 'success', code: 1 });
    expect(up.data).toMatchObject({ duplicate: false, phone });
    const id = up.data.recordId;
    // the same bytes signed again (a new nonce) are the same recording
    const again = await signedCall(app, key, { method: 'POST', url: '/api/openapi/recording/upload', raw: form });
    expect(again.data).toMatchObject({ recordId: id, duplicate: true });
    // a body changed after signing is refused
    const tampered = multipart({ phone: freshPhone() }, [{ fileName: 'x.wav', data: read(speech('喂')) }]);
    const bad = await signedCall(app, key, {
      method: 'POST',
      url: '/api/openapi/recording/upload',
      raw: { body: tampered.body, headers: form.headers },
      send: undefined,
      secret: 'wrong',
    });
    expect(bad).toMatchObject({ status: 401, msg: '签名错误' });
    let analysis = (await signedCall(app, key, { method: 'GET', url: `/api/openapi/recording/analysis?id=${id}` }))
      .data;
    for (let i = 0; i < 120 && analysis.analysisStatus !== 3 && analysis.analysisStatus !== 4; i++) {
      await new Promise((r) => setTimeout(r, 500));
      analysis = (await signedCall(app, key, { method: 'GET', url: `/api/openapi/recording/analysis?id=${id}` })).data;
    }
    expect(analysis).toMatchObject({ recordId: id, analysisStatus: 3 });
    expect(analysis.result).not.toBeNull();
    // another organisation's key cannot read it; a key without the scope cannot upload
    const otherKey = await newKey(t(), other);
    expect(
      await signedCall(app, otherKey, { method: 'GET', url: `/api/openapi/recording/analysis?id=${id}` }),
    ).toMatchObject({ status: 404 });
    const reader = await newKey(t(), org, ['leads:read']);
    expect(
      await signedCall(app, reader, { method: 'POST', url: '/api/openapi/recording/upload', raw: form }),
    ).toMatchObject({
      status: 403,
    });
    expect(
      await signedCall(app, reader, { method: 'GET', url: `/api/openapi/recording/analysis?id=${id}` }),
    ).toMatchObject({
      status: 403,
    });
    const empty = multipart({ phone }, []);
    expect(
      await signedCall(app, key, { method: 'POST', url: '/api/openapi/recording/upload', raw: empty }),
    ).toMatchObject({
      status: 400,
      msg: '请选择要上传的录音文件',
    });
  }, 120_000);
});
