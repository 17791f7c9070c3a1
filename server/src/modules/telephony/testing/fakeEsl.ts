// A local fake of FreeSWITCH's event socket (inbound ESL) and of the web server on its recordings folder, for the
// tests and the benchmark (never used by the product). It authenticates, accepts `event plain`, answers `bgapi
// originate` with a Job-UUID and then plays the call as FreeSWITCH reports it: BACKGROUND_JOB, the seat leg
// answering, the customer leg ringing, answering (or not) and hanging up with its billsec and cause.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';

export type EslOutcome =
  | { answer: true; talkSeconds: number }
  | { answer: false; cause: string }
  | { seatUnavailable: true };

export interface FakeEslOptions {
  password: string;
  outcome?: (phone: string) => EslOutcome;
  recordingFile?: string;
  stepMs?: number;
}

export interface FakeEsl {
  host: string;
  port: number;
  recordingBaseUrl: string;
  /** Every command received (auth, event, bgapi …). */
  commands: string[];
  originates: { callId: string; phone: string; command: string }[];
  idle(): Promise<void>;
  /** Drops every client connection (the product must reconnect). */
  dropConnections(): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function eventText(headers: Record<string, string | number>, body = ''): string {
  let text = '';
  for (const [k, v] of Object.entries(headers)) text += `${k}: ${encodeURIComponent(String(v))}\n`;
  if (body) text += `Content-Length: ${Buffer.byteLength(body)}\n\n${body}`;
  else text += '\n';
  return `Content-Length: ${Buffer.byteLength(text)}\nContent-Type: text/event-plain\n\n${text}`;
}

export async function startFakeEsl(opts: FakeEslOptions): Promise<FakeEsl> {
  const sockets = new Set<Socket>();
  const pending = new Set<Promise<void>>();
  const commands: string[] = [];
  const originates: FakeEsl['originates'] = [];

  const broadcast = (text: string) => {
    for (const s of sockets) if (s.writable) s.write(text);
  };

  async function play(callId: string, phone: string, jobUuid: string) {
    const step = opts.stepMs ?? 20;
    const outcome = opts.outcome?.(phone) ?? { answer: true, talkSeconds: 10 };
    const t0 = Date.now() * 1000;
    const at = (s: number) => t0 + s * 1_000_000;
    const seat = { variable_crm_call_id: callId, variable_crm_leg: 'seat', 'Unique-ID': callId };
    const customerUuid = randomUUID();
    const customer = { variable_crm_call_id: callId, variable_crm_leg: 'customer', 'Unique-ID': customerUuid };
    await sleep(step);
    if ('seatUnavailable' in outcome) {
      broadcast(
        eventText(
          { 'Event-Name': 'BACKGROUND_JOB', 'Job-UUID': jobUuid, 'Event-Date-Timestamp': at(0) },
          '-ERR USER_NOT_REGISTERED\n',
        ),
      );
      return;
    }
    broadcast(
      eventText(
        { 'Event-Name': 'BACKGROUND_JOB', 'Job-UUID': jobUuid, 'Event-Date-Timestamp': at(0) },
        `+OK ${callId}\n`,
      ),
    );
    await sleep(step);
    broadcast(eventText({ 'Event-Name': 'CHANNEL_ANSWER', ...seat, 'Event-Date-Timestamp': at(1) }));
    await sleep(step);
    broadcast(eventText({ 'Event-Name': 'CHANNEL_PROGRESS', ...customer, 'Event-Date-Timestamp': at(2) }));
    await sleep(step);
    if (outcome.answer) {
      broadcast(eventText({ 'Event-Name': 'CHANNEL_ANSWER', ...customer, 'Event-Date-Timestamp': at(5) }));
      await sleep(step);
    }
    const end = outcome.answer ? 5 + outcome.talkSeconds : 20;
    const billsec = outcome.answer ? outcome.talkSeconds : 0;
    const cause = outcome.answer ? 'NORMAL_CLEARING' : outcome.cause;
    broadcast(
      eventText({
        'Event-Name': 'CHANNEL_HANGUP_COMPLETE',
        ...customer,
        'Hangup-Cause': cause,
        variable_billsec: billsec,
        'Event-Date-Timestamp': at(end),
      }),
    );
    await sleep(step);
    broadcast(
      eventText({
        'Event-Name': 'CHANNEL_HANGUP_COMPLETE',
        ...seat,
        'Hangup-Cause': 'NORMAL_CLEARING',
        'Caller-Channel-Answered-Time': at(1),
        variable_billsec: end - 1,
        'Event-Date-Timestamp': at(end),
      }),
    );
  }

  function handle(socket: Socket, command: string) {
    commands.push(command);
    const reply = (text: string) => socket.write(`Content-Type: command/reply\nReply-Text: ${text}\n\n`);
    if (command.startsWith('auth ')) {
      if (command.slice(5) === opts.password) reply('+OK accepted');
      else {
        reply('-ERR invalid');
        socket.end();
      }
      return;
    }
    if (command.startsWith('event ')) return reply('+OK event listener enabled plain');
    if (command.startsWith('bgapi originate ')) {
      const callId = /origination_uuid=([^,}]+)/.exec(command)?.[1] ?? '';
      const phone = /sofia\/gateway\/[^/]+\/([^)\s]+)\)/.exec(command)?.[1] ?? '';
      // the client's Job-UUID header, as FreeSWITCH honours it
      const job = /\nJob-UUID: *(\S+)/.exec(command)?.[1] ?? randomUUID();
      originates.push({ callId, phone, command: command.split('\n')[0] });
      socket.write(`Content-Type: command/reply\nReply-Text: +OK Job-UUID: ${job}\nJob-UUID: ${job}\n\n`);
      const p = play(callId, phone, job).catch(() => {});
      pending.add(p);
      void p.finally(() => pending.delete(p));
      return;
    }
    if (command.startsWith('api ')) {
      const body = '+OK\n';
      socket.write(`Content-Type: api/response\nContent-Length: ${Buffer.byteLength(body)}\n\n${body}`);
      return;
    }
    reply('-ERR command not found');
  }

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => sockets.delete(socket));
    let buffer = '';
    socket.on('data', (d) => {
      buffer += d.toString('utf8');
      let i = buffer.indexOf('\n\n');
      while (i >= 0) {
        handle(socket, buffer.slice(0, i).trim());
        buffer = buffer.slice(i + 2);
        i = buffer.indexOf('\n\n');
      }
    });
    socket.write('Content-Type: auth/request\n\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.2', r));
  const http: HttpServer = createHttpServer((req, res) => {
    if (opts.recordingFile && /^\/crm\/[\w-]+\.wav$/.test(req.url ?? '')) {
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.end(readFileSync(opts.recordingFile));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.2', r));
  return {
    host: '127.0.0.2',
    port: (server.address() as AddressInfo).port,
    recordingBaseUrl: `http://127.0.0.2:${(http.address() as AddressInfo).port}`,
    commands,
    originates,
    idle: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
    dropConnections: () => {
      for (const s of sockets) s.destroy();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      http.closeAllConnections();
      await Promise.all([
        new Promise<void>((r) => server.close(() => r())),
        new Promise<void>((r) => http.close(() => r())),
      ]);
    },
  };
}
