import { expect } from 'vitest';
import type { TestApp, TestOrg, TestUser } from '../../../test/harness';

/** What the telephony tests share: calls by path, an organisation ready to call, leads with fresh numbers. */

export const R = '/api/robot';
export const B = '/api/backend';

let phoneSeq = 13600000000 + Math.floor(Math.random() * 3e8);
export const freshPhone = () => String(phoneSeq++);

export function ok<T = any>(res: { code: number; msg: string; data: T }): T {
  expect(res.code, res.msg).toBe(1);
  return res.data;
}

export async function addLead(t: TestApp, user: TestUser, extra: Record<string, unknown> = {}) {
  return ok(
    await t.post(
      `${R}/organizationClue/add`,
      { name: '陈晓明', company: '苏州明远教育咨询', phone: freshPhone(), ...extra },
      { token: user.token },
    ),
  ) as { id: number; phone: string };
}

/** A line with two displayed numbers and a seat bound to each of the org's seats. */
export async function setupSeats(t: TestApp, org: TestOrg) {
  const line = ok(
    await t.post(
      `${R}/callDataConfig/saveLine`,
      { name: '上海电信中继', numbers: ['02162180301', '02162180302'], gateway: 'sh-telecom' },
      { token: org.admin.token },
    ),
  );
  ok(
    await t.post(
      `${B}/aAgentsPool/add`,
      { seatNos: ['8001', '8002', '8003'], lineId: line.id },
      { token: org.admin.token },
    ),
  );
  const seat = ok(await t.post(`${B}/aAgentsPool/assign`, { userId: org.seat.userId }, { token: org.admin.token }));
  const other = ok(
    await t.post(`${B}/aAgentsPool/assign`, { userId: org.otherSeat.userId }, { token: org.admin.token }),
  );
  return { line, seat, other };
}

export async function useCloud(t: TestApp, org: TestOrg, fake: { url: string }, appId: string, secret: string) {
  return ok(
    await t.post(
      `${R}/callDataConfig/save`,
      { provider: 'cloud', apiBaseUrl: fake.url, appId, appSecret: secret },
      { token: org.admin.token },
    ),
  );
}

/** Polls a call until `done` holds (provider events and jobs run in the background). */
export async function waitCall(t: TestApp, token: string, callId: string, done: (c: any) => boolean, ms = 30_000) {
  const until = Date.now() + ms;
  let last: any = null;
  while (Date.now() < until) {
    const res = await t.post(`${R}/call/v1/detail`, { callId }, { token });
    last = res.data;
    if (res.code === 1 && done(res.data)) return res.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`call ${callId} did not settle: ${JSON.stringify(last)}`);
}
