import { beforeEach, describe, expect, it, vi } from 'vitest';

const store = new Map<string, string>();
const memory = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, String(v)),
  removeItem: (k: string) => void store.delete(k),
};
const location = { pathname: '/dashboardH5' };
Object.assign(globalThis, { sessionStorage: memory, localStorage: memory, window: { location } });
const agent = { userAgent: 'Chrome' };
Object.defineProperty(globalThis, 'navigator', { value: agent, configurable: true });

const shown: string[] = [];
const went: string[] = [];
vi.mock('../app/ui', () => ({ showError: (m: string) => shown.push(m), ui: {} }));
vi.mock('../app/navigation', () => ({ navigateTo: (to: string) => went.push(to) }));
const { handleExpired } = await import('../app/expiry');
vi.useFakeTimers();

describe('handleExpired on an H5 page', () => {
  beforeEach(() => {
    store.clear();
    store.set('token', 'a.b.c');
    shown.length = 0;
    went.length = 0;
    // past the debounce of a previous expiry
    vi.advanceTimersByTime(2000);
  });

  it('clears the session and says 访问凭证过期 where it is (no sign-in page)', () => {
    location.pathname = '/analysisH5/call';
    agent.userAgent = 'Chrome';
    handleExpired('登录过期');
    expect(store.get('token')).toBeUndefined();
    expect(shown).toEqual(['访问凭证过期']);
    expect(went).toEqual([]);
  });

  it('goes to /weComAuth inside WeCom', () => {
    location.pathname = '/dashboardH5';
    agent.userAgent = 'Mozilla/5.0 wxwork/4.1.20';
    handleExpired('登录过期');
    expect(went).toEqual(['/weComAuth']);
  });
});
