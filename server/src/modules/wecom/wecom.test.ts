import { createHash } from 'node:crypto';
import { contract } from '@crm/core/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSecret } from '../../platform/secrets';
import { TEST_PASSWORD, type TestApp, type TestOrg, useTestApp } from '../../test/harness';
import { ok, refused } from '../../test/org';
import { WeComClient } from './client';
import { CallbackRefused, openCallback, sealCallback, xmlFields } from './crypto';
import { wecomConfig, wecomContact, wecomEventSeen, wecomFollow, wecomMember, wecomToken } from './schema';
import { type FakeWeCom, startFakeWeCom, wecomEncrypt, wecomSignature } from './testing/fakeWecom';

/** WeCom's published example (加解密方案说明 / the SDK samples). */
const PUBLISHED = {
  token: 'QDG6eK',
  encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C',
  corpId: 'wx5823bf96d3bd56c7',
};

const CORP = 'ww-test-corp';
const AGENT_SECRET = 'agent-secret-0123456789';
const CONTACT_SECRET = 'contact-secret-0123456789';
const TOKEN = 'CallbackToken01';
const AES = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const W = '/api/wecom';

export function callbackRequest(
  t: TestApp,
  orgId: number,
  fields: Record<string, string | number>,
  opts: { token?: string; corpId?: string; aes?: string } = {},
) {
  const message = `<xml><ToUserName><![CDATA[${CORP}]]></ToUserName>${Object.entries(fields)
    .map(([k, v]) => `<${k}><![CDATA[${v}]]></${k}>`)
    .join('')}</xml>`;
  const encrypted = wecomEncrypt(opts.aes ?? AES, message, opts.corpId ?? CORP);
  const timestamp = '1700000000';
  const nonce = '12345';
  return t.built.app.inject({
    method: 'POST',
    url: `${W}/wecom/callback`,
    query: {
      org: String(orgId),
      msg_signature: wecomSignature(opts.token ?? TOKEN, timestamp, nonce, encrypted),
      timestamp,
      nonce,
    },
    headers: { 'content-type': 'text/xml' },
    payload: `<xml><ToUserName><![CDATA[${CORP}]]></ToUserName><Encrypt><![CDATA[${encrypted}]]></Encrypt></xml>`,
  });
}

async function waitFor<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('wecom: callback crypto', () => {
  it("WeCom's published URL-verification example gives the documented plaintext", () => {
    const echostr = 'P9nAzCzyDtyTWESHep1vC5X9xho/qYX3Zpb4yKa9SKld1DsH3Iyt3tP3zNdtp+4RPcs8TgAE7OaBO+FZXvnaqQ==';
    const q = {
      msg_signature: '5c45ff5e21c57e6ad56bac8758b79b1d9ac89fd3',
      timestamp: '1409659589',
      nonce: '263014780',
    };
    expect(openCallback(PUBLISHED, q, echostr)).toBe('1616140317555161061');
    expect(() =>
      openCallback(PUBLISHED, { ...q, msg_signature: '5c45ff5e21c57e6ad56bac8758b79b1d9ac89fd4' }, echostr),
    ).toThrow(CallbackRefused);
    expect(() => openCallback(PUBLISHED, { ...q, nonce: '263014781' }, echostr)).toThrow('签名不正确');
    expect(() => openCallback({ ...PUBLISHED, corpId: 'wwother' }, q, echostr)).toThrow('企业 ID 不符');
  });

  it('the fake server encrypts as @wecom/crypto decrypts, and back', () => {
    const xml = '<xml><Event><![CDATA[change_contact]]></Event><UserID>zhangsan</UserID></xml>';
    const enc = wecomEncrypt(PUBLISHED.encodingAesKey, xml, PUBLISHED.corpId);
    const sig = wecomSignature(PUBLISHED.token, '1', '2', enc);
    expect(openCallback(PUBLISHED, { msg_signature: sig, timestamp: '1', nonce: '2' }, enc)).toBe(xml);
    const sealed = sealCallback(PUBLISHED, xml, '3', '4');
    expect(
      openCallback(PUBLISHED, { msg_signature: sealed.signature, timestamp: '3', nonce: '4' }, sealed.encrypted),
    ).toBe(xml);
    expect(xmlFields(xml)).toEqual({ Event: 'change_contact', UserID: 'zhangsan' });
    expect(() => openCallback(PUBLISHED, { msg_signature: sig, timestamp: '1', nonce: '2' }, 'not-base64!!')).toThrow(
      CallbackRefused,
    );
  });
});

describe('wecom: configuration, client, callback and sync', { timeout: 120_000 }, () => {
  const t = useTestApp({ WECOM_EGRESS_IPS: '203.0.113.7, 203.0.113.8', WECOM_BACKOFF_MS: '10' });
  let fake: FakeWeCom;
  let org: TestOrg;
  let other: TestOrg;

  const save = (o: TestOrg, extra: object = {}) =>
    t().call(
      contract.wecom.saveWeComConfig,
      {
        corpId: CORP,
        agentId: '1000002',
        agentSecret: AGENT_SECRET,
        contactSecret: CONTACT_SECRET,
        token: TOKEN,
        encodingAesKey: AES,
        apiBaseUrl: fake.apiBase,
        oauthBaseUrl: fake.url,
        ...extra,
      },
      { token: o.admin.token },
    );

  beforeAll(async () => {
    fake = await startFakeWeCom({
      corpId: CORP,
      agentSecret: AGENT_SECRET,
      contactSecret: CONTACT_SECRET,
      departments: [
        { id: 1, parentid: 0, order: 1 },
        { id: 2, parentid: 1, order: 2 },
      ],
      members: [
        { userid: 'zhangsan', name: '张三', department: [1], mobile: '13900000001' },
        { userid: 'lisi', name: '李四', department: [2] },
        { userid: 'wangwu', name: '王五', department: [2] },
      ],
      contacts: [
        {
          external_userid: 'wmA',
          name: '客户甲',
          unionid: 'u-A',
          follow: [{ userid: 'zhangsan', remark: '甲总', remark_mobiles: ['13811112222'], tag_id: ['t1'], add_way: 1 }],
        },
        {
          external_userid: 'wmB',
          name: '客户乙',
          follow: [
            { userid: 'zhangsan', remark: '乙' },
            { userid: 'lisi', remark: '乙（李四）', add_way: 3 },
          ],
        },
        ...Array.from({ length: 250 }, (_, i) => ({
          external_userid: `wmL${i}`,
          name: `批量客户${i}`,
          follow: [{ userid: 'lisi' }],
        })),
      ],
    });
    org = await t().newOrg();
    other = await t().newOrg();
  });
  afterAll(() => fake.close());

  it('answers code 10 without a session and 403 to a seat', async () => {
    for (const path of [
      'getQwServerIp',
      'getWeComConfig',
      'getWeComConfigOpen',
      'getWeComKey',
      'openWeComConfig',
      'saveWeComConfig',
      'testWeComConfig',
      'updateWeComUser',
      'updateWeComCustom',
      'syncStatus',
    ]) {
      const res = await t().post(`${W}/wecom/${path}`, {});
      expect(`${path} ${res.status} ${res.code}`).toBe(`${path} 401 10`);
    }
    for (const path of [
      'getQwServerIp',
      'getWeComConfig',
      'getWeComKey',
      'saveWeComConfig',
      'testWeComConfig',
      'updateWeComUser',
    ]) {
      const res = await t().post(`${W}/wecom/${path}`, {}, { token: org.seat.token });
      expect(`${path} ${res.status} ${res.msg}`).toBe(`${path} 403 无权限访问`);
    }
    // what a seat may ask: whether the integration is there
    expect(ok(await t().call(contract.wecom.getWeComConfigOpen, undefined, { token: org.seat.token }))).toEqual({
      configured: false,
      open: 2,
    });
  });

  it('egress addresses come from WECOM_EGRESS_IPS', async () => {
    const a = ok(await t().call(contract.wecom.getQwServerIp, undefined, { token: org.admin.token }));
    expect(a.ips).toEqual(['203.0.113.7', '203.0.113.8']);
    expect(a.message).toContain('企业可信 IP');
  });

  it('save validates, seals the secrets at rest and shows them masked; another organisation sees none of it', async () => {
    const raw = (body: object) => t().callRaw(contract.wecom.saveWeComConfig, body, { token: org.admin.token });
    refused(await raw({ agentId: '1' }), 400, '请输入企业 ID');
    refused(await raw({ corpId: CORP, agentId: 'abc' }), 400, 'AgentId 应为数字');
    refused(await raw({ corpId: CORP, agentId: '1', encodingAesKey: 'short' }), 400, 'EncodingAESKey 应为 43 位');
    refused(await raw({ corpId: CORP, agentId: '1', apiBaseUrl: 'ftp://x' }), 400, '接口地址须为');
    refused(
      await raw({ corpId: CORP, agentId: '1', agentSecret: 's', apiBaseUrl: 'http://169.254.169.254/' }),
      400,
      '不允许访问该地址',
    );
    refused(await raw({ corpId: CORP, agentId: '1' }), 400, '请输入应用 Secret');
    refused(
      await t().call(contract.wecom.openWeComConfig, { open: 1 }, { token: org.admin.token }),
      400,
      '请先保存企业微信配置',
    );
    const saved = ok(await save(org));
    expect(saved).toMatchObject({
      configured: true,
      open: 2,
      corpId: CORP,
      agentSecret: '******',
      contactSecret: '******',
      token: '******',
      encodingAesKey: '******',
    });
    expect(saved.callbackUrl).toMatch(new RegExp(`/api/wecom/wecom/callback\\?org=${org.orgId}$`));
    const [row] = await t().ctx.db.select().from(wecomConfig).where(eq(wecomConfig.organizationId, org.orgId));
    for (const v of [row.agentSecret, row.contactSecret, row.token, row.encodingAesKey]) expect(v).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row)).not.toContain(AGENT_SECRET);
    // the masked secrets sent back keep the stored ones
    ok(await save(org, { agentSecret: '******', contactSecret: '******', token: '******', encodingAesKey: '******' }));
    expect(ok(await t().call(contract.wecom.getWeComKey, undefined, { token: org.admin.token }))).toEqual({
      token: TOKEN,
      encodingAesKey: AES,
      generated: false,
    });
    const fresh = ok(await t().call(contract.wecom.getWeComKey, undefined, { token: other.admin.token }));
    expect(fresh.generated).toBe(true);
    expect(fresh.encodingAesKey).toMatch(/^[A-Za-z0-9]{43}$/);
    expect(ok(await t().call(contract.wecom.getWeComConfig, undefined, { token: other.admin.token }))).toMatchObject({
      configured: false,
      corpId: '',
      agentSecret: '',
    });
    refused(
      await t().call(contract.wecom.updateWeComUser, undefined, { token: other.admin.token }),
      400,
      '尚未配置企业微信',
    );
  });

  it('tests the connection: each failure with its Chinese reason', async () => {
    const test = async () => ok(await t().call(contract.wecom.testWeComConfig, undefined, { token: org.admin.token }));
    const good = await test();
    expect(good.ok, JSON.stringify(good.steps)).toBe(true);

    fake.options.trustedIp = false;
    let r = await test();
    expect(r.ok).toBe(false);
    expect(r.steps.find((s) => !s.ok)?.message).toContain('60020');
    fake.options.trustedIp = true;

    fake.options.customerPermission = false;
    r = await test();
    expect(r.steps.find((s) => s.name === '客户联系权限')?.message).toContain('48002');
    fake.options.customerPermission = true;

    ok(await save(org, { agentSecret: 'wrong-secret' }));
    r = await test();
    expect(r.steps[0]).toMatchObject({ name: '应用 Secret', ok: false });
    expect(r.steps[0].message).toContain('40001');
    ok(await save(org));
    expect(
      ok(await t().call(contract.wecom.testWeComConfig, undefined, { token: other.admin.token })).steps[0].message,
    ).toContain('请先保存');
  });

  it('the access token is cached in the database for every process, refreshed on 42001, 45009 waited out', async () => {
    const db = t().ctx.db;
    const opts = { corpId: CORP, secret: AGENT_SECRET, apiBaseUrl: fake.apiBase, backoffMs: 5 };
    const gettokens = () => fake.calls.filter((c) => c.path === 'gettoken').length;
    await db.delete(wecomToken);
    const before = gettokens();
    await new WeComClient(db, opts).get('department/simplelist');
    // another process: a new client, the same database
    await new WeComClient(db, opts).get('department/simplelist');
    expect(gettokens() - before).toBe(1);
    const [cached] = await db.select().from(wecomToken).where(eq(wecomToken.corpId, CORP));
    expect(cached.value).toMatch(/^enc:v1:/);

    fake.expireTokens();
    const a = await new WeComClient(db, opts).get('department/simplelist');
    expect(a.department_id.length).toBe(2);
    expect(gettokens() - before).toBe(2);

    fake.rateLimitNext = 2;
    expect((await new WeComClient(db, opts).get('department/simplelist')).errcode).toBe(0);
    fake.rateLimitNext = 10;
    await expect(new WeComClient(db, opts).get('department/simplelist')).rejects.toThrow('45009');
    fake.rateLimitNext = 0;
  });

  it('turns on, syncs staff (phone match, name suggestion) and customers (paged, remark-mobile match)', async () => {
    const lead = ok(
      await t().call(contract.clue.add, { name: '客户甲的线索', phone: '13811112222' }, { token: org.admin.token }),
    );
    // the member with a mobile matches the CRM user who has it
    ok(
      await t().call(contract.users.update, { id: org.seat.userId, phone: '13900000001' }, { token: org.admin.token }),
    );
    ok(await t().call(contract.wecom.openWeComConfig, { open: 1 }, { token: org.admin.token }));
    fake.options.mobiles = true;
    expect(ok(await t().call(contract.wecom.updateWeComUser, undefined, { token: org.admin.token })).started).toBe(
      true,
    );
    const status = () => t().call(contract.wecom.syncStatus, undefined, { token: org.admin.token }).then(ok);
    let st = await waitFor(status, (s) => s.user.status === 2 || s.user.status === 3);
    expect(st.user, st.user.message).toMatchObject({ status: 2, done: 3 });
    const members = await t().ctx.db.select().from(wecomMember).where(eq(wecomMember.organizationId, org.orgId));
    expect(members.map((m) => m.userid).sort()).toEqual(['lisi', 'wangwu', 'zhangsan']);
    expect(members.find((m) => m.userid === 'zhangsan')).toMatchObject({ crmUserId: org.seat.userId, bindWay: 1 });

    expect(ok(await t().call(contract.wecom.updateWeComCustom, undefined, { token: org.admin.token })).started).toBe(
      true,
    );
    st = await waitFor(status, (s) => s.customer.status === 2 || s.customer.status === 3);
    expect(st.customer, st.customer.message).toMatchObject({ status: 2, done: 253 });
    const contacts = await t().ctx.db.select().from(wecomContact).where(eq(wecomContact.organizationId, org.orgId));
    expect(contacts.length).toBe(252);
    expect(contacts.find((c) => c.externalUserid === 'wmA')).toMatchObject({
      clueId: lead.id,
      bindWay: 1,
      unionid: 'u-A',
    });
    const follows = await t().ctx.db.select().from(wecomFollow).where(eq(wecomFollow.organizationId, org.orgId));
    expect(follows.length).toBe(253);
    expect(follows.find((f) => f.externalUserid === 'wmB' && f.userid === 'lisi')).toMatchObject({
      remark: '乙（李四）',
      addWay: 3,
    });

    // a second run writes no doubles
    ok(await t().call(contract.wecom.updateWeComCustom, undefined, { token: org.admin.token }));
    st = await waitFor(status, (s) => s.customer.status === 2 && s.customer.finishedAt !== null);
    await waitFor(status, (s) => s.customer.status !== 1);
    expect((await t().ctx.db.select().from(wecomFollow).where(eq(wecomFollow.organizationId, org.orgId))).length).toBe(
      253,
    );
  });

  it('企微员工: list, bind by hand, unbind; validation, no session, another organisation refused', async () => {
    const R = '/api/robot';
    for (const path of [
      '/wechatUser/pagelist',
      '/wechatUser/bindUser',
      '/wechatCustomer/pagelist',
      '/wechatCustomer/detail',
      '/wechatCustomer/bindClue',
      '/wechatCustomer/toClue',
    ]) {
      const res = await t().post(`${R}${path}`, {});
      expect(`${path} ${res.status} ${res.code}`).toBe(`${path} 401 10`);
    }
    const list = ok(
      await t().call(contract.wechatUser.pagelist, { pageNum: 1, pageSize: 10 }, { token: org.admin.token }),
    );
    expect(list.total).toBe(3);
    const lisi = list.lists.find((m) => m.userid === 'lisi')!;
    expect(lisi).toMatchObject({
      name: '李四',
      crmUserId: null,
      bindWay: 0,
      bindWayName: '未绑定',
      customerCount: 251,
    });
    expect(list.lists.find((m) => m.userid === 'zhangsan')).toMatchObject({
      bindWayName: '手机号匹配',
      crmUserName: '坐席甲',
    });
    expect(ok(await t().call(contract.wechatUser.pagelist, { bound: 2 }, { token: org.admin.token })).total).toBe(2);
    expect(ok(await t().call(contract.wechatUser.pagelist, { keyword: '李' }, { token: org.admin.token })).total).toBe(
      1,
    );
    refused(
      await t().callRaw(contract.wechatUser.bindUser, { userid: 'lisi' }, { token: org.admin.token }),
      400,
      '系统用户',
    );
    refused(
      await t().callRaw(contract.wechatUser.pagelist, { pageSize: 7 }, { token: org.admin.token }),
      400,
      '每页条数',
    );
    const bound = ok(
      await t().call(
        contract.wechatUser.bindUser,
        { userid: 'lisi', crmUserId: org.otherSeat.userId },
        { token: org.admin.token },
      ),
    );
    expect(bound).toMatchObject({ crmUserId: org.otherSeat.userId, bindWay: 2, bindWayName: '手动绑定' });
    refused(
      await t().call(
        contract.wechatUser.bindUser,
        { userid: 'wangwu', crmUserId: org.otherSeat.userId },
        { token: org.admin.token },
      ),
      409,
      '已绑定企微员工',
    );
    // another organisation's user, another organisation's member
    refused(
      await t().call(
        contract.wechatUser.bindUser,
        { userid: 'wangwu', crmUserId: other.seat.userId },
        { token: org.admin.token },
      ),
      404,
      '系统用户不存在',
    );
    refused(
      await t().call(
        contract.wechatUser.bindUser,
        { userid: 'lisi', crmUserId: other.seat.userId },
        { token: other.admin.token },
      ),
      404,
      '企微员工不存在',
    );
    expect(ok(await t().call(contract.wechatUser.pagelist, {}, { token: other.admin.token })).total).toBe(0);
    await expect(
      t()
        .call(contract.wechatUser.pagelist, {}, { token: org.seat.token })
        .then((r) => r.status),
    ).resolves.toBe(403);
  });

  it("企微客户: list, detail, bind to a lead, turn into a new lead (import way 11); a seat sees its own members' contacts", async () => {
    const admin = { token: org.admin.token };
    const list = ok(await t().call(contract.wechatCustomer.pagelist, { pageSize: 10 }, admin));
    expect(list.total).toBe(252);
    const b = ok(await t().call(contract.wechatCustomer.detail, { externalUserid: 'wmB' }, admin));
    expect(b.followers.map((f) => f.userid).sort()).toEqual(['lisi', 'zhangsan']);
    expect(b.followers.find((f) => f.userid === 'lisi')).toMatchObject({ name: '李四', addWayName: '名片分享' });
    expect(
      ok(await t().call(contract.wechatCustomer.pagelist, { bound: 1 }, admin)).lists.map((c) => c.externalUserid),
    ).toEqual(['wmA']);
    expect(ok(await t().call(contract.wechatCustomer.pagelist, { userid: 'zhangsan' }, admin)).total).toBe(2);
    refused(await t().callRaw(contract.wechatCustomer.detail, {}, admin), 400, '请选择企微客户');
    refused(
      await t().call(contract.wechatCustomer.detail, { externalUserid: 'wmB' }, { token: other.admin.token }),
      404,
    );

    // a seat: the contacts of the member bound to it (zhangsan → seat)
    const seatList = ok(await t().call(contract.wechatCustomer.pagelist, {}, { token: org.seat.token }));
    expect(seatList.lists.map((c) => c.externalUserid).sort()).toEqual(['wmA', 'wmB']);
    refused(await t().call(contract.wechatCustomer.detail, { externalUserid: 'wmL1' }, { token: org.seat.token }), 404);

    refused(await t().call(contract.wechatCustomer.toClue, { externalUserid: 'wmB' }, admin), 400, '请输入手机号');
    const made = ok(
      await t().call(contract.wechatCustomer.toClue, { externalUserid: 'wmB', phone: '13733334444' }, admin),
    );
    expect(made).toMatchObject({ bindWay: 4, bindWayName: '转为新线索' });
    const lead = ok(await t().call(contract.clue.detail, { clueId: made.clueId! } as never, admin));
    expect(lead).toMatchObject({ importWay: 11, importWayName: '企业微信' });
    refused(
      await t().call(contract.wechatCustomer.toClue, { externalUserid: 'wmB', phone: '13733334445' }, admin),
      409,
      '已关联线索',
    );

    const unbound = ok(
      await t().call(contract.wechatCustomer.bindClue, { externalUserid: 'wmB', clueId: null }, admin),
    );
    expect(unbound).toMatchObject({ clueId: null, bindWay: 0 });
    const rebound = ok(
      await t().call(contract.wechatCustomer.bindClue, { externalUserid: 'wmB', clueId: made.clueId }, admin),
    );
    expect(rebound).toMatchObject({ clueId: made.clueId, bindWayName: '手动关联' });
    // another organisation's lead, and another organisation binding this one's contact
    const theirs = ok(
      await t().call(contract.clue.add, { name: '别家线索', phone: '13755556666' }, { token: other.admin.token }),
    );
    refused(
      await t().call(contract.wechatCustomer.bindClue, { externalUserid: 'wmL2', clueId: theirs.id }, admin),
      404,
    );
    refused(
      await t().call(
        contract.wechatCustomer.bindClue,
        { externalUserid: 'wmL2', clueId: theirs.id },
        { token: other.admin.token },
      ),
      404,
      '企微客户不存在',
    );
    refused(
      await t().callRaw(contract.wechatCustomer.toClue, { externalUserid: 'wmL2', phone: '123' }, admin),
      400,
      '手机号',
    );
  });

  it('OAuth2 sign-in: a bound member signs straight in, an unbound one binds by password or SMS code', async () => {
    const url = ok(await t().call(contract.wecomAuth.oauthUrl, { org: org.orgId, redirect: '/weComApp/analyse' }));
    const u = new URL(url.url);
    expect(u.href.startsWith(`${fake.url}/connect/oauth2/authorize?`)).toBe(true);
    expect(u.hash).toBe('#wechat_redirect');
    expect(u.searchParams.get('appid')).toBe(CORP);
    expect(u.searchParams.get('agentid')).toBe('1000002');
    expect(u.searchParams.get('scope')).toBe('snsapi_base');
    expect(u.searchParams.get('redirect_uri')).toMatch(
      new RegExp(`/weComAuth\\?org=${org.orgId}&redirect=%2FweComApp%2Fanalyse$`),
    );
    refused(await t().callRaw(contract.wecomAuth.oauthUrl, {}), 400, '缺少机构参数');
    refused(
      await t().callRaw(contract.wecomAuth.oauthUrl, { org: org.orgId, redirect: '//evil.example' }),
      400,
      '返回地址不正确',
    );
    refused(await t().call(contract.wecomAuth.oauthUrl, { org: other.orgId }), 400, '尚未配置企业微信');

    // zhangsan is bound to the seat (matched by phone)
    const signed = ok(
      await t().call(contract.wecomAuth.oauthLogin, { org: org.orgId, code: fake.oauthCode({ userid: 'zhangsan' }) }),
    );
    expect(signed).toMatchObject({ bound: true, memberName: '张三' });
    expect(signed.signedIn?.userId).toBe(org.seat.userId);
    ok(await t().call(contract.wecom.getWeComConfigOpen, undefined, { token: signed.signedIn!.token }));
    refused(await t().call(contract.wecomAuth.oauthLogin, { org: org.orgId, code: 'used-or-made-up' }), 400, '40029');
    refused(
      await t().call(contract.wecomAuth.oauthLogin, {
        org: org.orgId,
        code: fake.oauthCode({ openid: 'o-1', external_userid: 'wmA' }),
      }),
      403,
      '仅企业成员可以登录',
    );
    refused(
      await t().call(contract.wecomAuth.oauthLogin, { org: other.orgId, code: fake.oauthCode({ userid: 'zhangsan' }) }),
      400,
      '尚未配置',
    );
    refused(await t().callRaw(contract.wecomAuth.oauthLogin, { org: org.orgId }), 400, '缺少授权码');

    // wangwu is not bound: a ticket, then the manager's account and password
    const unbound = ok(
      await t().call(contract.wecomAuth.oauthLogin, { org: org.orgId, code: fake.oauthCode({ userid: 'wangwu' }) }),
    );
    expect(unbound).toMatchObject({ bound: false, signedIn: null, memberName: '王五' });
    refused(
      await t().call(contract.wecomAuth.oauthBind, {
        bindTicket: `${unbound.bindTicket}x`,
        account: org.manager.username,
        password: TEST_PASSWORD,
      }),
      400,
      '绑定凭证已失效',
    );
    refused(
      await t().call(contract.wecomAuth.oauthBind, {
        bindTicket: unbound.bindTicket,
        account: other.manager.username,
        password: TEST_PASSWORD,
      }),
      400,
      '不属于本企业',
    );
    refused(
      await t().call(contract.wecomAuth.oauthBind, {
        bindTicket: unbound.bindTicket,
        account: org.manager.username,
        password: 'wrong@123',
      }),
      400,
      '账号或密码错误',
    );
    const viaPassword = ok(
      await t().call(contract.wecomAuth.oauthBind, {
        bindTicket: unbound.bindTicket,
        account: org.manager.username,
        password: TEST_PASSWORD,
      }),
    );
    expect(viaPassword.userId).toBe(org.manager.userId);
    const again = ok(
      await t().call(contract.wecomAuth.oauthLogin, { org: org.orgId, code: fake.oauthCode({ userid: 'wangwu' }) }),
    );
    expect(again.signedIn?.userId).toBe(org.manager.userId);

    // a member WeCom knows but the sync has not seen yet binds by phone and SMS code
    const fresh = ok(
      await t().call(contract.wecomAuth.oauthLogin, { org: org.orgId, code: fake.oauthCode({ userid: 'zhaoliu' }) }),
    );
    expect(fresh.bound).toBe(false);
    ok(
      await t().call(contract.users.update, { id: org.admin.userId, phone: '13900000009' }, { token: org.admin.token }),
    );
    ok(await t().call(contract.account.sendSmsCode, { phone: '13900000009', type: 'login' }));
    const viaSms = ok(
      await t().call(contract.wecomAuth.oauthBind, {
        bindTicket: fresh.bindTicket,
        phone: '13900000009',
        code: t().sms.last('13900000009')!,
      }),
    );
    expect(viaSms.userId).toBe(org.admin.userId);
  });

  it('JS-SDK signatures: config with the corp ticket, agentConfig with the app ticket, both cached', async () => {
    const page = 'https://crm.example.com/weComSidebar/customerAnalysis?x=1#frag';
    refused(await t().call(contract.wecomAuth.jsapiSignature, { url: page }), 401);
    refused(
      await t().callRaw(contract.wecomAuth.jsapiSignature, { url: 'javascript:1' }, { token: org.seat.token }),
      400,
      '页面地址不正确',
    );
    refused(
      await t().call(contract.wecomAuth.jsapiSignature, { url: page }, { token: other.seat.token }),
      400,
      '尚未配置',
    );
    const before = fake.calls.filter((c) => c.path === 'get_jsapi_ticket' || c.path === 'ticket/get').length;
    const a = ok(await t().call(contract.wecomAuth.jsapiSignature, { url: page }, { token: org.seat.token }));
    const b = ok(await t().call(contract.wecomAuth.jsapiSignature, { url: page }, { token: org.seat.token }));
    expect(fake.calls.filter((c) => c.path === 'get_jsapi_ticket' || c.path === 'ticket/get').length - before).toBe(2);
    expect(a).toMatchObject({ corpId: CORP, agentId: '1000002' });
    const ticket = (kind: string) =>
      t()
        .ctx.db.select()
        .from(wecomToken)
        .where(and(eq(wecomToken.corpId, CORP), eq(wecomToken.kind, kind)))
        .then((r) => openSecret(r[0].value)!);
    const sha1 = (tk: string, s: { nonceStr: string; timestamp: number }) =>
      createHash('sha1')
        .update(
          `jsapi_ticket=${tk}&noncestr=${s.nonceStr}&timestamp=${s.timestamp}&url=https://crm.example.com/weComSidebar/customerAnalysis?x=1`,
        )
        .digest('hex');
    expect(a.config.signature).toBe(sha1(await ticket('jsapi'), a.config));
    expect(b.agentConfig.signature).toBe(sha1(await ticket('agent_config'), b.agentConfig));
  });

  it('callback: URL verification, events deduplicated, forged signature and another organisation refused', async () => {
    const echo = wecomEncrypt(AES, 'echo-123', CORP);
    const verify = (orgId: number, token = TOKEN) =>
      t().built.app.inject({
        method: 'GET',
        url: `${W}/wecom/callback`,
        query: {
          org: String(orgId),
          msg_signature: wecomSignature(token, '1', '2', echo),
          timestamp: '1',
          nonce: '2',
          echostr: echo,
        },
      });
    const good = await verify(org.orgId);
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('echo-123');
    expect((await verify(org.orgId, 'ForgedToken')).statusCode).toBe(403);
    // another organisation (no keys, or other keys) cannot be verified with this one's message
    expect((await verify(other.orgId)).statusCode).toBe(403);

    fake.options.contacts = [
      ...(fake.options.contacts ?? []),
      { external_userid: 'wmNEW', name: '新客户', follow: [{ userid: 'wangwu', remark: '刚加的' }] },
    ];
    const event = {
      MsgType: 'event',
      Event: 'change_external_contact',
      ChangeType: 'add_external_contact',
      UserID: 'wangwu',
      ExternalUserID: 'wmNEW',
      CreateTime: '1700000100',
    };
    const first = await callbackRequest(t(), org.orgId, event);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('success');
    // WeCom's retry of the same message is taken once
    expect((await callbackRequest(t(), org.orgId, event)).body).toBe('success');
    expect(
      (await t().ctx.db.select().from(wecomEventSeen).where(eq(wecomEventSeen.organizationId, org.orgId))).length,
    ).toBe(1);
    const added = await waitFor(
      () =>
        t()
          .ctx.db.select()
          .from(wecomFollow)
          .where(and(eq(wecomFollow.organizationId, org.orgId), eq(wecomFollow.externalUserid, 'wmNEW'))),
      (rows) => rows.length > 0,
    );
    expect(added[0]).toMatchObject({ userid: 'wangwu', remark: '刚加的' });

    expect((await callbackRequest(t(), org.orgId, event, { token: 'ForgedToken' })).statusCode).toBe(403);
    expect((await callbackRequest(t(), org.orgId, event, { corpId: 'ww-other' })).statusCode).toBe(403);
    expect((await callbackRequest(t(), other.orgId, event)).statusCode).toBe(403);

    // the member deletes the contact
    const del = await callbackRequest(t(), org.orgId, {
      ...event,
      ChangeType: 'del_external_contact',
      CreateTime: '1700000200',
    });
    expect(del.body).toBe('success');
    const gone = await waitFor(
      () =>
        t()
          .ctx.db.select()
          .from(wecomContact)
          .where(and(eq(wecomContact.organizationId, org.orgId), eq(wecomContact.externalUserid, 'wmNEW'))),
      (rows) => rows[0]?.removedAt != null,
    );
    expect(gone[0].removedAt).not.toBeNull();
  });
});
