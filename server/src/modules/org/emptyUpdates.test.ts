import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { type TestOrg, useTestApp } from '../../test/harness';
import { B, ok } from '../../test/org';
import { insertRecording, type ReadableTable, storedRow } from '../../test/rows';

/**
 * Hardening: an update call given only its id answers success and changes nothing (it used to answer 500
 * "No values to set"), and remark-like text is cleared by '' and by null while leaving it out keeps it.
 */

const R = '/api/robot';
let phoneSeq = 13600000000 + Math.floor(Math.random() * 3e8);

describe('update calls: empty updates are no-ops, optional text can be cleared', () => {
  const t = useTestApp();

  /** The stored row (every column, updatedAt included). */
  const row = async (table: ReadableTable, id: number): Promise<Record<string, unknown>> => {
    const r = await storedRow(t(), table, id);
    expect(r, `row ${id}`).toBeTruthy();
    return r!;
  };

  /** The update with only the id answers success and leaves the row exactly as it was. */
  const noop = async (table: ReadableTable, id: number, path: string, idBody: object, token: string) => {
    const before = await row(table, id);
    const res = await t().post(path, idBody, { token });
    expect(res.status, `${path} ${res.code} ${res.msg}`).toBe(200);
    ok(res);
    expect(await row(table, id)).toEqual(before);
    return res.data;
  };

  /** '' clears the text, null clears it again after it is set, leaving it out keeps it. */
  const clears = async (
    table: ReadableTable,
    id: number,
    path: string,
    idBody: object,
    field: string,
    column: string,
    token: string,
    cleared: unknown = null,
  ) => {
    const post = async (body: object) => ok(await t().post(path, { ...idBody, ...body }, { token }));
    await post({ [field]: '  有内容  ' });
    expect((await row(table, id))[column]).toMatch(/^\s*有内容\s*$/);
    await post({});
    expect((await row(table, id))[column]).toMatch(/有内容/);
    await post({ [field]: '' });
    expect((await row(table, id))[column]).toBe(cleared);
    await post({ [field]: '又有了' });
    expect((await row(table, id))[column]).toBe('又有了');
    await post({ [field]: null });
    expect((await row(table, id))[column]).toBe(cleared);
  };

  let org: TestOrg;
  const admin = () => org.admin.token;

  it('departments', async () => {
    org = await t().newOrg();
    const { id } = ok(
      await t().call(contract.depts.save, { parentId: org.rootDeptId, name: '空更新部' }, { token: admin() }),
    );
    expect(await noop('department', id, `${B}/organizationDept/update`, { id }, admin())).toEqual({ id });
    // the root department too (its leader is the admin: the leader check is not fooled by the absent field)
    await noop('department', org.rootDeptId, `${B}/organizationDept/update`, { id: org.rootDeptId }, admin());
    // a real change still happens
    ok(await t().call(contract.depts.update, { id, sortNo: 7 }, { token: admin() }));
    expect((await row('department', id)).sortNo).toBe(7);
  });

  it('roles: empty update, remark cleared by "" and null', async () => {
    const { id } = ok(
      await t().call(
        contract.roles.save,
        { name: '空更新角色', dataScope: 1, functionSigns: [], routes: [], remark: '旧备注' },
        { token: admin() },
      ),
    );
    await noop('role', id, `${B}/roleController/update`, { id }, admin());
    await clears('role', id, `${B}/roleController/update`, { id }, 'remark', 'remark', admin());
    expect((await row('role', id)).name).toBe('空更新角色');
  });

  it('positions (stations): empty update, remark cleared by "" and null', async () => {
    const { id } = ok(
      await t().call(contract.positions.save, { name: '空更新岗', remark: '旧备注' }, { token: admin() }),
    );
    await noop('position', id, `${B}/organizationStation/update`, { id }, admin());
    await clears('position', id, `${B}/organizationStation/update`, { id }, 'remark', 'remark', admin());
  });

  it('users: empty update, email and seat number cleared by "" and null', async () => {
    const id = org.seat.userId;
    await noop('appUser', id, `${B}/userController/update`, { id }, admin());
    await clears('appUser', id, `${B}/userController/update`, { id }, 'seatNo', 'seatNo', admin());
    ok(await t().call(contract.users.update, { id, email: 'x@y.cn' }, { token: admin() }));
    ok(await t().call(contract.users.update, { id }, { token: admin() }));
    expect((await row('appUser', id)).email).toBe('x@y.cn');
    ok(await t().call(contract.users.update, { id, email: '' }, { token: admin() }));
    expect((await row('appUser', id)).email).toBeNull();
    ok(await t().call(contract.users.update, { id, email: 'x@y.cn' }, { token: admin() }));
    ok(await t().call(contract.users.update, { id, email: null }, { token: admin() }));
    expect((await row('appUser', id)).email).toBeNull();
  });

  it('organisation info: empty update, contact name and industry cleared', async () => {
    const path = `${B}/organization/updateOrganizationInfo`;
    await noop('organization', org.orgId, path, {}, admin());
    await clears('organization', org.orgId, path, {}, 'contactName', 'contactName', admin());
    await clears('organization', org.orgId, path, {}, 'industry', 'industry', admin());
  });

  it('tag groups and tags', async () => {
    const group = ok(await t().call(contract.clueField.tagGroups.add, { name: '空更新组' }, { token: admin() }));
    expect((await noop('tagGroup', group.id, `${R}/clue/tagGroup/update`, { id: group.id }, admin())).name).toBe(
      '空更新组',
    );
    const tg = ok(
      await t().call(contract.clueField.tags.add, { groupId: group.id, name: '空更新标签' }, { token: admin() }),
    );
    expect((await noop('tag', tg.id, `${R}/clue/tags/update`, { id: tg.id }, admin())).name).toBe('空更新标签');
  });

  it('follow-up dictionaries and channel sources: empty update, remark cleared by "" and null', async () => {
    const prefixes = [
      `${R}/clue/followWay`,
      `${R}/clue/followStatus`,
      `${R}/clue/followPhase`,
      `${R}/clue/lostReason`,
      `${B}/channelSourceSet`,
    ];
    for (const prefix of prefixes) {
      const item = ok(await t().post(`${prefix}/add`, { name: '空更新项', remark: '旧备注' }, { token: admin() }));
      const back = await noop('clueDict', item.id, `${prefix}/update`, { id: item.id }, admin());
      expect(back).toMatchObject({ id: item.id, name: '空更新项', remark: '旧备注', status: 1 });
      await clears('clueDict', item.id, `${prefix}/update`, { id: item.id }, 'remark', 'remark', admin());
      // the list shows a cleared remark as ''
      const list = ok(await t().post(`${prefix}/list`, {}, { token: admin() }));
      expect(list.find((d: any) => d.id === item.id).remark).toBe('');
    }
  });

  it('custom and order fields', async () => {
    const f = ok(
      await t().call(contract.clueField.fields.add, { fieldLabel: '空更新字段', fieldType: 1 }, { token: admin() }),
    );
    expect((await noop('clueField', f.id!, `${R}/customFieldShow/update`, { id: f.id }, admin())).fieldLabel).toBe(
      '空更新字段',
    );
    const o = ok(
      await t().call(
        contract.clueField.orderFields.add,
        { type: 1, fieldLabel: '空更新订单字段', fieldType: 1 },
        { token: admin() },
      ),
    );
    await noop('clueField', o.id!, `${R}/clueOrderField/update`, { id: o.id }, admin());
  });

  it('clue edit: empty edit writes no change log; remark and address cleared by "" and null', async () => {
    const c = ok(
      await t().call(
        contract.clue.add,
        { name: '空更新客户', phone: String(phoneSeq++), remark: '旧备注', address: '旧地址' },
        { token: org.seat.token },
      ),
    );
    const path = `${R}/organizationClue/edit`;
    const changeLog = async () =>
      ok(
        await t().call(
          contract.interaction.fieldChangeLog,
          { clueId: c.id, pageNum: 1, pageSize: 10 },
          { token: org.seat.token },
        ),
      );
    await noop('clue', c.id, path, { clueId: c.id }, org.seat.token);
    expect((await changeLog()).total).toBe(0);
    await clears('clue', c.id, path, { clueId: c.id }, 'remark', 'remark', org.seat.token, '');
    await clears('clue', c.id, path, { clueId: c.id }, 'address', 'address', org.seat.token, '');
    const log = await changeLog();
    expect(log.lists.some((e: any) => e.changes.some((x: any) => x.fieldName === 'remark' && x.after === ''))).toBe(
      true,
    );
  });

  it('recording quality: empty save keeps score and remark; remark cleared by "" and null', async () => {
    const r = {
      id: await insertRecording(t(), {
        organizationId: org.orgId,
        fileName: 'a.mp3',
        ext: 'mp3',
        fileKey: `test/${org.orgId}/a.mp3`,
        hash: '0'.repeat(32),
        size: 1,
        ownerUserId: org.seat.userId,
        qualityScore: 80,
        qualityRemark: '旧备注',
      }),
    };
    const path = `${R}/recording/v1/saveQuality`;
    expect(await noop('recording', r.id, path, { id: r.id }, admin())).toEqual({
      id: r.id,
      qualityScore: 80,
      qualityRemark: '旧备注',
    });
    await clears('recording', r.id, path, { id: r.id }, 'qualityRemark', 'qualityRemark', admin());
    expect((await row('recording', r.id)).qualityScore).toBe(80);
    ok(await t().call(contract.recording.saveQuality, { id: r.id, qualityScore: null }, { token: admin() }));
    expect((await row('recording', r.id)).qualityScore).toBeNull();
  });
});
