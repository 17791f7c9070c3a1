import { expect } from 'vitest';
import { type ApiResponse, type TestApp, useTestApp } from '../../test/harness';

/** Shared by the tests of this module: the app with the module's tables, and calls on every service base. */

export const A = '/api/analysis';
export const R = '/api/robot';
export const B = '/api/backend';

export interface Call {
  method?: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

export function useAiSettingApp(env?: Record<string, string>): () => TestApp {
  return useTestApp({ START_JOBS: 'false', ...env });
}

export const send = (t: TestApp, c: Call, token?: string): Promise<ApiResponse> =>
  c.method === 'GET' ? t.get(c.url, { token }) : t.post(c.url, c.body ?? {}, { token });

/** Every call answers HTTP 401 with code 10 without a session. */
export async function expectNoSession(t: TestApp, calls: Call[]): Promise<void> {
  for (const c of calls) {
    const res = await send(t, c);
    expect(`${c.url} ${res.status} ${res.code}`).toBe(`${c.url} 401 10`);
  }
}

/** Every call answers HTTP 403 无权限访问 for this token. */
export async function expectForbidden(t: TestApp, token: string, calls: Call[]): Promise<void> {
  for (const c of calls) {
    const res = await send(t, c, token);
    expect(`${c.url} ${res.status} ${res.msg}`).toBe(`${c.url} 403 无权限访问`);
  }
}
