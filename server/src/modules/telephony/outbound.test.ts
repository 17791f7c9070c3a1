import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contract } from '@crm/core/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OUTBOUND_MESSAGES } from '../../platform/outbound';
import { openSecret } from '../../platform/secrets';
import { useTestApp } from '../../test/harness';
import { sealStoredSettings } from './config';
import { callProviderConfig, callRecord, callSeat } from './schema';
import { SECRET_FOR_NEW_ADDRESS } from './settings';
import { type FakeCloud, startFakeCloud } from './testing/fakeCloud';
import { addLead, ok, setupSeats, useCloud } from './testing/kit';

/**
 * The organisation's telephony addresses under the outbound-address policy (platform/outbound.ts): the API base
 * (callOut), recording links of signed callbacks, the secret bound to its address, and secrets sealed at rest.
 */

const APP_ID = 'crm-outbound';
const SECRET = 'app-secret-for-outbound-tests';

describe('telephony: outbound-address policy and secrets at rest', { timeout: 120_000 }, () => {
  const t = useTestApp();
  let fake: FakeCloud;
  let inside: Server;
  let hits: { url: string; headers: Record<string, unknown> }[];
  let port: number;
  /** an allow-listed call centre that refuses every call with an internal-looking body */
  let leaky: Server;
  let leakyUrl: string;

  beforeAll(async () => {
    const app = t().built.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.env.PUBLIC_BASE_URL = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    fake = await startFakeCloud({ appId: APP_ID, secret: SECRET, stepMs: 5 });
    hits = [];
    inside = createServer((req, res) => {
      hits.push({ url: req.url ?? '', headers: req.headers });
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 1, message: 'INTERNAL-SECRET-BODY' }));
    });
    await new Promise<void>((r) => inside.listen(0, '127.0.0.1', r));
    port = (inside.address() as AddressInfo).port;
    leaky = createServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 500, message: 'INTERNAL-SECRET-BODY' }));
    });
    await new Promise<void>((r) => leaky.listen(0, '127.0.0.2', r));
    leakyUrl = `http://127.0.0.2:${(leaky.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await fake?.close();
    for (const s of [inside, leaky]) {
      s.closeAllConnections();
      s.close();
    }
  });
  beforeEach(() => {
    hits.length = 0;
  });

  const save = (token: string, body: Record<string, unknown>) =>
    t().call(contract.telephony.saveDataConfig, { provider: 'cloud', appId: APP_ID, ...body }, { token });

  it('refuses internal API bases in every notation, and `#`, `?`, user@ tricks', async () => {
    const org = await t().newOrg();
    const tok = org.admin.token;
    for (const apiBaseUrl of [
      `http://127.0.0.1:${port}`,
      `http://0.0.0.0:${port}`,
      `http://2130706433:${port}`,
      `http://127.1:${port}`,
      `http://0x7f.1:${port}`,
      `http://[::1]:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      'http://169.254.169.254',
      'http://100.100.100.200',
      'http://192.168.1.10',
      'http://[fd00::1]',
    ]) {
      const res = await save(tok, { apiBaseUrl, appSecret: SECRET });
      expect(res.status, apiBaseUrl).toBe(400);
      expect(res.msg).toBe(`${OUTBOUND_MESSAGES.blocked}`);
    }
    for (const apiBaseUrl of [`${fake.url}/api#`, `${fake.url}/api?x=`, `http://u:p@${fake.url.slice(7)}`]) {
      const res = await save(tok, { apiBaseUrl, appSecret: SECRET });
      expect(res.msg, apiBaseUrl).toBe(`${OUTBOUND_MESSAGES.invalid}`);
    }
    // FreeSWITCH's event socket on an internal address (an organisation's choice) is refused too
    const esl = await t().call(
      contract.telephony.saveDataConfig,
      { provider: 'freeswitch', eslHost: '127.0.0.1', eslPort: 8021, eslPassword: 'ClueCon' },
      { token: tok },
    );
    expect(esl.msg).toBe(`${OUTBOUND_MESSAGES.blocked}`);
    const rec = await save(tok, { apiBaseUrl: fake.url, appSecret: SECRET, recordingBaseUrl: `http://127.1:${port}` });
    expect(rec.msg).toBe(`${OUTBOUND_MESSAGES.blocked}`);
    expect(hits).toEqual([]);
  });

  it('a host name that resolves to loopback is refused at connect time: callOut sends nothing and echoes nothing', async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    ok(await save(org.admin.token, { apiBaseUrl: `http://localhost:${port}`, appSecret: SECRET }));
    const lead = await addLead(t(), org.seat);
    const res = await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.seat.token });
    expect(res.status).toBe(503);
    expect(res.msg).toBe(`呼叫失败：无法连接云呼叫中心：${OUTBOUND_MESSAGES.blocked}`);
    expect(hits).toEqual([]);
  });

  it("never repeats the call centre's error body", async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    ok(await save(org.admin.token, { apiBaseUrl: leakyUrl, appSecret: SECRET }));
    const lead = await addLead(t(), org.seat);
    const res = await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.seat.token });
    expect(res.msg).toBe('呼叫失败：云呼叫中心拒绝了请求（HTTP 500）');
    expect(res.raw).not.toContain('INTERNAL-SECRET-BODY');
    // a port with nothing behind it: one fixed text
    ok(await save(org.admin.token, { apiBaseUrl: 'http://127.0.0.2:9', appSecret: SECRET }));
    const closed = await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.seat.token });
    expect(closed.msg).toBe(`呼叫失败：无法连接云呼叫中心：${OUTBOUND_MESSAGES.network}`);
  });

  it('the stored app secret goes only to its address: a new address needs the secret again', async () => {
    const org = await t().newOrg();
    const tok = org.admin.token;
    await useCloud(t(), org, fake, APP_ID, SECRET);
    for (const appSecret of ['******', '']) {
      const res = await save(tok, { apiBaseUrl: `${fake.url}/elsewhere`, appSecret });
      expect(res.status).toBe(400);
      expect(res.msg).toBe(SECRET_FOR_NEW_ADDRESS);
    }
    // the same address keeps it; a new address with the secret entered again is saved
    ok(await save(tok, { apiBaseUrl: `${fake.url}/`, appSecret: '******' }));
    ok(await save(tok, { apiBaseUrl: `${fake.url}/elsewhere`, appSecret: 'new-secret' }));
    const cfg = ok(await t().call(contract.telephony.dataConfig, undefined, { token: tok }));
    expect(cfg.appSecret).toBe('******');
  });

  it('a signed recordCallback with a loopback recordUrl makes the server fetch nothing', async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await useCloud(t(), org, fake, APP_ID, SECRET);
    const lead = await addLead(t(), org.seat);
    const call = ok(await t().call(contract.telephony.callOut, { clueId: lead.id }, { token: org.seat.token }));
    await fake.idle();
    for (const recordUrl of [
      `http://127.0.0.1:${port}/rec.wav`,
      `http://localhost:${port}/rec.wav`,
      `http://2130706433:${port}/a.wav`,
    ]) {
      const res = await fake.post(`${process.env.PUBLIC_BASE_URL}/api/robot/pscccall/recordCallback`, {
        userData: call.callId,
        eventId: `rec-${recordUrl}`,
        recordUrl,
      });
      expect(res.status).toBeLessThan(500);
      await t()
        .ctx.db.update(callRecord)
        .set({ recordingUrl: recordUrl, recordingId: null })
        .where(eq(callRecord.callId, call.callId));
      await t().ctx.services.telephony.fetchRecording(call.callId);
    }
    expect(hits).toEqual([]);
  });

  it('secrets are sealed at rest and opened where used; plain ones stored before are sealed at start', async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await useCloud(t(), org, fake, APP_ID, SECRET);
    const [row] = await t()
      .ctx.db.select()
      .from(callProviderConfig)
      .where(eq(callProviderConfig.organizationId, org.orgId));
    const stored = row.settings as { appSecret: string };
    expect(stored.appSecret).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row.settings)).not.toContain(SECRET);
    expect((await t().ctx.services.telephony.settings(org.orgId)).settings.appSecret).toBe(SECRET);
    const [seat] = await t().ctx.db.select().from(callSeat).where(eq(callSeat.userId, org.seat.userId));
    expect(seat.sipPassword).toMatch(/^enc:v1:/);

    // as stored before this version: plain text
    await t()
      .ctx.db.update(callProviderConfig)
      .set({ settings: { ...stored, appSecret: 'plain-old-secret' } })
      .where(eq(callProviderConfig.organizationId, org.orgId));
    await t().ctx.db.update(callSeat).set({ sipPassword: 'plain-sip-pw' }).where(eq(callSeat.id, seat.id));
    expect(await sealStoredSettings(t().ctx.db)).toBeGreaterThanOrEqual(2);
    expect(await sealStoredSettings(t().ctx.db)).toBe(0);
    const [after] = await t()
      .ctx.db.select()
      .from(callProviderConfig)
      .where(eq(callProviderConfig.organizationId, org.orgId));
    expect((after.settings as { appSecret: string }).appSecret).toMatch(/^enc:v1:/);
    expect(openSecret((after.settings as { appSecret: string }).appSecret)).toBe('plain-old-secret');
    const [sealedSeat] = await t().ctx.db.select().from(callSeat).where(eq(callSeat.id, seat.id));
    expect(sealedSeat.sipPassword).toMatch(/^enc:v1:/);
    // the softphone gets the password in plain text
    ok(
      await save(org.admin.token, {
        apiBaseUrl: fake.url,
        appSecret: '******',
        sipWsUrl: 'wss://sip.example.com/ws',
        sipDomain: 'sip.example.com',
      }),
    );
    const sip = ok(await t().call(contract.telephony.sipAccount, undefined, { token: org.seat.token }));
    expect(sip.password).toBe('plain-sip-pw');
    const plainCount = await t().ctx.db.execute(
      sql`select count(*)::int as n from call_seat where sip_password not like 'enc:v1:%'`,
    );
    expect(Number((plainCount as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? 0)).toBe(0);
  });
});
