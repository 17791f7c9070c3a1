import { createHash, createHmac, randomBytes } from 'node:crypto';
import { STANDARD_HTTP_STATUS } from '@crm/core';
import { contract } from '@crm/core/contract';
import { openApiStringToSign } from '@crm/core/contract/openApi';
import type { FastifyInstance } from 'fastify';
import type { TestApp, TestOrg } from '../../test/harness';
import { ok } from '../../test/org';

/** A key of the organisation with the given scopes (all by default), as the administrator creates it. */
export async function newKey(t: TestApp, org: TestOrg, scopes?: string[]) {
  return ok(
    await t.call(
      contract.openApiKeys.createOrganizationKey,
      {
        name: '测试对接',
        scopes: (scopes ?? ['leads:read', 'leads:write', 'recordings:write', 'analysis:read']) as never,
      },
      { token: org.admin.token },
    ),
  );
}

export interface Signed {
  method: string;
  url: string;
  body?: unknown;
  timestamp?: number;
  nonce?: string;
  /** Sign with this secret instead (a wrong one). */
  secret?: string;
  /** Sent instead of what was signed (a changed body or query). */
  send?: { url?: string; body?: unknown };
  /** A body sent as these bytes with these headers (multipart). */
  raw?: { body: Buffer; headers: Record<string, string> };
}

/** Sends a signed request as an integrator does (the README's example, over inject). */
export async function signedCall(
  app: FastifyInstance,
  key: { appKey: string; appSecret: string },
  r: Signed,
): Promise<{ status: number; code: number; msg: string; data: any }> {
  const raw: string | Buffer = r.raw ? r.raw.body : r.body === undefined ? '' : JSON.stringify(r.body);
  const [path, query = ''] = r.url.split('?', 2);
  const timestamp = String(r.timestamp ?? Date.now());
  const nonce = r.nonce ?? randomBytes(12).toString('hex');
  const text = openApiStringToSign({
    method: r.method,
    path,
    query,
    timestamp,
    nonce,
    bodySha256: createHash('sha256').update(raw).digest('hex'),
  });
  const signature = createHmac('sha256', r.secret ?? key.appSecret)
    .update(text)
    .digest('hex');
  const sentRaw = r.send?.body === undefined ? raw : JSON.stringify(r.send.body);
  const res = await app.inject({
    method: r.method as 'GET' | 'POST',
    url: r.send?.url ?? r.url,
    payload: sentRaw || undefined,
    headers: {
      ...(r.raw ? r.raw.headers : raw ? { 'content-type': 'application/json' } : {}),
      'x-support-features': STANDARD_HTTP_STATUS,
      'x-app-key': key.appKey,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': signature,
    },
  });
  const json = res.json();
  return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data };
}

let phoneSeq = Math.floor(Math.random() * 1e8);
export const freshPhone = () => `139${String(phoneSeq++ % 1e8).padStart(8, '0')}`;
