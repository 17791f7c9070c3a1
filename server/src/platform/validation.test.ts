import { contract, numericText } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { storedRow } from '../test/rows';

const B = '/api/backend';

describe('numbers are read from numbers or numeric text only', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['-3', -3],
    ['1.5', 1.5],
    ['', undefined],
    ['  ', undefined],
    ['12abc', '12abc'],
    ['0x10', '0x10'],
    ['1e3', '1e3'],
  ])('numericText(%j) → %j', (input, out) => expect(numericText(input)).toBe(out));

  it.each([[true], [false], [[5]], [null], [{}]])('leaves %j for the schema to refuse', (v) =>
    expect(numericText(v)).toBe(v),
  );
});

describe('hardening at the edge', () => {
  const t = useTestApp({ START_JOBS: 'false' });

  it('JSON true or [n] is not an id: changing a password or a role by them is refused and changes nothing', async () => {
    const org = await t().newOrg();
    const token = org.admin.token;
    for (const id of [true, [org.manager.userId]]) {
      const res = await t().call(contract.users.changePassword, { id, password: 'abc12345x' }, { token });
      expect([res.status, res.code]).toEqual([400, 400]);
    }
    expect((await t().login(org.manager.username)).token).toBeTruthy(); // the old password still signs in
    const roleOf = async () => ({ roleId: (await storedRow(t(), 'appUser', org.seat.userId))?.roleId });
    const before = await roleOf();
    expect(before.roleId).toBeTruthy();
    for (const roleId of [true, [1]]) {
      const res = await t().call(contract.users.update, { id: org.seat.userId, roleId }, { token });
      expect([res.status, res.code]).toEqual([400, 400]);
    }
    expect(await roleOf()).toEqual(before);
    // numeric text is still a number (select values often arrive as text)
    const page = await t().call(contract.account.userInfo, undefined, { token });
    expect(page.code).toBe(1);
  });

  it('U+0000 in any text of a body or a query answers 400 naming the field, never 500', async () => {
    const org = await t().newOrg();
    const token = org.admin.token;
    const body = await t().call(contract.feedback.save, { type: 1, content: 'a\u0000b' }, { token });
    expect([body.status, body.code, body.msg]).toEqual([400, 400, '不能包含空字符（U+0000）']);
    const nested = await t().call(
      contract.feedback.save,
      { type: 1, content: 'ok', images: ['/x\u0000.png'] },
      { token },
    );
    expect([nested.status, nested.msg]).toEqual([400, '不能包含空字符（U+0000）']);
    const query = await t().callRaw(contract.account.userInfo, { x: 'a\u0000' }, { token });
    expect([query.status, query.msg]).toEqual([400, '不能包含空字符（U+0000）']);
  });

  it('OpenAPI: required fields and bounds are those the server applies', async () => {
    // the document needs a session unless API_DOCS=public
    const res = await t().get('/api/docs/json', { token: (await t().newOrg()).admin.token });
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.raw);
    const schemaOf = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema;
    expect(schemaOf(`${B}/roleController/save`).required.sort()).toEqual(
      ['dataScope', 'functionSigns', 'name', 'routes'].sort(),
    );
    expect(schemaOf(`${B}/roleController/list`).properties.pageSize.enum).toEqual([10, 20, 50, 100]);
    const refused = await t().call(contract.roles.list, { pageSize: 30 }, { token: (await t().newOrg()).admin.token });
    expect(refused.msg).toBe('每页条数只能是 10、20、50、100');
    // every reference resolves (recursive trees such as Dept and Menu are components)
    const refs = [...res.raw.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.filter((r) => !doc.components?.schemas?.[r])).toEqual([]);
    // answers are documented too
    expect(
      doc.paths[`${B}/problemFeedback/list`].post.responses['200'].content['application/json'].schema.properties.data,
    ).toBeTruthy();
  });
});
