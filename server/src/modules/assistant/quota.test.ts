// The assistant's Quota (/hkzs/quota, setQuota, addPack): every answer is one use against the pack ledger (kind
// 'assistant', a trial at the first use) and the company's and each user's monthly quota; a spent quota refuses a new
// answer with the reason.
import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import { ASSISTANT_KIND } from './quota';

describe('/hkzs quota (话术助手额度)', () => {
  const t = useTestApp();
  const c = contract.assistant;
  const polish = (token: string) => t().call(c.chat, { type: 3, text: '我们的课程很好，您报名吧' }, { token });

  it('answers code 10 without a session; setQuota needs the practice editor sign, addPack the operator', async () => {
    await expectNoSession(t(), [{ path: '/hkzs/quota' }, { path: '/hkzs/setQuota' }, { path: '/hkzs/addPack' }]);
    const org = await t().newOrg();
    await expectForbidden(t(), org.seat.token, [
      { path: '/hkzs/setQuota', body: { companyMonthlyQuota: 1, userMonthlyQuota: 1 } },
    ]);
    refused(
      await t().call(c.addPack, { organizationId: org.orgId, units: 1, days: 1 }, { token: org.admin.token }),
      403,
    );
  });

  it('counts each answer against the user’s and the company’s monthly quota; a spent one says so', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    refused(
      await t().callRaw(c.setQuota, { companyMonthlyQuota: -1, userMonthlyQuota: 0 }, { token: org.admin.token }),
      400,
      /公司每月额度/,
    );
    const set = ok(
      await t().call(c.setQuota, { companyMonthlyQuota: 3, userMonthlyQuota: 2 }, { token: org.admin.token }),
    );
    expect(set).toMatchObject({ companyMonthlyQuota: 3, userMonthlyQuota: 2, unit: '次', exhausted: null });
    ok(await polish(org.seat.token));
    ok(await polish(org.seat.token));
    refused(await polish(org.seat.token), 400, '您本月的话术助手额度已用完，请联系管理员调整额度');
    expect(ok(await t().call(c.quota, undefined, { token: org.seat.token }))).toMatchObject({
      userMonthlyUsageAmount: 2,
      companyMonthlyUsageAmount: 2,
      // the trial pack, granted at the first use, charged one per answer
      companyTotalQuota: 200,
      companyTotalUsageAmount: 2,
      balance: 198,
      exhausted: '您本月的话术助手额度已用完，请联系管理员调整额度',
    });
    // another seat has its own monthly quota, until the company's is spent
    ok(await polish(org.otherSeat.token));
    refused(await polish(org.otherSeat.token), 400, '本月公司话术助手额度已用完，请联系管理员调整额度');
    // the monthly usage agrees with /hkzs/usage; another organisation's quota is its own
    expect(ok(await t().call(c.usage, undefined, { token: org.seat.token }))).toMatchObject({ orgUses: 3, myUses: 2 });
    expect(ok(await t().call(c.quota, undefined, { token: other.admin.token }))).toMatchObject({
      companyMonthlyQuota: 0,
      companyMonthlyUsageAmount: 0,
      exhausted: null,
    });
  });

  it('the pack ledger: the last use is given, then the spent packs refuse until the operator grants more', async () => {
    const org = await t().newOrg();
    ok(await polish(org.seat.token));
    const costs = t().ctx.services.costCenter;
    const left = (await costs.balance(org.orgId, ASSISTANT_KIND)).remaining;
    expect(left).toBe(199);
    const drained = await costs.charge(org.orgId, ASSISTANT_KIND, { units: left - 1, refKey: 'test:drain' });
    expect(drained.ok).toBe(true);
    ok(await polish(org.seat.token));
    refused(await polish(org.seat.token), 400, '话术助手次数已用完，请购买话术助手次数包后再用');
    const op = await t().newOperator();
    refused(await op.callRaw(c.addPack, { organizationId: org.orgId, units: 0, days: 30 }), 400, '次数不能小于 1 次');
    refused(await op.callRaw(c.addPack, { organizationId: 99_999_999, units: 5, days: 30 }), 404, '机构不存在');
    ok(await op.call(c.addPack, { organizationId: org.orgId, units: 5, days: 30 }));
    expect(ok(await t().call(c.quota, undefined, { token: org.seat.token }))).toMatchObject({
      balance: 5,
      exhausted: null,
    });
    ok(await polish(org.seat.token));
  });
});
