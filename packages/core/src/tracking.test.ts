import { describe, expect, it } from 'vitest';
import {
  captchaClientType,
  checkCredentials,
  deviceType,
  INCOMPLETE_CREDENTIALS,
  TRACKING_BUFFER_MAX,
  TRACKING_FIRST_ATTEMPT_MS,
  TRACKING_REINIT_BEFORE_MS,
  TRACKING_RETRY_MS,
  TrackingClient,
  type TrackingCredentials,
  type TrackingEvent,
} from './tracking';

const PC = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

function creds(now: number, ttlMs = 3600_000): TrackingCredentials {
  return {
    project: 'p',
    logStore: 'l',
    endpoint: 'e',
    accessKeyId: 'k',
    accessKeySecret: 's',
    securityToken: 't',
    expiration: now + ttlMs,
  };
}

function harness(
  opts: {
    creds?: () => Partial<TrackingCredentials> | null;
    send?: (e: TrackingEvent[]) => Promise<void>;
    role?: boolean;
    enabled?: boolean;
  } = {},
) {
  let now = 0;
  const timers: { fn: () => void; at: number; id: number }[] = [];
  let seq = 0;
  const sent: TrackingEvent[][] = [];
  let fetches = 0;
  const client = new TrackingClient({
    fetchCredentials: async () => {
      fetches++;
      return opts.creds ? opts.creds() : creds(now);
    },
    send: async (events) => {
      if (opts.send) await opts.send(events);
      sent.push(events);
    },
    enabled: () => opts.enabled ?? true,
    roleStored: () => opts.role ?? false,
    userId: () => 7,
    url: () => '/main/user',
    userAgent: PC,
    now: () => now,
    setTimer: (fn, ms) => {
      timers.push({ fn, at: now + ms, id: ++seq });
      return seq;
    },
    clearTimer: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
  });
  const flush = () => new Promise((r) => setTimeout(r, 0));
  const advance = async (ms: number) => {
    now += ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const due = timers[0];
      if (!due || due.at > now) break;
      timers.shift();
      due.fn();
      await flush();
    }
    await flush();
  };
  return { client, sent, advance, flush, fetches: () => fetches, timers, now: () => now };
}

describe('tracking client', () => {
  it.each([
    [PC, 'pc', 0],
    [IPHONE, 'mobile', 3],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36', 'mobile', 3],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15', 'pc', 0],
  ])('device of %s is %s (captcha flag %s)', (ua, device, flag) => {
    expect(deviceType(ua)).toBe(device);
    expect(captchaClientType(ua)).toBe(flag);
  });

  it('starts idle and makes its first attempt 2 s after load', async () => {
    const h = harness();
    h.client.start();
    expect(h.client.state).toBe('idle');
    await h.advance(TRACKING_FIRST_ATTEMPT_MS - 1);
    expect(h.fetches()).toBe(0);
    await h.advance(1);
    expect(h.client.state).toBe('success');
  });

  it('an event before initialisation is buffered, initialisation starts and on success the buffer is sent', async () => {
    const h = harness();
    h.client.track('page_view');
    expect(h.client.state).toBe('pending');
    expect(h.client.buffer).toHaveLength(1);
    await h.flush();
    expect(h.client.state).toBe('success');
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0][0]).toMatchObject({
      eventType: 'page_view',
      userId: 7,
      url: '/main/user',
      device: 'pc',
      userAgent: PC,
    });
    expect(h.client.buffer).toEqual([]);
  });

  it('events are dropped when a role is stored', async () => {
    const h = harness({ role: true });
    h.client.track('click');
    await h.flush();
    expect(h.client.buffer).toEqual([]);
    expect(h.client.state).toBe('idle');
  });

  it('nothing is tracked when tracking is off (no organisation or on the login path)', async () => {
    const h = harness({ enabled: false });
    h.client.track('click');
    await h.flush();
    expect(h.client.buffer).toEqual([]);
  });

  it.each([[null], [{}], [{ project: 'p', logStore: 'l' }], [{ ...creds(0), securityToken: '' }]])(
    'incomplete credentials %o fail quietly',
    async (c) => {
      const h = harness({ creds: () => c });
      await h.client.init();
      expect(h.client.state).toBe('failed');
      expect(() => checkCredentials(c)).toThrow(INCOMPLETE_CREDENTIALS);
    },
  );

  it('keeps at most TRACKING_BUFFER_MAX events while credentials cannot be had, dropping the oldest', async () => {
    const h = harness({ creds: () => null });
    await h.client.init();
    for (let i = 0; i < TRACKING_BUFFER_MAX + 20; i++) h.client.track(`e${i}`);
    await h.flush();
    expect(h.client.buffer).toHaveLength(TRACKING_BUFFER_MAX);
    expect(h.client.buffer[0].eventType).toBe('e20');
  });

  it('waits at most 2^31-1 ms for a re-initialisation of long-lived credentials', async () => {
    const h = harness({ creds: () => creds(0, 365 * 86_400_000) });
    await h.client.init();
    await h.advance(2 ** 31 - 2);
    expect(h.fetches()).toBe(1);
    await h.advance(1);
    expect(h.fetches()).toBe(2);
  });

  it('re-initialises 120 s before the credentials expire', async () => {
    const h = harness();
    await h.client.init();
    expect(h.fetches()).toBe(1);
    await h.advance(3600_000 - TRACKING_REINIT_BEFORE_MS - 1);
    expect(h.fetches()).toBe(1);
    await h.advance(1);
    expect(h.fetches()).toBe(2);
    expect(h.client.state).toBe('success');
  });

  it('an authentication failure resets to idle, buffers the events and initialises again', async () => {
    let fail = true;
    const h = harness({
      send: async () => {
        if (fail) {
          fail = false;
          throw Object.assign(new Error('expired'), { code: 'SecurityTokenExpired' });
        }
      },
    });
    await h.client.init();
    h.client.track('click');
    await h.flush();
    await h.flush();
    expect(h.fetches()).toBe(2);
    expect(h.sent.flat().map((e) => e.eventType)).toEqual(['click']);
    expect(h.client.state).toBe('success');
  });

  it('a send error is retried once after 1 s', async () => {
    let calls = 0;
    const h = harness({
      send: async () => {
        calls++;
        throw new Error('network');
      },
    });
    await h.client.init();
    h.client.track('click');
    await h.flush();
    expect(calls).toBe(1);
    await h.advance(TRACKING_RETRY_MS);
    expect(calls).toBe(2);
    await h.advance(TRACKING_RETRY_MS * 5);
    expect(calls).toBe(2);
  });

  it('credentials are refreshed when less than 60 s remain before sending', async () => {
    const h = harness({ creds: () => creds(h.now(), 200_000) });
    await h.client.init();
    // The tab slept through the re-initialisation timer.
    h.timers.length = 0;
    await h.advance(150_000);
    const before = h.fetches();
    h.client.track('late');
    await h.flush();
    await h.flush();
    expect(h.fetches()).toBe(before + 1);
    expect(h.sent.flat().map((e) => e.eventType)).toContain('late');
  });
});
