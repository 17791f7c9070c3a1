import { PUSH_FIELDS, type PushKind, type PushMessage, type PushOf } from '@crm/core/contract';
import { useEffect, useEffectEvent } from 'react';

/**
 * What the push delivers, by kind: the connection (mqtt.ts) hands every payload to `receivePush`, which reads it by the
 * contract (packages/core/src/contract/push.ts) and calls the handlers of its kind. A payload that is not JSON, of no
 * kind of the contract, or missing a field of its kind is dropped (and logged while developing). The contract's zod
 * schemas do not run in the browser (web/src/zodStub.ts): the kind and its fields are checked here, the values by the
 * server's types and its producers' tests.
 */

type Handler<K extends PushKind> = (message: PushOf<K>) => void;

const handlers = new Map<PushKind, Set<(message: PushMessage) => void>>();

const isKind = (kind: unknown): kind is PushKind => typeof kind === 'string' && Object.hasOwn(PUSH_FIELDS, kind);

/** The payload as a message of the contract, or null (not JSON, an unknown kind, a field of its kind missing). */
export function parsePush(payload: string): PushMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    json = null;
  }
  if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
    const { type } = json as { type?: unknown };
    if (isKind(type) && PUSH_FIELDS[type].every((field) => field in json)) return json as PushMessage;
  }
  if (import.meta.env?.DEV) console.warn('push: a message outside the contract was dropped', payload);
  return null;
}

/** Hands one pushed payload to the handlers of its kind. */
export function receivePush(payload: string): void {
  const message = parsePush(payload);
  if (!message) return;
  for (const handle of handlers.get(message.type) ?? []) handle(message);
}

/** Calls `handler` with every pushed message of `kind` until the returned function is called. */
export function onPush<K extends PushKind>(kind: K, handler: Handler<K>): () => void {
  const set = handlers.get(kind) ?? new Set();
  handlers.set(kind, set);
  // only messages of its kind reach this set (receivePush picks it by the message's type)
  const listener = (message: PushMessage) => handler(message as PushOf<K>);
  set.add(listener);
  return () => set.delete(listener);
}

/** While the component is mounted, calls the latest `handler` with every pushed message of `kind`. */
export function usePush<K extends PushKind>(kind: K, handler: Handler<K>): void {
  const handle = useEffectEvent(handler);
  useEffect(() => onPush(kind, (message: PushOf<K>) => handle(message)), [kind]);
}
