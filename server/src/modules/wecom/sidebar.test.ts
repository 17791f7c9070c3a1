import { contract } from '@crm/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestOrg, useTestApp } from '../../test/harness';
import { ok, refused } from '../../test/org';
import { type FakeWeCom, startFakeWeCom } from './testing/fakeWecom';

const CORP = 'ww-sidebar-corp';
const AGENT_SECRET = 'agent-secret-sidebar';
const W = '/api/wecom';
const S = contract.wecomSidebar;

async function waitFor<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('wecom: the chat sidebar (/sidebar/*)', { timeout: 120_000 }, () => {
  const t = useTestApp({ WECOM_BACKOFF_MS: '10' });
  let fake: FakeWeCom;
  let org: TestOrg;
  let other: TestOrg;
  let leadId: number;

  beforeAll(async () => {
    fake = await startFakeWeCom({
      corpId: CORP,
      agentSecret: AGENT_SECRET,
      mobiles: true,
      departments: [{ id: 1, parentid: 0, order: 1 }],
      members: [
        { userid: 'zhangsan', name: '张三', department: [1], mobile: '13900000011' },
        { userid: 'lisi', name: '李四', department: [1] },
      ],
      contacts: [
        {
          external_userid: 'wmKnown',
          name: '老客户',
          // 李四 added the contact first: the seat's own member (张三) still comes first in the sidebar
          follow: [
            { userid: 'lisi', remark: '李四的备注', createtime: 1_600_000_000 },
            { userid: 'zhangsan', remark_mobiles: ['13811110001'] },
          ],
        },
        { external_userid: 'wmNew', name: '新客户', follow: [{ userid: 'zhangsan', remark_mobiles: ['13811110002'] }] },
        { external_userid: 'wmLisi', name: '李四的客户', follow: [{ userid: 'lisi' }] },
      ],
    });
    org = await t().newOrg();
    other = await t().newOrg();
    const admin = { token: org.admin.token };
    ok(await t().call(contract.users.update, { id: org.seat.userId, phone: '13900000011' }, admin));
    leadId = ok(
      await t().call(contract.clue.add, { name: '老客户的线索', phone: '13811110001' }, { token: org.seat.token }),
    ).id;
    ok(
      await t().call(
        contract.wecom.saveWeComConfig,
        {
          corpId: CORP,
          agentId: '1000002',
          agentSecret: AGENT_SECRET,
          apiBaseUrl: fake.apiBase,
          oauthBaseUrl: fake.url,
        },
        admin,
      ),
    );
    ok(await t().call(contract.wecom.openWeComConfig, { open: 1 }, admin));
    const status = () => t().call(contract.wecom.syncStatus, undefined, admin).then(ok);
    for (const [call, kind] of [
      [contract.wecom.updateWeComUser, 'user'],
      [contract.wecom.updateWeComCustom, 'customer'],
    ] as const) {
      ok(await t().call(call, undefined, admin));
      const st = await waitFor(status, (s) => s[kind].status === 2 || s[kind].status === 3);
      expect(st[kind].status, st[kind].message).toBe(2);
    }
    // a contact added in WeCom after the sync (its callback not received yet)
    fake.options.contacts?.push({
      external_userid: 'wmLate',
      name: '刚加的客户',
      follow: [{ userid: 'zhangsan', remark: '刚加', remark_mobiles: ['13811110003'] }],
    });
  });
  afterAll(() => fake.close());

  it('answers code 10 without a session, and validates', async () => {
    for (const path of ['getCustomerDetailInWechat', 'getCustomerInfoByClueIdNew', 'getAiCommBriefing']) {
      const res = await t().post(`${W}/sidebar/${path}`, {});
      expect(`${path} ${res.status} ${res.code}`).toBe(`${path} 401 10`);
    }
    const seat = { token: org.seat.token };
    refused(await t().callRaw(S.getCustomerDetailInWechat, {}, seat), 400, '缺少外部联系人 ID');
    refused(
      await t().callRaw(S.getCustomerDetailInWechat, { externalUserid: 'x'.repeat(65) }, seat),
      400,
      '外部联系人',
    );
    refused(await t().callRaw(S.getCustomerInfoByClueIdNew, { clueId: 'abc' }, seat), 400, '客户');
    refused(await t().callRaw(S.getAiCommBriefing, {}, seat), 400, '客户');
  });

  it('a known contact: its lead, the customer with recent follow-ups, the AI briefing', async () => {
    const seat = { token: org.seat.token };
    const known = ok(await t().call(S.getCustomerDetailInWechat, { externalUserid: 'wmKnown' }, seat));
    expect(known).toMatchObject({ clueId: leadId, clueHidden: false, suggestedPhone: null });
    expect(known.contact).toMatchObject({ name: '老客户', clueName: '老客户的线索', bindWayName: '备注手机号匹配' });
    expect(known.contact.followers.map((f) => f.userid)).toEqual(['zhangsan', 'lisi']);

    ok(await t().call(contract.interaction.addFollow, { clueId: leadId, content: '微信上约了周五演示' }, seat));
    const info = ok(await t().call(S.getCustomerInfoByClueIdNew, { clueId: leadId }, seat));
    expect(info.customer).toMatchObject({ clueId: leadId, name: '老客户的线索' });
    expect(info.follows.map((f) => f.content)).toEqual(['微信上约了周五演示']);
    expect(info.calls).toEqual([]);

    const ai = ok(await t().call(S.getAiCommBriefing, { clueId: leadId }, seat));
    expect(ai.briefing).toMatchObject({ clueId: leadId, source: 'empty', callCount: 0 });
    expect(ai.risks).toEqual([]);
  });

  it('an unknown contact: no lead, its remark mobile proposed, made a lead in one tap (import way 11)', async () => {
    const seat = { token: org.seat.token };
    const unknown = ok(await t().call(S.getCustomerDetailInWechat, { externalUserid: 'wmNew' }, seat));
    expect(unknown).toMatchObject({ clueId: null, clueHidden: false, suggestedPhone: '13811110002' });
    const made = ok(await t().call(contract.wechatCustomer.toClue, { externalUserid: 'wmNew' }, seat));
    const again = ok(await t().call(S.getCustomerDetailInWechat, { externalUserid: 'wmNew' }, seat));
    expect(again).toMatchObject({ clueId: made.clueId, suggestedPhone: null });
    const lead = ok(await t().call(contract.clue.detail, { clueId: made.clueId! } as never, seat));
    expect(lead).toMatchObject({ importWay: 11 });
  });

  it('a contact added after the sync is read from WeCom; one WeCom does not know is 企微客户不存在', async () => {
    const seat = { token: org.seat.token };
    const late = ok(await t().call(S.getCustomerDetailInWechat, { externalUserid: 'wmLate' }, seat));
    expect(late).toMatchObject({ clueId: null, suggestedPhone: '13811110003' });
    expect(late.contact.followers[0]).toMatchObject({ userid: 'zhangsan', remark: '刚加' });
    refused(await t().call(S.getCustomerDetailInWechat, { externalUserid: 'wmNobody' }, seat), 404, '企微客户不存在');
    // another member's contact is not the seat's to see
    refused(await t().call(S.getCustomerDetailInWechat, { externalUserid: 'wmLisi' }, seat), 404, '企微客户不存在');
  });

  it('clue.idsByPhones: main number before a further one, one query for many, the organisation only', async () => {
    const seat = { token: org.seat.token };
    const extra = ok(
      await t().call(contract.clue.add, { name: '有其他电话', phone: '13811119001', phones: ['13811119002'] }, seat),
    );
    const ids = await t().ctx.services.clue.idsByPhones(org.orgId, [
      '13811110001',
      '138 1111 9002',
      '13811119001',
      '13800000000',
    ]);
    expect(Object.fromEntries(ids)).toEqual({
      '13811110001': leadId,
      '13811119001': extra.id,
      '13811119002': extra.id,
    });
    expect((await t().ctx.services.clue.idsByPhones(other.orgId, ['13811110001'])).size).toBe(0);
  });

  it("another organisation's contact and lead are refused", async () => {
    const theirs = { token: other.admin.token };
    const res = await t().call(S.getCustomerDetailInWechat, { externalUserid: 'wmKnown' }, theirs);
    expect(res.code).not.toBe(1);
    expect(res.msg).toContain('企业微信');
    refused(await t().call(S.getCustomerInfoByClueIdNew, { clueId: leadId }, theirs), 404, '客户不存在');
    refused(await t().call(S.getAiCommBriefing, { clueId: leadId }, theirs), 404, '客户不存在');
  });
});
