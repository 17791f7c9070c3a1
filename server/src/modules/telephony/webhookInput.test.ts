// Webhook values that do not fit (issue 24): 1e400, NaN, negative or huge numbers and overlong ids are validation
// errors with a clear message, before anything is written (no event, no nonce, the call unchanged).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { signedHeaders } from './providers/cloud';
import { type FakeCloud, startFakeCloud } from './testing/fakeCloud';
import { R, useCloud } from './testing/kit';

const APP_ID = 'crm-test';
const SECRET = 's3cret-key-for-webhook-input';

describe('telephony webhooks: numbers and texts that do not fit', () => {
  const t = useTestApp({ START_JOBS: 'false' });
  let fake: FakeCloud;
  beforeAll(async () => {
    fake = await startFakeCloud({ appId: APP_ID, secret: SECRET, outcome: () => ({ answer: true, talkSeconds: 1 }) });
  });
  afterAll(async () => {
    await fake?.close();
  });

  /** Sends the exact text, signed as the provider signs it. */
  const send = async (path: string, text: string) => {
    const headers = signedHeaders(APP_ID, SECRET, text);
    const res = await t().built.app.inject({
      method: 'POST',
      url: `${R}/pscccall/${path}`,
      headers: { ...headers, 'x-support-features': 'standard-HTTP-status' },
      payload: text,
    });
    return {
      status: res.statusCode,
      ...(res.json() as { code: number; msg: string; data: any }),
      nonce: headers['x-nonce'],
    };
  };

  it('1e400 and friends are refused with the field named, nothing written; a sound hang-up is applied', async () => {
    const org = await t().newOrg();
    await useCloud(t(), org, fake, APP_ID, SECRET);
    const callId = `wh-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const db = t().database.db;
    await db.execute(sql`
      insert into call_record (organization_id, call_id, provider, user_id, phone, status, phase)
      values (${org.orgId}, ${callId}, 'cloud', ${org.seat.userId}, '13900000000', 102, 3)`);
    const state = async () =>
      (
        await db.execute<{ billable: number; phase: number; events: number }>(sql`
          select billable_seconds as billable, phase,
            (select count(*)::int from call_event where call_id = ${callId}) as events
          from call_record where call_id = ${callId}`)
      ).rows[0];
    const before = await state();
    const hangup = (extra: string) =>
      `{"userData":"${callId}","eventId":"h-${Math.random()}","event":"hangup","time":${Date.now()}${extra}}`;

    const cases: [string, string, string][] = [
      ['callback', hangup(',"billsec":1e400'), 'billsec'],
      ['callback', hangup(',"billsec":-1e400'), 'billsec'],
      ['callback', hangup(',"billsec":"1e400"'), 'billsec'],
      ['callback', hangup(',"billsec":1e10'), 'billsec'],
      ['callback', hangup(',"billsec":-5'), 'billsec'],
      ['callback', hangup(',"billsec":"NaN"'), 'billsec'],
      ['callback', hangup(',"billsec":"Infinity"'), 'billsec'],
      ['callback', hangup(',"billsec":[1]'), 'billsec'],
      ['callback', hangup(',"billsec":true'), 'billsec'],
      ['callback', hangup('').replace(/"time":\d+/, '"time":1e400'), 'time'],
      ['callback', hangup('').replace(/"time":\d+/, '"time":"99999999999999999999"'), 'time'],
      ['callback', hangup('').replace(/"time":\d+/, '"time":"2024-13-45 25:61:61"'), 'time'],
      ['callback', hangup(`,"callId":"${'x'.repeat(101)}"`), 'callId'],
      ['callback', hangup('').replace(/"eventId":"[^"]*"/, `"eventId":"${'e'.repeat(121)}"`), 'eventId'],
      [
        'recordCallback',
        `{"userData":"${callId}","eventId":"r1","recordUrl":"https://rec.example/${'a'.repeat(600)}.wav","time":1e400}`,
        'recordUrl',
      ],
      [
        'recordCallback',
        `{"userData":"${callId}","eventId":"r1","recordUrl":"https://rec.example/a.wav","time":1e400}`,
        'time',
      ],
    ];
    for (const [path, text, field] of cases) {
      const res = await send(path, text);
      expect(`${res.status} ${res.code}`, text.slice(0, 120)).toBe('400 400');
      expect(res.msg).toMatch(new RegExp(`^回调内容不正确：${field}：`));
      const nonce = await db.execute(sql`select 1 from call_webhook_nonce where nonce = ${res.nonce}`);
      expect(nonce.rows).toHaveLength(0);
    }
    expect(await state()).toEqual(before);

    // numeric text and whole or fractional numbers within a day are read
    const ok = await send('callback', hangup(',"billsec":"75"'));
    expect(ok.data).toEqual({ accepted: true, duplicate: false });
    expect(await state()).toMatchObject({ billable: 75, events: before.events + 1 });
  });
});
