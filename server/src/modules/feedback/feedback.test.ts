import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { customRoleUser, expectForbidden, expectNoSession, ok, refused } from '../../test/org';

describe('/problemFeedback', () => {
  const t = useTestApp();

  const save = async (token: string, extra: object = {}) =>
    ok(
      await t().call(
        contract.feedback.save,
        { type: 2, content: '录音上传后没有识别结果', images: ['/api/files/a.png'], contact: '13800000000', ...extra },
        { token },
      ),
    ).id as number;

  it('answers code 10 without a session and 403 to a seat for the administrator calls', async () => {
    const org = await t().newOrg();
    await expectNoSession(
      t(),
      ['save', 'list', 'detail', 'reply', 'updateStatus'].map((c) => ({ path: `/problemFeedback/${c}` })),
    );
    await expectForbidden(t(), org.seat.token, [
      { path: '/problemFeedback/reply', body: { id: 1, reply: 'x' } },
      { path: '/problemFeedback/updateStatus', body: { id: 1, status: 2 } },
    ]);
  });

  it('save validates type, content and images', async () => {
    const org = await t().newOrg();
    const post = (body: object) => t().callRaw(contract.feedback.save, body, { token: org.seat.token });
    refused(await post({ type: 9, content: 'x' }), 400, '反馈类型只能是 1、2、3、4');
    refused(await post({ type: 1, content: '  ' }), 400, '请输入反馈内容');
    refused(await post({ type: 1, content: 'x', images: ['javascript:alert(1)'] }), 400, '图片地址不正确');
    refused(await post({ type: 1, content: 'x', images: Array(10).fill('/a.png') }), 400, '图片最多 9 张');
    expect(await save(org.seat.token)).toBeGreaterThan(0);
  });

  it('list and detail: a user sees the own feedback, an administrator all of the organisation', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const mine = await save(org.seat.token, { type: 1, content: '希望支持批量外呼' });
    const theirs = await save(org.otherSeat.token);
    const foreign = await save(other.seat.token);

    const seatList = ok(await t().call(contract.feedback.list, {}, { token: org.seat.token }));
    expect(seatList.lists.map((f: any) => f.id)).toEqual([mine]);
    expect(seatList.lists[0]).toMatchObject({
      type: 1,
      typeName: '功能建议',
      status: 1,
      statusName: '待处理',
      realName: '坐席甲',
      images: ['/api/files/a.png'],
    });
    const all = ok(await t().call(contract.feedback.list, { pageNum: 1, pageSize: 10 }, { token: org.admin.token }));
    expect(all.lists.map((f: any) => f.id).sort()).toEqual([mine, theirs].sort());
    expect(ok(await t().call(contract.feedback.list, { keyword: '批量' }, { token: org.admin.token })).total).toBe(1);
    expect(ok(await t().call(contract.feedback.list, { type: 2 }, { token: org.admin.token })).total).toBe(1);
    expect(
      ok(
        await t().call(
          contract.feedback.list,
          { startTime: '2000-01-01 00:00:00', endTime: '2000-01-02 00:00:00' },
          { token: org.admin.token },
        ),
      ).total,
    ).toBe(0);
    refused(
      await t().call(contract.feedback.list, { startTime: '昨天' }, { token: org.admin.token }),
      400,
      '时间格式应为 YYYY-MM-DD HH:mm:ss',
    );

    expect(ok(await t().call(contract.feedback.detail, { id: mine }, { token: org.seat.token })).content).toBe(
      '希望支持批量外呼',
    );
    refused(await t().call(contract.feedback.detail, { id: theirs }, { token: org.seat.token }), 404, '反馈不存在');
    refused(await t().call(contract.feedback.detail, { id: foreign }, { token: org.admin.token }), 404);
    refused(await t().callRaw(contract.feedback.detail, {}, { token: org.admin.token }), 400, '');
  });

  it('reply and updateStatus by an administrator', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const id = await save(org.seat.token);
    ok(await t().call(contract.feedback.updateStatus, { id, status: 2 }, { token: org.admin.token }));
    expect(ok(await t().call(contract.feedback.detail, { id }, { token: org.seat.token })).statusName).toBe('处理中');
    ok(await t().call(contract.feedback.reply, { id, reply: '已修复，请刷新后重试' }, { token: org.admin.token }));
    const d = ok(await t().call(contract.feedback.detail, { id }, { token: org.seat.token }));
    expect(d).toMatchObject({ status: 3, reply: '已修复，请刷新后重试', replyUserName: '管理员' });
    expect(d.repliedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    refused(
      await t().call(contract.feedback.reply, { id, reply: '' }, { token: org.admin.token }),
      400,
      '请输入回复内容',
    );
    refused(
      await t().call(contract.feedback.updateStatus, { id, status: 7 }, { token: org.admin.token }),
      400,
      '处理状态只能是 1、2、3',
    );
    refused(await t().call(contract.feedback.reply, { id, reply: 'x' }, { token: other.admin.token }), 404);
    refused(await t().call(contract.feedback.updateStatus, { id, status: 1 }, { token: other.admin.token }), 404);
  });
  it("another organisation's administrator cannot reply to or change the status of a feedback: nothing changes", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const id = await save(org.seat.token);
    refused(await t().call(contract.feedback.reply, { id, reply: '别家回复' }, { token: other.admin.token }), 404);
    refused(await t().call(contract.feedback.updateStatus, { id, status: 3 }, { token: other.admin.token }), 404);
    refused(await t().call(contract.feedback.detail, { id }, { token: other.admin.token }), 404);
    const d = ok(await t().call(contract.feedback.detail, { id }, { token: org.seat.token }));
    expect(d).toMatchObject({ status: 1, statusName: '待处理' });
    expect(d.reply ?? null).toBeNull();
    expect(ok(await t().call(contract.feedback.list, {}, { token: other.admin.token })).total).toBe(0);
  });

  it('answering takes feedback:edit: the operation-log sign alone reads every feedback but answers none', async () => {
    const org = await t().newOrg();
    const id = await save(org.seat.token);
    const auditor = await customRoleUser(t(), org, { functionSigns: ['log:view'] });
    expect(ok(await t().call(contract.feedback.list, {}, { token: auditor.token })).total).toBe(1);
    await expectForbidden(t(), auditor.token, [
      { path: '/problemFeedback/reply', body: { id, reply: '已处理' } },
      { path: '/problemFeedback/updateStatus', body: { id, status: 3 } },
    ]);
    expect(ok(await t().call(contract.feedback.detail, { id }, { token: org.seat.token })).status).toBe(1);
    // the built-in manager role holds it, as does a role given only feedback:edit
    ok(await t().call(contract.feedback.updateStatus, { id, status: 2 }, { token: org.manager.token }));
    const handler = await customRoleUser(t(), org, { functionSigns: ['feedback:edit'] });
    ok(await t().call(contract.feedback.reply, { id, reply: '已修复' }, { token: handler.token }));
    expect(ok(await t().call(contract.feedback.detail, { id }, { token: org.seat.token })).status).toBe(3);
  });
});
