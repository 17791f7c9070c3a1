// A small fake SIP registrar over WebSocket (RFC 7118, subprotocol "sip") for the softphone's e2e scenario (never used
// by the product): REGISTER is challenged with a digest (RFC 2617, qop=auth) and accepted when the response matches
// the seat's password; INVITE is answered 100 Trying and 180 Ringing, CANCEL ends it with 487. Self-contained so that
// plain Node can import it from the e2e scenarios.
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

export interface FakeRegistrar {
  url: string;
  /** username → password of the accounts that may register. */
  users: Map<string, string>;
  /** Usernames registered (last REGISTER accepted with an expiry above 0). */
  registered: Set<string>;
  invites: { from: string; to: string }[];
  close(): Promise<void>;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

interface SipMessage {
  method: string;
  uri: string;
  headers: Map<string, string[]>;
}

function parse(text: string): SipMessage | null {
  const [head] = text.split('\r\n\r\n');
  const lines = head.split('\r\n');
  const m = /^([A-Z]+) (\S+) SIP\/2\.0$/.exec(lines[0] ?? '');
  if (!m) return null;
  const headers = new Map<string, string[]>();
  for (const line of lines.slice(1)) {
    const i = line.indexOf(':');
    if (i < 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(i + 1).trim()]);
  }
  return { method: m[1], uri: m[2], headers };
}

function digestParams(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of value.replace(/^Digest\s+/i, '').matchAll(/(\w+)=("([^"]*)"|[^,\s]+)/g)) out[m[1]] = m[3] ?? m[2];
  return out;
}

export async function startFakeRegistrar(realm = 'crm.test'): Promise<FakeRegistrar> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: () => 'sip' });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const fake: FakeRegistrar = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    users: new Map(),
    registered: new Set(),
    invites: [],
    close: () =>
      new Promise<void>((r) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => r());
      }),
  };
  const nonces = new Set<string>();
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      const msg = parse(data.toString());
      if (!msg) return; // a response or a keep-alive
      const h = (name: string) => msg.headers.get(name) ?? [];
      const toTag = `;tag=${randomBytes(4).toString('hex')}`;
      const reply = (status: string, extra: string[] = []) => {
        const to = h('to')[0] ?? '';
        ws.send(
          [
            `SIP/2.0 ${status}`,
            ...h('via').map((v) => `Via: ${v}`),
            `From: ${h('from')[0] ?? ''}`,
            `To: ${to}${to.includes('tag=') || status.startsWith('100') ? '' : toTag}`,
            `Call-ID: ${h('call-id')[0] ?? ''}`,
            `CSeq: ${h('cseq')[0] ?? ''}`,
            ...extra,
            'Content-Length: 0',
            '',
            '',
          ].join('\r\n'),
        );
      };
      if (msg.method === 'REGISTER') {
        const auth = h('authorization')[0];
        if (!auth) {
          const nonce = randomBytes(8).toString('hex');
          nonces.add(nonce);
          return reply('401 Unauthorized', [
            `WWW-Authenticate: Digest realm="${realm}", nonce="${nonce}", algorithm=MD5, qop="auth"`,
          ]);
        }
        const p = digestParams(auth);
        const password = fake.users.get(p.username ?? '');
        const ha1 = md5(`${p.username}:${p.realm}:${password}`);
        const ha2 = md5(`REGISTER:${p.uri}`);
        const expected = md5(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`);
        if (password === undefined || !nonces.has(p.nonce ?? '') || expected !== p.response)
          return reply('403 Forbidden');
        const expires = Number(/expires=(\d+)/i.exec(h('contact')[0] ?? '')?.[1] ?? h('expires')[0] ?? 600);
        if (expires > 0) fake.registered.add(p.username);
        else fake.registered.delete(p.username);
        return reply('200 OK', [`Contact: ${h('contact')[0] ?? ''}`, `Expires: ${expires}`]);
      }
      if (msg.method === 'INVITE') {
        fake.invites.push({ from: h('from')[0] ?? '', to: msg.uri });
        reply('100 Trying');
        return reply('180 Ringing');
      }
      if (msg.method === 'CANCEL') {
        reply('200 OK');
        return;
      }
      if (msg.method === 'ACK') return;
      reply('200 OK');
    });
  });
  return fake;
}
