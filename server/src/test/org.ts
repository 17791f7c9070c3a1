import { expect } from 'vitest';
import { type ApiResponse, TEST_PASSWORD, type TestApp, type TestOrg, type TestUser } from './harness';

/** Assertions shared by the administration API tests (org, feedback, operationLog). */

export const B = '/api/backend';

export function ok<T = any>(res: ApiResponse<T>): T {
  expect(res.msg, `${res.code} ${res.msg}`).toBe('success');
  expect(res.code).toBe(1);
  return res.data;
}

/** A refused call: HTTP status and code as DESIGN.md section 5, and (part of) the Chinese message. */
export function refused(res: ApiResponse, status: number, msg?: string | RegExp) {
  expect(res.status, `${res.code} ${res.msg}`).toBe(status);
  expect(res.code).toBe(status === 401 ? 10 : status);
  if (typeof msg === 'string') expect(res.msg).toContain(msg);
  else if (msg) expect(res.msg).toMatch(msg);
}

export interface Call {
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** Every call answers code 10 without a session. */
export async function expectNoSession(t: TestApp, calls: Call[]) {
  for (const c of calls) {
    const res = await t.request(
      c.method ?? 'POST',
      `${B}${c.path}`,
      c.method === 'GET' ? undefined : (c.body ?? {}),
      {},
    );
    expect(`${c.path} ${res.status} ${res.code}`).toBe(`${c.path} 401 10`);
  }
}

/** Every call answers HTTP 403 无权限访问 for a token whose role lacks the sign. */
export async function expectForbidden(t: TestApp, token: string, calls: Call[]) {
  for (const c of calls) {
    const res = await t.request(c.method ?? 'POST', `${B}${c.path}`, c.method === 'GET' ? undefined : (c.body ?? {}), {
      token,
    });
    expect(`${c.path} ${res.status} ${res.msg}`).toBe(`${c.path} 403 无权限访问`);
  }
}

let customSeq = 0;

/**
 * A user of a new custom role (the function signs and data scope given), in the org's first sales department unless
 * said otherwise: for tests of what a sign alone allows.
 */
export async function customRoleUser(
  t: TestApp,
  org: TestOrg,
  role: { functionSigns: string[]; dataScope?: 1 | 2 | 3; deptId?: number },
): Promise<TestUser> {
  const tag = `${Date.now().toString(36)}${customSeq++}`;
  const roleId = ok(
    await t.post(
      `${B}/roleController/save`,
      {
        name: `自定义${tag}`,
        dataScope: role.dataScope ?? 2,
        functionSigns: role.functionSigns,
        routes: ['/staffCheck'],
      },
      { token: org.admin.token },
    ),
  ).id as number;
  const username = `c_${tag}`;
  ok(
    await t.post(
      `${B}/userController/save`,
      { username, realName: '自定义角色员工', password: TEST_PASSWORD, roleId, deptId: role.deptId ?? org.deptId },
      { token: org.admin.token },
    ),
  );
  return t.login(username);
}
