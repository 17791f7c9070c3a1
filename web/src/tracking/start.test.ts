import { afterAll, describe, expect, it, vi } from 'vitest';

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.has(k) ? this.m.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  clear() {
    this.m.clear();
  }
}

const location = { pathname: '/main/index', href: 'http://crm.local/main/index', host: 'crm.local' };
Object.assign(globalThis, {
  sessionStorage: new MemoryStorage(),
  localStorage: new MemoryStorage(),
  window: { location },
});

const requests: { url: string; headers: Record<string, string>; body?: string }[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
  const headers = Object.fromEntries(
    Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
  );
  requests.push({ url, headers, body: init.body ? new TextDecoder().decode(init.body as Uint8Array) : undefined });
  if (url.startsWith('/api/backend/buriedPoint/auth'))
    return Response.json({
      code: 1,
      msg: 'success',
      data: {
        enabled: true,
        project: 'p',
        logStore: 'web',
        endpoint: 'cn-shanghai.log.aliyuncs.com',
        accessKeyId: 'STS.k',
        accessKeySecret: 's',
        securityToken: 'tok',
        expiration: Date.now() + 3600_000,
      },
    });
  return new Response('', { status: 200 });
}) as never;
afterAll(() => {
  globalThis.fetch = realFetch;
});

const session = await import('../app/session');
const { startTracking, ROLE_KEY, trackEvent } = await import('./index');

const flush = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('startTracking', () => {
  const listeners: ((s: { location: { pathname: string } }) => void)[] = [];
  const router = {
    state: { location: { pathname: '/main/index' } },
    subscribe(fn: (s: { location: { pathname: string } }) => void) {
      listeners.push(fn);
      return () => {};
    },
  };
  const navigate = (pathname: string) => {
    location.pathname = pathname;
    location.href = `http://crm.local${pathname}`;
    for (const l of listeners) l({ location: { pathname } });
  };
  const pushes = () => requests.filter((r) => r.url.startsWith('https://'));

  it('sends page views once the user info with an organisation is there, via the silent auth call', async () => {
    startTracking(router);
    await flush();
    expect(requests).toHaveLength(0);

    session.setTokens('access-token');
    session.setUser({
      userId: 5,
      username: 'a',
      realName: 'A',
      organizationId: 9,
      organizationName: 'O',
      versionId: 1,
      roleSign: 'seat',
      functionSigns: '',
      dataSign: 1,
      routes: ['1'],
      // only the fields tracking reads
    } as never);
    // the auth answer is read through Response streams, which take a varying number of ticks: wait for the push
    await vi.waitFor(() => expect(pushes()).toHaveLength(1));
    const auth = requests.find((r) => r.url.startsWith('/api/backend/buriedPoint/auth'));
    expect(auth?.headers.authorization).toBe('access-token');
    expect(pushes()[0].url).toBe('https://p.cn-shanghai.log.aliyuncs.com/logstores/web/track');
    expect(JSON.parse(pushes()[0].body!).__logs__[0]).toMatchObject({
      eventType: 'pageView',
      path: '/main/index',
      userId: '5',
    });

    navigate('/main/customerManage');
    trackEvent('export', { page: '/main/customerManage' });
    await vi.waitFor(() =>
      expect(pushes().map((p) => JSON.parse(p.body!).__logs__[0].eventType)).toEqual([
        'pageView',
        'pageView',
        'export',
      ]),
    );
  });

  it('drops pushes while a role is stored (urole, the own role sign, does not count)', async () => {
    expect(sessionStorage.getItem('urole')).toBe('seat');
    const before = pushes().length;
    sessionStorage.setItem(ROLE_KEY, 'operator');
    navigate('/main/user');
    await flush();
    expect(pushes().length).toBe(before);
    sessionStorage.removeItem(ROLE_KEY);
    navigate('/main/role');
    await vi.waitFor(() => expect(pushes().length).toBe(before + 1));
  });

  it('stops on /login and after sign-out', async () => {
    const before = pushes().length;
    navigate('/login');
    session.clearSession();
    navigate('/main/user');
    await flush();
    expect(pushes().length).toBe(before);
  });
});
