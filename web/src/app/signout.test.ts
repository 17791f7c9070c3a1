import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { contract } from '@crm/core/contract';
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
  keys() {
    return [...this.m.keys()];
  }
}
const session$ = new MemoryStorage();
const local$ = new MemoryStorage();
Object.assign(globalThis, {
  sessionStorage: session$,
  localStorage: local$,
  window: { location: { pathname: '/main/customerManage', search: '' } },
});
Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Chrome' }, configurable: true });

const session = await import('./session');
const { queryClient } = await import('../api/queryClient');
const { keyOf, ownedKeyOf } = await import('../api/hooks');
const { pagedKeyOf } = await import('../components/usePagedQuery');
const { api, clientHooks } = await import('../api/client');
const detail = await import('./detail');
const { installNavigator } = await import('./navigation');
installNavigator(() => {});

/** An access token as the server signs it (the signature is not read by the browser). */
const jwt = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2lnbmF0dXJl`;
const SEAT01 = jwt({ uid: 11, org: 1, jti: 'sess-a' });
const SEAT01_REFRESHED = jwt({ uid: 11, org: 1, jti: 'sess-a', iat: 2 });
const SEAT02 = jwt({ uid: 12, org: 1, jti: 'sess-b' });

const leads = contract.clue.list;

/** Puts answers in the cache as pages would (a lead list, the softphone's old cached account). */
function fillCache() {
  queryClient.setQueryData(keyOf(leads, { pageNum: 1 }), { lists: [{ name: '张伟的客户' }] });
  queryClient.setQueryData(pagedKeyOf(session.sessionOwner(), 'robot/x', {}, 1, 10), { lists: [] });
}

function mockFetch(answers: (() => Promise<unknown>)[]) {
  globalThis.fetch = vi.fn(async () => {
    const body = await answers.shift()!();
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  }) as never;
}

const expired: string[] = [];
const shown: string[] = [];
beforeEach(() => {
  session.clearSession();
  session$.clear();
  local$.clear();
  expired.length = 0;
  shown.length = 0;
  clientHooks.onExpired = (m) => {
    expired.push(m);
    session.clearSession();
  };
  clientHooks.showError = (m) => shown.push(m);
});

describe('the owner of a session', () => {
  it('is the organisation, user and sign-in of the access token; a refreshed token keeps it', () => {
    expect(session.ownerOfToken(null)).toBe(session.ANONYMOUS);
    expect(session.ownerOfToken(SEAT01)).toBe('o1/u11/ssess-a');
    expect(session.ownerOfToken(SEAT01_REFRESHED)).toBe(session.ownerOfToken(SEAT01));
    expect(session.ownerOfToken(SEAT02)).not.toBe(session.ownerOfToken(SEAT01));
    expect(session.ownerOfToken('not-a-jwt')).toBe('-');
    expect(session.ownerOfToken('a.%%%.c')).toBe('-');
  });

  it('starts every query key, of single answers and of pages', () => {
    session.setTokens(SEAT01, 'r1');
    const owner = session.sessionOwner();
    expect(owner).toBe('o1/u11/ssess-a');
    expect(keyOf(leads)[0]).toBe(owner);
    expect(keyOf(leads, { pageNum: 1 })).toEqual([owner, 'robot/organizationClue/list', { pageNum: 1 }]);
    expect(ownedKeyOf('o1/u12/sb', leads)[0]).toBe('o1/u12/sb');
    expect(pagedKeyOf(owner, 'list', { a: 1 }, 2, 20)).toEqual([owner, 'list', { a: 1 }, 2, 20]);
    // another seat's key for the same call and input is another key: nothing of one is served to the other
    expect(ownedKeyOf(session.ownerOfToken(SEAT02), leads, { pageNum: 1 })).not.toEqual(keyOf(leads, { pageNum: 1 }));
  });

  it('invalidating a call still reaches its pages and inputs (the owner first, then the call)', async () => {
    session.setTokens(SEAT01, 'r1');
    const id = keyOf(leads)[1] as string;
    queryClient.setQueryData(keyOf(leads, { a: 1 }), 1);
    queryClient.setQueryData(pagedKeyOf(session.sessionOwner(), id, {}, 1, 10), 2);
    await queryClient.invalidateQueries({ queryKey: keyOf(leads) });
    expect(
      queryClient
        .getQueryCache()
        .findAll({ queryKey: keyOf(leads) })
        .map((q) => q.state.isInvalidated),
    ).toEqual([true, true]);
  });
});

describe('sign-out, expiry and sign-in forget the previous user', () => {
  it('signing out clears the query cache and the user, keeps per-user preferences', () => {
    session.setTokens(SEAT01, 'r1');
    session.setUser({ userId: 11, username: 'seat01' } as never);
    fillCache();
    session$.setItem('customerDetailFilter', JSON.stringify({ keyword: '13800001111' }));
    session$.setItem('detailState', JSON.stringify({ clueId: 5, list: [5, 6] }));
    local$.setItem('previousPathDetail', '/main/customerManage?keyword=13800001111');
    local$.setItem('paginationObj', JSON.stringify({ clue: 50 }));
    local$.setItem('sidebarCollapsed', '1');
    expect(detail.getDetailState()).toMatchObject({ clueId: 5 });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2);

    session.clearSession();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(session.getUser()).toBeNull();
    expect(session$.keys()).toEqual([]);
    expect(detail.getDetailState()).toBeNull();
    expect(local$.keys().sort()).toEqual(['paginationObj', 'sidebarCollapsed']);
  });

  it('signing in clears what the page kept before (another user or nobody); a refresh clears nothing', () => {
    session.setTokens(SEAT01, 'r1');
    fillCache();
    session.setTokens(SEAT01_REFRESHED, 'r2');
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2);

    session.setUser({ userId: 11, username: 'seat01' } as never);
    session.setTokens(SEAT02);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(session.getUser()).toBeNull();
    // seat01's refresh token is not kept for seat02's session
    expect(session.getRefreshToken()).toBeNull();

    session.clearSession();
    queryClient.setQueryData(['anonymous', 'login page'], 1);
    session.setTokens(SEAT01, 'r3');
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('expiry (code 10 or 22001) clears the cache through the expiry handler', async () => {
    const { handleExpired } = await import('./expiry');
    const { ui } = await import('./ui');
    ui.message = { error: (o: { content: string }) => shown.push(o.content) } as never;
    session.setTokens(SEAT01);
    fillCache();
    handleExpired('登录过期，请重新登录');
    expect(session.getToken()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(shown).toEqual(['登录过期，请重新登录']);
  });
});

describe('an answer of a session that ended is dropped', () => {
  it('reaches no caller of the next session, and its expiry does not end the next session', async () => {
    session.setTokens(SEAT01, 'r1');
    let answerLeads!: () => void;
    let answerExpired!: () => void;
    mockFetch([
      () => new Promise((r) => (answerLeads = () => r({ code: 1, data: { lists: [{ name: '张伟的客户' }] } }))),
      () => new Promise((r) => (answerExpired = () => r({ code: 10, msg: '登录过期，请重新登录' }))),
    ]);
    const late = api.call(leads, { pageNum: 1 } as never).catch((e) => e);
    const lateExpiry = api.call(leads, { pageNum: 2 } as never).catch((e) => e);
    await vi.waitFor(() => expect(answerExpired).toBeTypeOf('function'));

    // seat01 signs out, seat02 signs in on the same browser
    session.clearSession();
    session.setTokens(SEAT02, 'r2');
    answerLeads();
    answerExpired();
    expect(((await late) as Error).name).toBe('AbortError');
    expect(((await lateExpiry) as Error).name).toBe('AbortError');
    expect(expired).toEqual([]);
    expect(shown).toEqual([]);
    expect(session.getToken()).toBe(SEAT02);
  });

  it('a token renewal that answers after sign-out is not stored', async () => {
    session.setTokens(SEAT01, 'r1');
    let renew!: () => void;
    mockFetch([
      async () => ({ code: 10, msg: '登录过期，请重新登录' }),
      () => new Promise((r) => (renew = () => r({ code: 1, data: { token: SEAT01_REFRESHED, refreshToken: 'r9' } }))),
    ]);
    const call = api.call(leads, { pageNum: 1 } as never).catch((e) => e);
    await vi.waitFor(() => expect(renew).toBeTypeOf('function'));
    session.clearSession();
    renew();
    expect(((await call) as Error).name).toBe('AbortError');
    expect(session.getToken()).toBeNull();
    expect(session.getRefreshToken()).toBeNull();
  });
});

describe('the SIP account', () => {
  it('is read by no cached query: only the softphone fetches it, when it registers', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(f) && !f.endsWith('.test.ts')) files.push(p);
      }
    };
    walk(join(import.meta.dirname, '..'));
    const readers = files.filter((f) => readFileSync(f, 'utf8').includes('telephony.sipAccount'));
    expect(readers.map((f) => f.replace(/.*web\/src\//, ''))).toEqual(['pages/telephony/useSipPhone.ts']);
    const source = readFileSync(readers[0], 'utf8');
    expect(source).not.toMatch(/useCallQuery|useQuery|staleTime|localStorage|sessionStorage/);
  });
});
