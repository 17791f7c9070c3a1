import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * For tests: a local HTTP server on 127.0.0.2 and a random port that plays a provider (SMS, geetest, DingTalk, an LLM,
 * a call centre). 127.0.0.2 is in OUTBOUND_ALLOW of the tests (vitest.config.ts): the outbound-address policy
 * (platform/outbound.ts) refuses every other loopback address.
 */
/** The allow-listed loopback address fake servers listen on. */
export const FAKE_HOST = '127.0.0.2';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeReply {
  status?: number;
  json?: unknown;
  text?: string;
}

export interface FakeServer {
  url: string;
  requests: FakeRequest[];
  handler: (req: FakeRequest) => FakeReply | Promise<FakeReply>;
  close(): Promise<void>;
}

export async function fakeServer(handler: FakeServer['handler']): Promise<FakeServer> {
  const fake: FakeServer = { url: '', requests: [], handler, close: async () => {} };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/', 'http://127.0.0.1'),
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    fake.requests.push(request);
    try {
      const reply = await fake.handler(request);
      res.writeHead(reply.status ?? 200, {
        'content-type': reply.json !== undefined ? 'application/json' : 'text/plain',
      });
      res.end(reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? ''));
    } catch (e) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(e));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, FAKE_HOST, resolve));
  fake.url = `http://${FAKE_HOST}:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
