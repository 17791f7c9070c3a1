import { contract } from '@crm/core/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestOrg, type TestUser, useTestApp } from '../../test/harness';
import { ok, refused } from '../../test/org';

const R = '/api/robot';
let phoneSeq = 17300000000 + Math.floor(Math.random() * 8e8);
const phone = () => String(phoneSeq++);

describe('/mergeCustomer and /clue/duplicate: duplicate groups and merges', () => {
  const t = useTestApp();
  const post = (path: string, body: unknown, user: TestUser, query?: Record<string, unknown>) =>
    t().post(`${R}${path}`, body, { token: user.token, query });
  const add = async (user: TestUser, body: object) =>
    ok(await post('/organizationClue/add', { name: '周洋', phone: phone(), ...body }, user));
  /** Duplicate rules off, so that duplicates can be created (as an import before the rules were set would). */
  const rulesOff = (org: TestOrg) =>
    post('/clue/clueFieldRepeat/save', { rules: [{ fieldNames: ['phone'], enabled: 0 }] }, org.admin);

  it('answers code 10 without a session, 403 to a seat, 404 for another organisation', async () => {
    const org = await t().newOrg();
    for (const p of [
      '/mergeCustomer/mergeCustomer',
      '/mergeCustomer/queryGoingToMergeCustomerList',
      '/mergeCustomer/repeatCheckAndQueryMergeCustomer',
      '/mergeCustomer/repeatMergeCustomer',
      '/mergeCustomer/queryMergeRecordList',
      '/clue/duplicate/pagelist',
      '/clue/duplicate/check',
    ]) {
      const res = await t().post(`${R}${p}`, {});
      expect(`${p} ${res.status} ${res.code}`).toBe(`${p} 401 10`);
    }
    expect((await t().call(contract.mergeCustomer.recordDetail, { id: 1 })).code).toBe(10);
    for (const p of [
      '/mergeCustomer/mergeCustomer',
      '/mergeCustomer/queryGoingToMergeCustomerList',
      '/clue/duplicate/pagelist',
    ])
      refused(await post(p, { keepId: 1, clueIds: [2] }, org.seat), 403, '无权限访问');
  });

  it('lists groups by the rules, checks one lead, merges with field choices in one transaction, keeps a record', async () => {
    const org = await t().newOrg();
    ok(await rulesOff(org));
    const p = phone();
    const a = await add(org.seat, { name: '周洋', phone: p, company: '', remark: '老客户', tagIds: [] });
    const b = await add(org.seat, { name: '周洋（重复）', phone: p, company: '厦门海湾物流有限公司', stage: 3 });
    const c = await add(org.manager, { name: '周总', phone: p, phones: ['02088886666'] });
    await add(org.seat, { name: '单独客户' });
    ok(await post('/interactive/addFollowRecord', { clueId: b.id, content: '电话沟通，对报价有兴趣' }, org.seat));

    const groups = ok(
      await post('/mergeCustomer/queryGoingToMergeCustomerList', { pageNum: 1, pageSize: 10 }, org.admin),
    );
    expect(groups.total).toBe(1);
    expect(groups.rules).toEqual([{ ruleNo: 0, label: '手机号' }]);
    expect(groups.lists[0].clueIds).toEqual([a.id, b.id, c.id]);
    expect(groups.lists[0].leads.map((l: any) => l.name)).toEqual(['周洋', '周洋（重复）', '周总']);
    expect(ok(await post('/clue/duplicate/pagelist', { pageNum: 1, pageSize: 10 }, org.admin)).total).toBe(1);
    const check = ok(await post('/clue/duplicate/check', { clueId: a.id }, org.seat));
    // the seat sees its own two, not the manager's
    expect(check.groups[0].clueIds).toEqual([a.id, b.id]);

    refused(
      await post('/mergeCustomer/mergeCustomer', { keepId: a.id, clueIds: [b.id], choices: { nope: a.id } }, org.admin),
      400,
      '字段不存在',
    );
    refused(
      await post(
        '/mergeCustomer/mergeCustomer',
        { keepId: a.id, clueIds: [b.id], choices: { name: 999999 } },
        org.admin,
      ),
      400,
      '不在合并范围内',
    );
    // a locked lead to be merged away: refused, nothing changed
    ok(await post('/organizationClue/lockClue', { clueIds: [c.id], lockStatus: 1 }, org.manager));
    refused(
      await post(
        '/mergeCustomer/mergeCustomer',
        { keepId: a.id, clueIds: [b.id, c.id], choices: { company: b.id } },
        org.admin,
      ),
      400,
      '已锁定',
    );
    expect(ok(await post('/organizationClue/detail', { clueId: b.id }, org.admin)).company).toBe(
      '厦门海湾物流有限公司',
    );
    expect(ok(await post('/organizationClue/detail', { clueId: a.id }, org.admin)).company).toBe('');
    ok(await post('/organizationClue/lockClue', { clueIds: [c.id], lockStatus: 0 }, org.manager));

    const merged = ok(
      await post(
        '/mergeCustomer/mergeCustomer',
        { keepId: a.id, clueIds: [a.id, b.id, c.id], choices: { name: c.id, stage: b.id } },
        org.admin,
      ),
    );
    expect(merged).toMatchObject({ clueId: a.id, count: 2 });
    const kept = ok(await post('/organizationClue/detail', { clueId: a.id }, org.admin));
    expect(kept).toMatchObject({ name: '周总', stage: 3, remark: '老客户', company: '厦门海湾物流有限公司', phone: p });
    expect(kept.phones).toEqual(['02088886666']);
    refused(await post('/organizationClue/detail', { clueId: b.id }, org.admin), 404);
    const records = ok(
      await post('/interactive/getCustomerInteractionAllList', { clueId: a.id, pageNum: 1, pageSize: 50 }, org.admin),
    );
    const contents = records.lists.map((e: any) => e.content);
    expect(contents).toContain('电话沟通，对报价有兴趣');
    expect(records.lists.map((e: any) => e.title)).toContain('合并客户');

    const list = ok(await post('/mergeCustomer/queryMergeRecordList', { pageNum: 1, pageSize: 10 }, org.admin));
    expect(list.lists[0]).toMatchObject({ keptClueId: a.id, keptName: '周洋', mergedNames: ['周洋（重复）', '周总'] });
    const detail = ok(
      await t().call(contract.mergeCustomer.recordDetail, { id: list.lists[0].id }, { token: org.admin.token }),
    );
    expect(detail.choices).toEqual([
      { fieldName: 'name', fieldLabel: '客户名称', fromClueId: c.id, value: '周总' },
      { fieldName: 'stage', fieldLabel: '客户阶段', fromClueId: b.id, value: expect.any(String) },
    ]);
    expect(detail.leads.map((l: any) => l.id)).toEqual([a.id, b.id, c.id]);
    expect(
      ok(await post('/mergeCustomer/queryGoingToMergeCustomerList', { pageNum: 1, pageSize: 10 }, org.admin)).total,
    ).toBe(0);

    const other = await t().newOrg();
    refused(
      await t().call(contract.mergeCustomer.recordDetail, { id: list.lists[0].id }, { token: other.admin.token }),
      404,
    );
    refused(await post('/mergeCustomer/mergeCustomer', { keepId: a.id, clueIds: [a.id, a.id + 1] }, other.admin), 400);
    refused(await post('/clue/duplicate/check', { clueId: a.id }, other.admin), 404);
  });

  it('repeatMergeCustomer merges what the check finds; rules by name and company group too; recordings follow', async () => {
    const org = await t().newOrg();
    ok(await rulesOff(org));
    const p = phone();
    const a = await add(org.admin, { name: '林芳', phone: p, company: '' });
    const b = await add(org.admin, { name: '林芳', phone: p, company: '长沙云图教育咨询有限公司' });
    await t().ctx.db.execute(
      sql`insert into recording (organization_id, clue_id, file_name, ext, file_key, hash, size, owner_user_id)
          values (${org.orgId}, ${b.id}, '通话.mp3', 'mp3', 'k', ${`h${b.id}`}, 1, ${org.admin.userId})`,
    );
    const r = ok(await post('/mergeCustomer/repeatMergeCustomer', { clueId: a.id }, org.admin));
    expect(r.count).toBe(1);
    expect(ok(await post('/organizationClue/detail', { clueId: a.id }, org.admin)).company).toBe(
      '长沙云图教育咨询有限公司',
    );
    const moved = await t().ctx.db.execute<{ clue_id: number }>(
      sql`select clue_id from recording where organization_id = ${org.orgId} and hash = ${`h${b.id}`}`,
    );
    expect(Number(moved.rows[0].clue_id)).toBe(a.id);
    refused(await post('/mergeCustomer/repeatMergeCustomer', { clueId: a.id }, org.admin), 400, '没有重复客户');

    const c = await add(org.admin, { name: '赵强', company: '青岛蓝海建材有限公司' });
    const d = await add(org.admin, { name: '赵强', company: '青岛蓝海建材有限公司' });
    ok(
      await post(
        '/clue/clueFieldRepeat/save',
        {
          rules: [
            { fieldNames: ['phone'], enabled: 0 },
            { fieldNames: ['name', 'company'], enabled: 1 },
          ],
        },
        org.admin,
      ),
    );
    const groups = ok(await post('/clue/duplicate/pagelist', { pageNum: 1, pageSize: 10 }, org.admin));
    expect(groups.rules[0].label).toBe('客户名称+公司名称');
    expect(groups.lists[0].clueIds).toEqual([c.id, d.id]);
  });
});
