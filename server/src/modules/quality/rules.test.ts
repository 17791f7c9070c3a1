// The calls of the forbidden-word lists (/aiCallCheck) and regex rules (/regex): success, validation, no session,
// another organisation's ids, the signs.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { B, customRoleUser, expectForbidden, expectNoSession, ok, refused } from '../../test/org';

const LIST = {
  name: '招生违规承诺',
  words: ['包过', ' 保录取 ', '包过', '内部名额'],
  matchMode: 'whole',
  side: 'agent',
};
const RULE = { name: '私人手机号', pattern: '1[3-9]\\d{9}', flags: '', side: 'agent' };

describe('forbidden-word lists and regex rules', () => {
  const t = useTestApp();
  const post = (path: string, body: object, token: string) => t().post(`${B}${path}`, body, { token });

  it('answers code 10 without a session', async () => {
    await expectNoSession(
      t(),
      [
        'aiCallCheck/prohibitionWordList',
        'aiCallCheck/saveProhibitionWord',
        'aiCallCheck/deleteProhibitionWord',
        'aiCallCheck/callProhibitionPage',
        'aiCallCheck/callProhibitionCount',
        'regex/selectOrgRegex',
        'regex/createOrgRegex',
        'regex/updateOrgRegex',
        'regex/deleteOrgRegex',
      ].map((p) => ({ path: `/${p}` })),
    );
  });

  it('403 without the signs: a seat reads nothing; quality:view reads but does not change', async () => {
    const org = await t().newOrg();
    const changes = [
      { path: '/aiCallCheck/saveProhibitionWord', body: LIST },
      { path: '/aiCallCheck/deleteProhibitionWord', body: { id: 1 } },
      { path: '/regex/createOrgRegex', body: RULE },
      { path: '/regex/updateOrgRegex', body: { id: 1, status: 2 } },
      { path: '/regex/deleteOrgRegex', body: { id: 1 } },
    ];
    const reads = [
      { path: '/aiCallCheck/prohibitionWordList' },
      { path: '/aiCallCheck/callProhibitionPage' },
      { path: '/aiCallCheck/callProhibitionCount' },
      { path: '/regex/selectOrgRegex' },
    ];
    await expectForbidden(t(), org.seat.token, [...changes, ...reads]);
    const viewer = await customRoleUser(t(), org, { functionSigns: ['quality:view'] });
    await expectForbidden(t(), viewer.token, changes);
    for (const r of reads) ok(await post(r.path, {}, viewer.token));
  });

  it('saveProhibitionWord: create (trimmed, de-duplicated), update, list, names; validation in Chinese', async () => {
    const org = await t().newOrg();
    const token = org.admin.token;
    const { id } = ok(await post('/aiCallCheck/saveProhibitionWord', LIST, token));
    const list = ok(await post('/aiCallCheck/prohibitionWordList', {}, token));
    expect(list.total).toBe(1);
    expect(list.lists[0]).toMatchObject({
      id,
      name: '招生违规承诺',
      words: ['包过', '保录取', '内部名额'],
      wordCount: 3,
      matchMode: 'whole',
      matchModeName: '整词匹配',
      side: 'agent',
      sideName: '销售',
      status: 1,
      statusName: '启用',
      createdByName: '管理员',
    });
    // a pasted text of words, separated by line breaks and Chinese commas
    ok(
      await post(
        '/aiCallCheck/saveProhibitionWord',
        { id, name: '招生违规承诺', words: '包过\n保录取，稳上重点', matchMode: 'contain', side: 'both', status: 2 },
        token,
      ),
    );
    const [updated] = ok(await post('/aiCallCheck/prohibitionWordList', { pageNum: 1, pageSize: 10 }, token)).lists;
    expect(updated).toMatchObject({
      words: ['包过', '保录取', '稳上重点'],
      matchMode: 'contain',
      side: 'both',
      status: 2,
    });
    expect(ok(await post('/aiCallCheck/prohibitionWordList', { status: 1 }, token)).total).toBe(0);
    expect(ok(await post('/aiCallCheck/prohibitionWordList', { keyword: '稳上' }, token)).total).toBe(1);
    const all = ok(await post('/aiCallCheck/prohibitionWordList', { all: true }, token));
    expect(all).toMatchObject({ total: 1, pageNum: 1, pageSize: 1 });

    const save = (body: object) => post('/aiCallCheck/saveProhibitionWord', { ...LIST, ...body }, token);
    refused(await save({ name: ' ' }), 400, '请输入词库名称');
    refused(await save({ words: [] }), 400, '请输入违禁词');
    refused(await save({ words: [' ', ''] }), 400, '请输入违禁词');
    refused(await save({ words: ['包过', '，'] }), 400, '违禁词须含文字或数字');
    refused(
      await save({ words: ['这是一个超过三十个字的违禁词这是一个超过三十个字的违禁词啊啊啊'] }),
      400,
      '每个违禁词最多 30 个字',
    );
    refused(await save({ words: Array.from({ length: 501 }, (_, i) => `词${i}`) }), 400, '一个词库最多 500 个违禁词');
    refused(await save({ matchMode: 'fuzzy' }), 400, '匹配方式只能是 整词匹配、包含匹配');
    refused(await save({ side: 'boss' }), 400, '检测对象只能是');
    refused(await save({ status: 3 }), 400, '状态只能是 1、2');
    refused(await save({ name: '招生违规承诺' }), 409, '词库名称已存在');
  });

  it('another organisation’s lists are invisible and cannot be changed or deleted', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const { id } = ok(await post('/aiCallCheck/saveProhibitionWord', LIST, org.admin.token));
    expect(ok(await post('/aiCallCheck/prohibitionWordList', {}, other.admin.token)).total).toBe(0);
    refused(
      await post('/aiCallCheck/saveProhibitionWord', { ...LIST, id, name: '改名' }, other.admin.token),
      404,
      '违禁词库不存在',
    );
    refused(await post('/aiCallCheck/deleteProhibitionWord', { id }, other.admin.token), 404, '违禁词库不存在');
    expect(ok(await post('/aiCallCheck/prohibitionWordList', {}, org.admin.token)).lists[0].name).toBe('招生违规承诺');
    // the same name is fine in another organisation
    ok(await post('/aiCallCheck/saveProhibitionWord', LIST, other.admin.token));
  });

  it('deleteProhibitionWord: gone from the list; its name may be used again; a second delete is 404', async () => {
    const org = await t().newOrg();
    const token = org.admin.token;
    const { id } = ok(await post('/aiCallCheck/saveProhibitionWord', LIST, token));
    refused(await post('/aiCallCheck/deleteProhibitionWord', { id: 'x' }, token), 400, '违禁词库不正确');
    expect(ok(await post('/aiCallCheck/deleteProhibitionWord', { id }, token))).toEqual({ id });
    expect(ok(await post('/aiCallCheck/prohibitionWordList', {}, token)).total).toBe(0);
    refused(await post('/aiCallCheck/deleteProhibitionWord', { id }, token), 404, '违禁词库不存在');
    ok(await post('/aiCallCheck/saveProhibitionWord', LIST, token));
  });

  it('createOrgRegex / selectOrgRegex: created and listed; a pattern that does not compile is refused with its error', async () => {
    const org = await t().newOrg();
    const token = org.manager.token; // managers hold quality:edit
    const { id } = ok(await post('/regex/createOrgRegex', { ...RULE, flags: 'ui' }, token));
    const page = ok(await post('/regex/selectOrgRegex', {}, token));
    expect(page.lists).toEqual([
      expect.objectContaining({
        id,
        name: '私人手机号',
        pattern: '1[3-9]\\d{9}',
        flags: 'iu',
        side: 'agent',
        status: 1,
      }),
    ]);
    expect(ok(await post('/regex/selectOrgRegex', { keyword: '[3-9]' }, token)).total).toBe(1);

    const create = (body: object) => post('/regex/createOrgRegex', { ...RULE, name: '新规则', ...body }, token);
    refused(await create({ pattern: '(unclosed' }), 400, /正则表达式无法编译：.*(Unterminated group|unterminated)/i);
    // a lone ] is an error only under the u flag
    refused(await create({ pattern: '1]', flags: 'u' }), 400, '正则表达式无法编译：');
    ok(await create({ pattern: '1]', flags: '' }));
    refused(await create({ name: '嵌套', pattern: '(a+)+$' }), 400, '正则表达式回溯过多');
    refused(await create({ pattern: 'a'.repeat(201) }), 400, '正则表达式最多 200 个字符');
    refused(await create({ pattern: '' }), 400, '请输入正则表达式');
    refused(await create({ flags: 'g' }), 400, '修饰符只能是 i、m、s、u');
    refused(await create({ flags: 'ii' }), 400, '每个最多一次');
    refused(await create({ name: '私人手机号' }), 409, '规则名称已存在');
  });

  it('updateOrgRegex: only what is sent changes; a new pattern is checked with the flags that stay', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const token = org.admin.token;
    const { id } = ok(await post('/regex/createOrgRegex', { ...RULE, flags: 'u' }, token));
    ok(await post('/regex/updateOrgRegex', { id, status: 2 }, token));
    ok(await post('/regex/updateOrgRegex', { id }, token)); // nothing to change
    ok(await post('/regex/updateOrgRegex', { id, pattern: '\\p{Script=Han}{2}1\\d{10}' }, token)); // needs the u kept
    let [row] = ok(await post('/regex/selectOrgRegex', {}, token)).lists;
    expect(row).toMatchObject({ status: 2, statusName: '停用', pattern: '\\p{Script=Han}{2}1\\d{10}', flags: 'u' });
    expect(row.name).toBe('私人手机号');
    refused(await post('/regex/updateOrgRegex', { id, pattern: '1]' }, token), 400, '正则表达式无法编译：');
    ok(await post('/regex/updateOrgRegex', { id, pattern: '1]', flags: '' }, token));
    refused(await post('/regex/updateOrgRegex', { id, flags: 'u' }, token), 400, '正则表达式无法编译：');
    refused(await post('/regex/updateOrgRegex', { id, pattern: '((' }, token), 400, '正则表达式无法编译：');
    refused(await post('/regex/updateOrgRegex', { id, side: 'x' }, token), 400, '检测对象只能是');
    refused(await post('/regex/updateOrgRegex', { pattern: 'a' }, token), 400, '');
    refused(await post('/regex/updateOrgRegex', { id, name: '改' }, other.admin.token), 404, '正则规则不存在');
    [row] = ok(await post('/regex/selectOrgRegex', {}, token)).lists;
    expect(row.name).toBe('私人手机号');
    expect(ok(await post('/regex/selectOrgRegex', {}, other.admin.token)).total).toBe(0);
  });

  it('deleteOrgRegex: deleted within the organisation only', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const { id } = ok(await post('/regex/createOrgRegex', RULE, org.admin.token));
    refused(await post('/regex/deleteOrgRegex', {}, org.admin.token), 400, '');
    refused(await post('/regex/deleteOrgRegex', { id }, other.admin.token), 404, '正则规则不存在');
    expect(ok(await post('/regex/selectOrgRegex', {}, org.admin.token)).total).toBe(1);
    ok(await post('/regex/deleteOrgRegex', { id }, org.admin.token));
    expect(ok(await post('/regex/selectOrgRegex', {}, org.admin.token)).total).toBe(0);
    refused(await post('/regex/deleteOrgRegex', { id }, org.admin.token), 404, '正则规则不存在');
  });
});
