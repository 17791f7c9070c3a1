import { beforeEach, describe, expect, it, vi } from 'vitest';

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
Object.assign(globalThis, { sessionStorage: new MemoryStorage(), localStorage: new MemoryStorage() });

const { api, ApiError, classify, clientHooks, fileNameOf } = await import('./client');
const session = await import('../app/session');

type Answer = { status?: number; body: unknown };
function mockFetch(...answers: Answer[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  globalThis.fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const a = answers.shift();
    if (!a) throw new TypeError('Failed to fetch');
    return new Response(typeof a.body === 'string' ? a.body : JSON.stringify(a.body), {
      status: a.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as never;
  return calls;
}

const errors: string[] = [];
const expired: string[] = [];
beforeEach(() => {
  errors.length = 0;
  expired.length = 0;
  clientHooks.showError = (m) => errors.push(m);
  clientHooks.onExpired = (m) => expired.push(m);
  sessionStorage.clear();
});

describe('classify', () => {
  it.each([
    [200, { code: 1 }, 'ok'],
    [200, { code: 10 }, 'expired'],
    [401, { code: 10 }, 'expired'],
    [200, { code: 22001 }, 'expired'],
    [403, { code: 403 }, 'forbidden'],
    [200, { code: 403 }, 'forbidden'],
    [400, { code: 400 }, 'failed'],
    [500, null, 'network'],
    [502, undefined, 'network'],
  ])('HTTP %s %o → %s', (status, body, out) => expect(classify(status, body as never)).toBe(out));
});

describe('HTTP client', () => {
  it('sends X-Support-Features and Authorization and resolves data on code 1', async () => {
    session.setTokens('tok-1', 'ref-1');
    const calls = mockFetch({ body: { code: 1, msg: 'success', data: { a: 1 } } });
    await expect(api.robot.post('/organizationClue/list', { pageNum: 1 })).resolves.toEqual({ a: 1 });
    expect(calls[0].url).toBe('/api/robot/organizationClue/list');
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers['X-Support-Features']).toBe('standard-HTTP-status');
    expect(headers.Authorization).toBe('tok-1');
    expect(JSON.parse(calls[0].init.body as string)).toEqual({ pageNum: 1 });
  });

  it('GET puts the query on the URL, skipping empty values', async () => {
    const calls = mockFetch({ body: { code: 1, data: null } });
    await api.backend.get('/x', { a: 1, b: '', c: null, d: [1, 2] });
    expect(calls[0].url).toBe('/api/backend/x?a=1&d=1&d=2');
  });

  it('a failure shows the server message and rejects with ApiError', async () => {
    mockFetch({ status: 400, body: { code: 400, msg: 'phone：请输入正确的 11 位手机号', data: null } });
    const err = (await api.backend.post('/x').catch((e) => e)) as InstanceType<typeof ApiError>;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(400);
    expect(errors).toEqual(['phone：请输入正确的 11 位手机号']);
  });

  it('a failure without a message shows a generic one', async () => {
    mockFetch({ status: 400, body: { code: 400, msg: '', data: null } });
    const err = (await api.backend.post('/x').catch((e) => e)) as InstanceType<typeof ApiError>;
    expect(err).toBeInstanceOf(ApiError);
    expect(errors).toEqual(['操作失败，请稍后重试']);
  });

  it('silent calls show nothing', async () => {
    mockFetch({ status: 400, body: { code: 400, msg: 'bad' } });
    await api.backend.post('/x', {}, { silent: true }).catch(() => {});
    expect(errors).toEqual([]);
  });

  it('403 shows 无权限访问', async () => {
    mockFetch({ status: 403, body: { code: 403, msg: '无权限访问' } });
    await api.backend.post('/x').catch(() => {});
    expect(errors).toEqual(['无权限访问']);
  });

  it('a network failure shows 网络错误，请刷新重试', async () => {
    mockFetch();
    const err = (await api.backend.post('/x').catch((e) => e)) as InstanceType<typeof ApiError>;
    expect(err.code).toBe(0);
    expect(errors).toEqual(['网络错误，请刷新重试']);
  });

  it('a non-JSON answer (proxy error page) is a network error', async () => {
    mockFetch({ status: 502, body: '<html>bad gateway</html>' });
    await api.backend.post('/x').catch(() => {});
    expect(errors).toEqual(['网络错误，请刷新重试']);
  });

  it.each([
    [{ status: 401, body: { code: 10, msg: '登录过期，请重新登录' } }],
    [{ status: 200, body: { code: 10, msg: '登录过期，请重新登录' } }],
    [{ status: 401, body: { code: 22001, msg: '登录凭证无效，请重新登录' } }],
  ])('expiry %o hands over to the expiry handler', async (answer) => {
    mockFetch(answer);
    await api.backend.post('/x').catch(() => {});
    expect(expired).toEqual([answer.body.msg]);
  });

  it('skipAuthRedirect leaves the session alone', async () => {
    mockFetch({ status: 401, body: { code: 10, msg: 'x' } });
    await api.backend.post('/x', {}, { skipAuthRedirect: true }).catch(() => {});
    expect(expired).toEqual([]);
  });

  it('an expired access token is renewed once with the refresh token, then the call is retried', async () => {
    session.setTokens('old', 'ref');
    const calls = mockFetch(
      { status: 401, body: { code: 10, msg: '登录过期，请重新登录' } },
      { body: { code: 1, data: { token: 'new', refreshToken: 'ref2' } } },
      { body: { code: 1, data: 'ok' } },
    );
    await expect(api.backend.post('/x')).resolves.toBe('ok');
    expect(calls[1].url).toBe('/api/backend/loginController/refreshToken');
    expect((calls[2].init.headers as Record<string, string>).Authorization).toBe('new');
    expect(session.getRefreshToken()).toBe('ref2');
    expect(expired).toEqual([]);
  });

  it('a failed refresh ends in expiry', async () => {
    session.setTokens('old', 'ref');
    mockFetch(
      { status: 401, body: { code: 10, msg: '登录过期，请重新登录' } },
      { status: 401, body: { code: 10, msg: '登录过期，请重新登录' } },
    );
    await api.backend.post('/x').catch(() => {});
    expect(expired).toEqual(['登录过期，请重新登录']);
  });

  describe('upload', () => {
    /** An XMLHttpRequest that never answers by itself; abort() fires onabort as the browser's does. */
    class FakeXhr {
      static sent = 0;
      upload: { onprogress?: unknown } = {};
      onload?: () => void;
      onerror?: () => void;
      onabort?: () => void;
      open() {}
      setRequestHeader() {}
      send() {
        FakeXhr.sent++;
      }
      abort() {
        this.onabort?.();
      }
    }
    beforeEach(() => {
      FakeXhr.sent = 0;
      Object.assign(globalThis, { XMLHttpRequest: FakeXhr });
    });

    it('an abort (暂停) rejects with an AbortError and shows no message', async () => {
      const ctl = new AbortController();
      const p = api.backend.upload('/up', new FormData(), { signal: ctl.signal });
      ctl.abort();
      await expect(p).rejects.toMatchObject({ name: 'AbortError' });
      expect(FakeXhr.sent).toBe(1);
      expect(errors).toEqual([]);
    });

    it('an already aborted signal sends nothing', async () => {
      const ctl = new AbortController();
      ctl.abort();
      await expect(api.backend.upload('/up', new FormData(), { signal: ctl.signal })).rejects.toMatchObject({
        name: 'AbortError',
      });
      expect(FakeXhr.sent).toBe(0);
    });
  });

  it.each([
    ["attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx", '用户.xlsx'],
    ['attachment; filename="log.csv"', 'log.csv'],
    [null, 'download'],
  ])('file name of %s is %s', (d, name) => expect(fileNameOf(d)).toBe(name));
});

describe('session helpers', () => {
  it('the version signed in with survives user-info refreshes (the version-change check compares it)', () => {
    session.clearSession();
    session.setUser({ userId: 1, versionId: 3, routes: [] } as never);
    session.setUser({ userId: 1, versionId: 4, routes: [] } as never);
    expect(session.getUser()).toMatchObject({ versionId: 4, loginVersionId: 3 });
    session.clearSession();
    session.setUser({ userId: 1, versionId: 4, routes: [] } as never);
    expect(session.getUser()?.loginVersionId).toBe(4);
  });
  it('hasSign reads functionSigns; a super admin holds all', () => {
    const user = { functionSigns: 'user:view,role:edit', isSuperAdmin: false } as never;
    expect(session.hasSign('role:edit', user)).toBe(true);
    expect(session.hasSign('user:edit', user)).toBe(false);
    expect(session.hasSign('user:edit', { ...(user as object), isSuperAdmin: true } as never)).toBe(true);
  });
  it('section 3 keys are written and cleared', () => {
    session.setTokens('t', 'r');
    session.setUser({ userId: 1, roleSign: 'seat', dataSign: 1, isMainOrganization: true, routes: [] } as never);
    expect(
      ['token', 'refreshToken', 'user', 'dataSign', 'urole', 'isbranch'].map((k) => sessionStorage.getItem(k) !== null),
    ).toEqual([true, true, true, true, true, true]);
    expect(sessionStorage.getItem('urole')).toBe('seat');
    session.clearSession();
    expect(
      ['token', 'refreshToken', 'user', 'dataSign', 'urole', 'isbranch'].map((k) => sessionStorage.getItem(k)),
    ).toEqual([null, null, null, null, null, null]);
  });
});

describe('remembered page size (localStorage paginationObj)', async () => {
  const { rememberedPageSize, rememberPageSize } = await import('../components/pagination');
  it.each([
    [null, 10],
    ['{"user":20}', 20],
    ['{"user":30}', 10],
    ['{"role":50}', 10],
    ['not json', 10],
  ])('stored %s → %s', (stored, size) => {
    if (stored === null) localStorage.removeItem('paginationObj');
    else localStorage.setItem('paginationObj', stored);
    expect(rememberedPageSize('user')).toBe(size);
  });
  it('remembers per page', () => {
    localStorage.removeItem('paginationObj');
    rememberPageSize('user', 50);
    rememberPageSize('role', 100);
    expect(JSON.parse(localStorage.getItem('paginationObj')!)).toEqual({ user: 50, role: 100 });
  });
});
