// A local fake of a cloud call centre, for the tests, the e2e scenarios and the benchmark (never used by the
// product). It speaks the protocol of providers/cloud.ts: signed API calls in, signed webhooks out. Self-contained
// (node built-ins, erasable TypeScript only) so that plain Node can import it from the e2e scenarios.
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a call goes: answered with talk seconds, or not (busy, no_answer, rejected …). */
export type Outcome = { answer: true; talkSeconds: number } | { answer: false; cause: string };

export interface FakeCloudOptions {
  appId: string;
  secret: string;
  /** The outcome of a call to a number (default: answered, 12 s). */
  outcome?: (callee: string) => Outcome;
  /** The recording served for answered calls (a local audio file). */
  recordingFile?: string;
  /** Milliseconds between the events of a call. */
  stepMs?: number;
  /** Send every webhook twice (idempotency) and the hang-up before the answer (ordering). */
  duplicate?: boolean;
  reverse?: boolean;
}

export interface DialoutRequest {
  agent: string;
  callee: string;
  caller: string;
  line: string;
  userData: string;
  callbackUrl: string;
  recordCallbackUrl: string;
  /** When the fake received it (ms since the epoch). */
  receivedAt: number;
}

export interface FakeCloud {
  url: string;
  dialouts: DialoutRequest[];
  /** Webhook answers received from the product, by path. */
  deliveries: { url: string; status: number; body: string }[];
  /** Resolves when every event of every call placed so far was delivered. */
  idle(): Promise<void>;
  /** Sends a signed webhook (for tests of replays and bad signatures). */
  post(url: string, body: unknown, opts?: { secret?: string; nonce?: string; timestamp?: number }): Promise<Response>;
  close(): Promise<void>;
}

function signature(secret: string, timestamp: string, nonce: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${body}`).digest('hex');
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeCloud(opts: FakeCloudOptions): Promise<FakeCloud> {
  const pending = new Set<Promise<void>>();
  const fake: FakeCloud = {
    url: '',
    dialouts: [],
    deliveries: [],
    idle: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
    post: async (url, body, o = {}) => {
      const text = JSON.stringify(body);
      const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000));
      const nonce = o.nonce ?? randomUUID();
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-app-id': opts.appId,
          'x-timestamp': timestamp,
          'x-nonce': nonce,
          'x-signature': signature(o.secret ?? opts.secret, timestamp, nonce, text),
        },
        body: text,
      });
      fake.deliveries.push({ url, status: res.status, body: await res.clone().text() });
      return res;
    },
    close: async () => {},
  };

  async function play(d: DialoutRequest, providerCallId: string) {
    const step = opts.stepMs ?? 30;
    const outcome = opts.outcome?.(d.callee) ?? { answer: true, talkSeconds: 12 };
    const start = Date.now();
    const at = (s: number) => start + s * 1000;
    const base = { userData: d.userData, callId: providerCallId };
    const events: Record<string, unknown>[] = [
      { ...base, eventId: `${providerCallId}-1`, event: 'agent_answered', time: at(1) },
      { ...base, eventId: `${providerCallId}-2`, event: 'ringing', time: at(2) },
    ];
    if (outcome.answer) {
      events.push({ ...base, eventId: `${providerCallId}-3`, event: 'answered', time: at(6) });
      events.push({
        ...base,
        eventId: `${providerCallId}-4`,
        event: 'hangup',
        time: at(6 + outcome.talkSeconds),
        billsec: outcome.talkSeconds,
        hangupCause: 'normal',
      });
    } else
      events.push({
        ...base,
        eventId: `${providerCallId}-4`,
        event: 'hangup',
        time: at(20),
        billsec: 0,
        hangupCause: outcome.cause,
      });
    if (opts.reverse) events.reverse();
    for (const ev of events) {
      await sleep(step);
      await fake.post(d.callbackUrl, ev);
      if (opts.duplicate) await fake.post(d.callbackUrl, ev);
    }
    if (outcome.answer && opts.recordingFile) {
      await sleep(step);
      const rec = {
        ...base,
        eventId: `${providerCallId}-rec`,
        recordUrl: `${fake.url}/rec/${providerCallId}.wav`,
        time: Date.now(),
      };
      await fake.post(d.recordCallbackUrl, rec);
      if (opts.duplicate) await fake.post(d.recordCallbackUrl, rec);
    }
  }

  const server: Server = createServer(async (req, res) => {
    const receivedAt = Date.now();
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const json = (status: number, v: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(v));
    };
    if (req.method === 'GET' && url.pathname.startsWith('/rec/') && opts.recordingFile) {
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.end(readFileSync(opts.recordingFile));
      return;
    }
    const ts = String(req.headers['x-timestamp'] ?? '');
    const nonce = String(req.headers['x-nonce'] ?? '');
    if (req.headers['x-signature'] !== signature(opts.secret, ts, nonce, body))
      return json(401, { code: 401, message: '签名错误' });
    const payload = JSON.parse(body || '{}');
    if (url.pathname === '/v1/call/dialout') {
      if (payload.appId !== opts.appId) return json(200, { code: 1001, message: '账号不存在' });
      const providerCallId = `CC${Date.now().toString(36)}${fake.dialouts.length}`;
      fake.dialouts.push({ ...payload, receivedAt });
      json(200, { code: 0, message: 'ok', data: { callId: providerCallId } });
      const p = play(payload, providerCallId).catch(() => {});
      pending.add(p);
      void p.finally(() => pending.delete(p));
      return;
    }
    if (url.pathname === '/v1/call/hangup') return json(200, { code: 0, message: 'ok', data: {} });
    json(404, { code: 404, message: 'not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.2', r));
  fake.url = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return fake;
}
