// /organizationCostCenter/buyCoachingPack: AI 陪练 minutes and 话术助手 answers bought from the balance (the pack ledger
// of practice and the assistant), with the enterprise order; the quotas show the bought units.
import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { expectNoSession, ok, refused } from '../../test/org';
import { post } from './ledger';

describe('/organizationCostCenter/buyCoachingPack', () => {
  const t = useTestApp();
  it('pays a practice or assistant pack from the balance; not enough balance buys nothing', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const buy = (body: object, token = org.admin.token) =>
      t().callRaw(contract.billing.buyCoachingPack, body, { token });
    await expectNoSession(t(), [{ path: '/organizationCostCenter/buyCoachingPack' }]);
    refused(await buy({ product: 'practice', units: 10 }, org.seat.token), 403);
    // 100 minutes at the default 20 fen a minute
    refused(await buy({ product: 'practice', units: 100 }), 400, '账户余额不足：需 20.00 元，当前余额 0.00 元');
    refused(await buy({ product: 'film', units: 1 }), 400, '请选择资源包（AI 陪练或话术助手）');
    refused(await buy({ product: 'assistant', units: 0 }), 400, '数量不能小于 1');

    await post(t().ctx.db, org.orgId, { type: 'manual', amountFen: 3_000, refKey: 'm' });
    ok(await buy({ product: 'practice', units: 100 }));
    // 200 answers at the default 5 fen each
    ok(await buy({ product: 'assistant', units: 200 }));
    expect(ok(await t().call(contract.billing.getBalance, undefined, { token: org.admin.token })).balanceFen).toBe(0);
    const practice = ok(await t().call(contract.chatScriptTrainingSession.quota, undefined, { token: org.seat.token }));
    expect(practice).toMatchObject({ balance: 100, companyTotalQuota: 100, unit: '分钟', packPriceFen: 20 });
    const assistant = ok(await t().call(contract.assistant.quota, undefined, { token: org.seat.token }));
    expect(assistant).toMatchObject({ balance: 200, companyTotalQuota: 200, unit: '次', packPriceFen: 5 });
    const orders = ok(await t().call(contract.vendorOrders.pageList, {}, { token: org.admin.token })).lists;
    expect(orders.map((o: any) => [o.productName, o.name, o.typeName])).toEqual(
      expect.arrayContaining([
        ['AI 陪练', 'AI 陪练时长包 100 分钟', '购买'],
        ['话术助手', '话术助手次数包 200 次', '购买'],
      ]),
    );
    // another organisation's balance and packs are untouched
    expect(ok(await t().call(contract.assistant.quota, undefined, { token: other.seat.token })).companyTotalQuota).toBe(
      0,
    );
  });
});
