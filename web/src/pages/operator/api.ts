import { Messages, ResultCode, STANDARD_HTTP_STATUS, SUPPORT_FEATURES_HEADER } from '@crm/core';
import type { Call, CallAnswer, CallInput } from '@crm/core/contract';
import { useSyncExternalStore } from 'react';
import { SERVICE_BASES } from '../../api/config';
import { queryClient } from '../../api/queryClient';

/**
 * The operator page's own client: an operator's token is not an organisation's session (the server refuses it on
 * every organisation call and refuses organisation tokens here), so it is kept apart (its own storage key, never
 * sent by the app's client) and sent only to the calls marked `operator: true` and /operator/login.
 */
const TOKEN_KEY = 'crm.operator.token';
const listeners = new Set<() => void>();

export function operatorToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

/** Every change of operator (sign-in, sign-out, expiry) forgets the answers cached under `['operator', …]`. */
export function setOperatorToken(token: string | null): void {
  if (token !== operatorToken()) queryClient.removeQueries({ queryKey: ['operator'] });
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
  for (const l of listeners) l();
}

export function useOperatorToken(): string | null {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, operatorToken);
}

export class OperatorApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Calls one operator call; an expired or refused session signs the operator out (the page shows the sign-in). */
export async function operatorCall<C extends Call>(call: C, input?: CallInput<C>): Promise<CallAnswer<C>> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    [SUPPORT_FEATURES_HEADER]: STANDARD_HTTP_STATUS,
  };
  const token = operatorToken();
  if (token) headers.Authorization = token;
  let body: { code?: number; msg?: string; data?: unknown } | null = null;
  try {
    const res = await fetch(`${SERVICE_BASES[call.base]}${call.path}`, {
      method: call.method,
      headers,
      body: JSON.stringify(input ?? {}),
    });
    body = await res.json().catch(() => null);
  } catch {
    throw new OperatorApiError(-1, Messages.networkError);
  }
  if (body?.code === ResultCode.OK) return body.data as CallAnswer<C>;
  const code = Number(body?.code ?? -1);
  if (code === ResultCode.LOGIN_EXPIRED || code === ResultCode.INVALID_TOKEN || code === ResultCode.FORBIDDEN)
    if (call.operator) setOperatorToken(null);
  throw new OperatorApiError(code, body?.msg || Messages.networkError);
}
