import type { AddressInfo } from 'node:net';
import { PushMessage, userTopic } from '@crm/core/contract/push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/harness';
import { type FakeCloud, startFakeCloud } from './testing/fakeCloud';
import { addLead, ok, R, setupSeats, useCloud, waitCall } from './testing/kit';

/** The live status of a call reaches its seat's browser as the push contract's `call_status`. */

const APP_ID = 'crm-push-test';
const SECRET = 's3cret-key-for-push-tests';

describe('telephony: the call status push', { timeout: 120_000 }, () => {
  const t = useTestApp();
  let fake: FakeCloud;
  beforeAll(async () => {
    const app = t().built.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.env.PUBLIC_BASE_URL = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    fake = await startFakeCloud({
      appId: APP_ID,
      secret: SECRET,
      outcome: () => ({ answer: false, cause: 'busy' }),
      stepMs: 5,
    });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("every change of a call is pushed to its seat's topic, as the contract says, up to its final status", async () => {
    const org = await t().newOrg();
    await setupSeats(t(), org);
    await useCloud(t(), org, fake, APP_ID, SECRET);
    const lead = await addLead(t(), org.seat);
    const publish = vi.spyOn(t().ctx.push, 'publish');
    try {
      const call = ok(await t().post(`${R}/call/v1/callOut`, { clueId: lead.id }, { token: org.seat.token }));
      await fake.idle();
      await waitCall(t(), org.seat.token, call.callId, (c) => c.ended);
      const pushed = () =>
        publish.mock.calls
          .map(([topic, message]) => ({ topic, message: PushMessage.parse(message) }))
          .filter((p) => p.message.type === 'call_status' && p.message.callId === call.callId);
      // the push follows the record's change: it may come just after the record reads ended
      await expect.poll(() => pushed().some((p) => p.message.type === 'call_status' && p.message.ended)).toBe(true);
      expect(pushed().length).toBeGreaterThanOrEqual(2);
      expect(pushed().every((p) => p.topic === userTopic(org.orgId, org.seat.userId))).toBe(true);
      expect(pushed().at(-1)?.message).toEqual({
        type: 'call_status',
        callId: call.callId,
        clueId: lead.id,
        taskId: null,
        status: 3,
        ended: true,
        endReason: 'busy',
        billableSeconds: 0,
        recordingId: null,
      });
    } finally {
      publish.mockRestore();
    }
  });
});
