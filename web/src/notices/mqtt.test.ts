import { contract, orgTopic, userTopic } from '@crm/core/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({
  clients: [] as { options: Record<string, unknown>; emit(e: string, ...a: unknown[]): boolean }[],
  ids: ['web-AAAAAAAAAAAA-issued1', 'web-BBBBBBBBBBBB-issued2'],
  calls: [] as unknown[],
}));

vi.mock('mqtt', async () => {
  const { EventEmitter } = await import('node:events');
  return {
    default: {
      connect: (_url: string, options: Record<string, unknown>) => {
        const c = Object.assign(new EventEmitter(), { options, subscribe: vi.fn(), end: vi.fn() });
        fake.clients.push(c);
        return c;
      },
    },
  };
});
vi.mock('../api/client', () => ({
  api: {
    call: async (call: unknown) => {
      fake.calls.push(call);
      return { clientId: fake.ids[fake.calls.length - 1] };
    },
  },
  refreshSession: async () => true,
}));
vi.mock('../api/config', () => ({ mqttUrl: () => 'ws://crm.test/mqtt' }));
vi.mock('./push', () => ({ receivePush: vi.fn() }));

const { connectPush } = await import('./mqtt');
const { receivePush } = await import('./push');

describe('push connection', () => {
  afterEach(() => {
    fake.clients.length = 0;
    fake.calls.length = 0;
  });

  it('connects with the client id the server issued, and asks for a new one when it is refused (CONNACK 2)', async () => {
    const stop = connectPush({ orgId: 1, userId: 2, token: () => 'token-1' });
    await vi.waitFor(() => expect(fake.clients).toHaveLength(1));
    expect(fake.calls).toEqual([contract.notice.pushClient]);
    const c = fake.clients[0];
    expect(c.options).toMatchObject({ clientId: fake.ids[0], password: 'token-1' });

    c.emit('error', Object.assign(new Error('Identifier rejected'), { code: 2 }));
    await vi.waitFor(() => expect(c.options.clientId).toBe(fake.ids[1]));
    expect(fake.calls).toHaveLength(2);
    stop();
  });

  it("subscribes to the user's and the organisation's topics of the contract and hands every payload to receivePush", async () => {
    const stop = connectPush({ orgId: 7, userId: 9, token: () => 'token-1' });
    await vi.waitFor(() => expect(fake.clients).toHaveLength(1));
    const c = fake.clients[0] as unknown as {
      subscribe: ReturnType<typeof vi.fn>;
      emit(e: string, ...a: unknown[]): boolean;
    };
    c.emit('connect');
    expect(c.subscribe).toHaveBeenCalledWith([userTopic(7, 9), orgTopic(7)]);
    c.emit('message', userTopic(7, 9), Buffer.from('{"type":"unread"}'));
    expect(receivePush).toHaveBeenCalledWith('{"type":"unread"}');
    stop();
  });

  it('does not connect once stopped before the id arrives', async () => {
    const stop = connectPush({ orgId: 1, userId: 2, token: () => 'token-1' });
    stop();
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.clients).toHaveLength(0);
  });
});
