import { ResultCode } from '@crm/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestOperator, type TestOrg, type TestUser, useTestApp } from '../test/harness';
import { type DocumentedOperation, documentedOperations } from '../test/operations';

/**
 * Every route, from the OpenAPI document, called as a careless or hostile client would: whole bodies of the wrong
 * kind, then each documented field alone with values a JSON client can send but no field accepts (booleans and
 * arrays where numbers go, U+0000, numbers past any column, negative, blank, nested objects; and a lone `1`, which
 * makes an update with nothing to change). No call may answer
 * HTTP 500. The same walk checks that the document agrees with the server on which fields are required.
 */

type Operation = DocumentedOperation;

const BAD_VALUES: unknown[] = [
  1,
  3_000_000,
  true,
  [1],
  'x\u0000y',
  3_000_000_000,
  -1,
  1e300,
  '',
  null,
  { a: 1 },
  '1e400',
  'x'.repeat(5000),
];
const BAD_BODIES: unknown[] = [true, [1], 'text', 12];

describe('fuzz: every route, malformed input', () => {
  const t = useTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  let ops: Operation[] = [];
  let org: TestOrg;
  let admin: TestUser;
  let operator: TestOperator;

  beforeAll(async () => {
    ops = await documentedOperations(t().built.app);
    org = await t().newOrg();
    admin = org.admin;
    operator = await t().newOperator();
  });

  /**
   * The admin's token (an operator's for the operator's calls), signed in again when a call (password change,
   * disabling) ended the session.
   */
  async function call(op: Operation, body: unknown, query?: Record<string, unknown>) {
    const send = () =>
      t().request(op.method, op.url, op.method === 'GET' ? undefined : body, {
        token: op.operator ? operator.token : admin.token,
        query,
      });
    let res = await send();
    if (res.code === ResultCode.LOGIN_EXPIRED || res.code === ResultCode.INVALID_TOKEN) {
      if (op.operator) operator = await t().newOperator();
      else admin = await t().login(admin.username);
      res = await send();
    }
    return res;
  }

  it('walks more than 200 routes', () => {
    expect(ops.length).toBeGreaterThan(200);
  });

  it('no malformed body or field answers HTTP 500', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    const check = (op: Operation, what: string, res: { status: number; code: number; msg: string }) => {
      if (res.status >= 500 || res.code === 500) failures.push(`${op.method} ${op.url} ${what}: ${res.msg}`);
    };
    for (const op of ops) {
      if (op.method !== 'GET') for (const body of BAD_BODIES) check(op, JSON.stringify(body), await call(op, body));
      const fields = op.method === 'GET' ? op.query : Object.keys(op.body?.properties ?? {});
      for (const field of fields)
        for (const value of BAD_VALUES) {
          const what = `${field}=${JSON.stringify(value)?.slice(0, 20)}`;
          if (op.method === 'GET') {
            if (value === null || typeof value === 'object') continue;
            check(op, what, await call(op, undefined, { [field]: String(value) }));
          } else check(op, what, await call(op, { [field]: value }));
        }
    }
    expect(failures).toEqual([]);
  });

  it('the document lists as required every field the server requires', { timeout: 120_000 }, async () => {
    const disagreements: string[] = [];
    for (const op of ops) {
      if (op.method === 'GET' || !op.body) continue;
      // the open API's calls refuse an unsigned request before its body (their tests sign and validate)
      if (op.url.startsWith('/api/openapi/')) continue;
      const res = await call(op, {});
      const field = (res.data as { errors?: { field: string }[] } | null)?.errors?.[0]?.field;
      const required = op.body.required ?? [];
      if (res.code === ResultCode.BAD_REQUEST && field && !required.includes(field.split('.')[0]))
        disagreements.push(`${op.url}: the server requires ${field}, the document does not`);
      if (required.length && !(res.code === ResultCode.BAD_REQUEST && field))
        disagreements.push(`${op.url}: the document requires ${required.join(', ')}, the server took {} (${res.msg})`);
    }
    expect(disagreements).toEqual([]);
  });
});
