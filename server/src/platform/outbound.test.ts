import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressAllowed,
  addressRange,
  checkUrl,
  isPublicAddress,
  joinUrl,
  OUTBOUND_MESSAGES,
  OutboundError,
  readText,
  safeFetch,
} from './outbound';

/** A listener that records every request it receives (proof that nothing was sent). */
async function listener(
  host: string,
  handler?: (path: string) => { status: number; headers?: Record<string, string> },
) {
  const hits: { path: string; headers: Record<string, unknown> }[] = [];
  const server: Server = createServer((req, res) => {
    hits.push({ path: req.url ?? '', headers: req.headers });
    const r = handler?.(req.url ?? '') ?? { status: 500 };
    res.writeHead(r.status, { 'content-type': 'text/plain', ...(r.headers ?? {}) });
    res.end('internal secret: s3cr3t-body');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    hits,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('address classification (ipaddr.js)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.100.100.200', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fd00::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
  ])('%s is %s and refused', (ip, range) => {
    expect(addressRange(ip)).toBe(range);
    expect(isPublicAddress(ip)).toBe(false);
  });

  it('public addresses pass', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(ip)).toBe(true);
  });

  it('every URL notation of loopback, metadata and private ranges is refused on saving', () => {
    for (const url of [
      'http://127.0.0.1:8080/v1',
      'http://0.0.0.0/',
      'http://2130706433/',
      'http://127.1/',
      'http://0x7f.1/',
      'http://0177.0.0.1/',
      'http://[::1]:8080/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00::1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://10.0.0.1/',
    ])
      expect(checkUrl(url), url).toBe(OUTBOUND_MESSAGES.blocked);
    expect(checkUrl('https://api.deepseek.com/v1')).toBeNull();
    // a name is resolved at connect time, not when saved
    expect(checkUrl('http://localhost:8080/v1')).toBeNull();
  });

  it('credentials, queries, fragments and other protocols are refused', () => {
    for (const url of [
      'http://user:pw@example.com/',
      'http://a@example.com/',
      'https://example.com/v1#',
      'https://example.com/v1?x=1',
      'ftp://example.com/',
      'file:///etc/passwd',
      'gopher://example.com/',
      'not a url',
    ])
      expect(checkUrl(url), url).toBe(OUTBOUND_MESSAGES.invalid);
  });

  it('OUTBOUND_ALLOW: address, address:port, [v6]:port, CIDR and host names', () => {
    const before = process.env.OUTBOUND_ALLOW;
    try {
      process.env.OUTBOUND_ALLOW = '127.0.0.5, 10.0.0.7:9000, [::1]:8443, 192.168.10.0/24, asr.local:10095';
      expect(addressAllowed('127.0.0.5', 1234)).toBe(true);
      expect(addressAllowed('::ffff:127.0.0.5', 1234)).toBe(true);
      expect(addressAllowed('10.0.0.7', 9000)).toBe(true);
      expect(addressAllowed('10.0.0.7', 9001)).toBe(false);
      expect(addressAllowed('::1', 8443)).toBe(true);
      expect(addressAllowed('::1', 80)).toBe(false);
      expect(addressAllowed('192.168.10.44', 80)).toBe(true);
      expect(addressAllowed('192.168.11.44', 80)).toBe(false);
      expect(addressAllowed('127.0.0.1', 80, 'asr.local')).toBe(false);
      expect(addressAllowed('127.0.0.1', 10095, 'asr.local')).toBe(true);
      expect(addressAllowed('127.0.0.6', 80)).toBe(false);
    } finally {
      process.env.OUTBOUND_ALLOW = before;
    }
  });
});

describe('joinUrl', () => {
  it('always appends the path', () => {
    expect(joinUrl('https://api.example.com/v1', '/chat/completions')).toBe(
      'https://api.example.com/v1/chat/completions',
    );
    expect(joinUrl('https://api.example.com/v1/', 'chat/completions')).toBe(
      'https://api.example.com/v1/chat/completions',
    );
    expect(joinUrl('https://api.example.com', '/v1/call/dialout')).toBe('https://api.example.com/v1/call/dialout');
    expect(joinUrl('https://api.example.com/a/../b', '/x')).toBe('https://api.example.com/b/x');
  });
  it('refuses what would drop or change it', () => {
    for (const base of [
      'http://example.com/x#',
      'http://example.com/x?',
      'http://example.com/x?a=1',
      'http://u@example.com/',
      'http://u:p@example.com/',
    ])
      expect(() => joinUrl(base, '/chat/completions'), base).toThrow(OutboundError);
    expect(() => joinUrl('http://example.com/v1', '../admin')).toThrow(OutboundError);
  });
});

describe('safeFetch', () => {
  let blocked: Awaited<ReturnType<typeof listener>>;
  let allowed: Awaited<ReturnType<typeof listener>>;
  beforeAll(async () => {
    blocked = await listener('127.0.0.1', () => ({ status: 200 }));
    allowed = await listener('127.0.0.2', (path) =>
      path === '/redirect'
        ? { status: 302, headers: { location: `http://127.0.0.1:${blocked.port}/stolen` } }
        : path === '/hop'
          ? { status: 302, headers: { location: '/final' } }
          : { status: 200 },
    );
  });
  afterAll(async () => {
    await blocked.close();
    await allowed.close();
  });

  it('refuses loopback in every notation and sends nothing', async () => {
    const p = blocked.port;
    for (const url of [
      `http://127.0.0.1:${p}/`,
      `http://0.0.0.0:${p}/`,
      `http://2130706433:${p}/`,
      `http://127.1:${p}/`,
      `http://0x7f.1:${p}/`,
      `http://localhost:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
    ]) {
      const err = await safeFetch(url, { headers: { authorization: 'Bearer sk-secret' } }).catch((e) => e);
      expect(err, url).toBeInstanceOf(OutboundError);
      expect(err.message, url).toBe(OUTBOUND_MESSAGES.blocked);
    }
    expect(blocked.hits).toEqual([]);
  });

  it('reaches an allow-listed address (vitest sets OUTBOUND_ALLOW=127.0.0.2)', async () => {
    const res = await safeFetch(`http://127.0.0.2:${allowed.port}/ok`);
    expect(res.status).toBe(200);
    expect(await readText(res)).toContain('internal');
    const hop = await safeFetch(`http://127.0.0.2:${allowed.port}/hop`);
    expect(hop.status).toBe(200);
    expect(allowed.hits.at(-1)?.path).toBe('/final');
  });

  it('re-checks redirects: a redirect to loopback is refused', async () => {
    const err = await safeFetch(`http://127.0.0.2:${allowed.port}/redirect`, {
      headers: { authorization: 'Bearer sk-secret' },
    }).catch((e) => e);
    expect(err).toBeInstanceOf(OutboundError);
    expect(err.message).toBe(OUTBOUND_MESSAGES.blocked);
    expect(blocked.hits).toEqual([]);
  });

  it('one message for a closed port and a timeout', async () => {
    const closed = await listener('127.0.0.2');
    const port = closed.port;
    await closed.close();
    const a = await safeFetch(`http://127.0.0.2:${port}/`).catch((e) => e);
    expect(a.message).toBe(OUTBOUND_MESSAGES.network);
    const slow = createServer(() => {});
    await new Promise<void>((r) => slow.listen(0, '127.0.0.2', r));
    const b = await safeFetch(`http://127.0.0.2:${(slow.address() as AddressInfo).port}/`, { timeoutMs: 200 }).catch(
      (e) => e,
    );
    expect(b.message).toBe(OUTBOUND_MESSAGES.network);
    slow.closeAllConnections();
    slow.close();
  });
});
