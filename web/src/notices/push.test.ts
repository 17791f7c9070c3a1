import { PushMessage, type PushOf } from '@crm/core/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The push in the web: what arrives is read by the contract, handlers get their kind only, and every kind has its
 * consumer. No DOM here: React's effects run at once (and are undone after each test), as a mounted component's would.
 */

const fake = vi.hoisted(() => ({
  cleanups: [] as (() => void)[],
  user: null as { userId: number; workStatus: number } | null,
  invalidated: [] as unknown[],
}));

// as in the bundle (web/vite.config.ts): the contract's schemas are inert, running one would throw
vi.mock('zod', () => import('../zodStub'));
vi.mock('react', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react')>()),
  useEffect: (effect: () => undefined | (() => void)) => {
    const cleanup = effect();
    if (cleanup) fake.cleanups.push(cleanup);
  },
  useEffectEvent: <T>(f: T) => f,
}));
vi.mock('../app/session', () => ({
  getUser: () => fake.user,
  setUser: (u: typeof fake.user) => {
    fake.user = u;
  },
}));
vi.mock('../api/client', () => ({ api: { call: vi.fn() } }));
vi.mock('../api/hooks', () => ({
  keyOf: (_call: unknown, input: unknown) => ['callDetail', input],
  useCallQuery: () => ({ data: undefined }),
}));
vi.mock('@tanstack/react-query', () => ({
  useQueryClient: () => ({ invalidateQueries: async (q: unknown) => fake.invalidated.push(q) }),
}));

const { onPush, parsePush, receivePush, usePush } = await import('./push');
const { noticeStore, useNoticePush } = await import('./store');
const { useWorkStatusPush } = await import('./workStatus');
const { useLiveCall } = await import('../features/telephony/useCallStatus');
const { useBalancePush } = await import('./balance');

const samples: { [K in PushMessage['type']]: PushOf<K> } = {
  message: {
    type: 'message',
    id: 11,
    title: '系统公告',
    content: '大家好',
    msgType: 'notice',
    param: { noticeId: 3 },
    data: { noticeId: 3 },
    noticeId: 3,
    isRead: 0,
    readTime: null,
    createTime: '2025-01-02 10:00:00',
  },
  unread: { type: 'unread', unreadCount: 2, aiUnreadCount: 1, totalUnreadCount: 3 },
  call_status: {
    type: 'call_status',
    callId: 'c-1',
    clueId: 5,
    taskId: null,
    status: 2,
    ended: true,
    endReason: 'answered',
    billableSeconds: 12,
    recordingId: 8,
  },
  work_status: { type: 'work_status', id: 4, userId: 4, workStatus: 2, workStatusName: '忙碌' },
  balance: { type: 'balance', balanceFen: 123_456 },
  guidance_card: {
    type: 'guidance_card',
    id: 1,
    sessionId: 2,
    sentenceId: 3,
    kind: 'answer',
    kindName: '应答建议',
    title: '客户异议：太贵了',
    content: '先认同客户的感受',
    sentence: '太贵了',
    speaker: 'customer',
    sources: [],
    state: 0,
    stateName: '已展示',
    createdAt: '2025-01-02 10:00:00',
  },
};
const wire = (m: unknown) => JSON.stringify(m);

afterEach(() => {
  for (const cleanup of fake.cleanups.splice(0)) cleanup();
  noticeStore.reset();
  fake.invalidated.length = 0;
  vi.restoreAllMocks();
});

describe('push: reading by the contract', () => {
  it('runs without zod, as the bundle does', () => expect(() => PushMessage.safeParse({})).toThrow(/not bundled/));

  it.each(Object.values(samples))('$type is read as the contract says', (m) => expect(parsePush(wire(m))).toEqual(m));

  it.each([
    ['not JSON', 'hello'],
    ['no kind', wire({ id: 1, title: 'x' })],
    ['an unknown kind', wire({ type: 'refresh' })],
    ['the former work status shape', wire({ msgType: 'work_status', data: { userId: 4, workStatus: 2 } })],
    ['an array', wire([samples.unread])],
    ['a kind that is no own field of the contract', wire({ ...samples.unread, type: 'toString' })],
    ['a missing field', wire({ type: 'call_status', callId: 'c-1' })],
    ['a field of another kind', wire({ ...samples.work_status, type: 'unread' })],
  ])('%s is dropped and logged', (_, payload) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parsePush(payload)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('a message goes to the handlers of its kind only, until they leave', () => {
    const got: string[] = [];
    const leave = onPush('unread', (m) => got.push(`unread ${m.totalUnreadCount}`));
    usePush('call_status', (m) => got.push(`call ${m.callId}`));
    receivePush(wire(samples.unread));
    receivePush(wire(samples.call_status));
    receivePush(wire(samples.message));
    leave();
    receivePush(wire(samples.unread));
    expect(got).toEqual(['unread 3', 'call c-1']);
  });

  it('an invalid message reaches nobody', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const handler = vi.fn();
    usePush('unread', handler);
    receivePush(wire({ ...samples.unread, type: 'unread ' }));
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('push: every kind has its consumer', () => {
  it('message: counted unread in its list and shown on top of the popups', () => {
    useNoticePush();
    receivePush(wire(samples.message));
    receivePush(wire({ ...samples.message, id: 12, msgType: 'ai_risk' }));
    expect(noticeStore.get()).toMatchObject({ unreadCount: 1, aiUnreadCount: 1, totalUnreadCount: 2 });
    expect(noticeStore.get().popups.map((p) => p.id)).toEqual([12, 11]);
  });

  it('unread: the badge takes the counts of messages read elsewhere', () => {
    useNoticePush();
    receivePush(wire(samples.message));
    receivePush(wire({ ...samples.unread, unreadCount: 0, aiUnreadCount: 0, totalUnreadCount: 0 }));
    expect(noticeStore.get()).toMatchObject({ unreadCount: 0, aiUnreadCount: 0, totalUnreadCount: 0 });
  });

  it("work_status: the session's user takes the status set for them, not one of someone else's", () => {
    fake.user = { userId: 4, workStatus: 1 };
    useWorkStatusPush();
    receivePush(wire({ ...samples.work_status, id: 5, userId: 5, workStatus: 3 }));
    expect(fake.user).toEqual({ userId: 4, workStatus: 1 });
    receivePush(wire(samples.work_status));
    expect(fake.user).toEqual({ userId: 4, workStatus: 2 });
  });

  it("call_status: the call's record is fetched again, not on another call's news", () => {
    useLiveCall('c-1');
    receivePush(wire({ ...samples.call_status, callId: 'c-2' }));
    expect(fake.invalidated).toEqual([]);
    receivePush(wire(samples.call_status));
    expect(fake.invalidated).toEqual([{ queryKey: ['callDetail', { callId: 'c-1' }] }]);
  });

  it('balance: the header balance and the cost centre are read again', () => {
    useBalancePush();
    receivePush(wire(samples.balance));
    expect(fake.invalidated).toHaveLength(3);
  });
});
