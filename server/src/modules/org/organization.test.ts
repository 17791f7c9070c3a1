import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { B, expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import { ORG_SETTING_ROUTES } from './organizationRoutes';
import { getOrgSetting, ORG_SETTINGS } from './settings';

/** A valid value of every setting, to write and read back. */
const SAMPLES: Record<keyof typeof ORG_SETTINGS, object> = {
  antiCollision: { status: 1, protectDays: 15, scope: 2 },
  callStatusRefresh: { status: 1, intervalSeconds: 10 },
  seatDuration: { status: 1, dailyLimitMinutes: 300 },
  riskWarning: { status: 1, notifyUserIds: [] },
  beforeCall: { status: 1, tip: '请先核对客户姓名' },
  customerProfileShow: { status: 2 },
  aiUnitPrice: { pricePerMinute: 12 },
  sourceRequired: { status: 1 },
  callJumpClue: { status: 1 },
  quickBindSet: { status: 1 },
  callEndingScript: { content: '感谢您的接听，祝您生活愉快！' },
};

describe('/organization', () => {
  const t = useTestApp();

  it('answers code 10 without a session and 403 without org:edit', async () => {
    const org = await t().newOrg();
    const writes = [
      ...ORG_SETTING_ROUTES.map((s) => ({ path: s.set, body: SAMPLES[s.key] })),
      { path: '/organization/updateOrganizationInfo', body: { name: '新名称' } },
    ];
    await expectNoSession(t(), [
      ...writes,
      ...ORG_SETTING_ROUTES.map((s) => ({ path: s.get, method: s.getMethod })),
      { path: '/organization/getOrganizationDetail' },
      { path: '/organization/getSubOrganization' },
      { path: '/organization/setNoticeRead' },
    ]);
    await expectForbidden(t(), org.seat.token, writes);
    await expectForbidden(t(), org.manager.token, writes);
  });

  it('every setting: default, set, get back; others untouched; another organisation unaffected', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    for (const s of ORG_SETTING_ROUTES) {
      const read = async (token: string) =>
        ok(
          s.getMethod === 'GET'
            ? await t().get(`${B}${s.get}`, { token })
            : await t().post(`${B}${s.get}`, {}, { token }),
        );
      expect(await read(org.seat.token)).toEqual(ORG_SETTINGS[s.key].defaults);
      expect(ok(await t().post(`${B}${s.set}`, SAMPLES[s.key], { token: org.admin.token }))).toEqual(SAMPLES[s.key]);
      expect(await read(org.seat.token)).toEqual(SAMPLES[s.key]);
      expect(await read(other.seat.token)).toEqual(ORG_SETTINGS[s.key].defaults);
    }
    // the generic service reads them for other modules too
    expect(await getOrgSetting(t().database.db, org.orgId, 'sourceRequired')).toEqual({ status: 1 });
    const detail = ok(
      await t().call(contract.organization.getOrganizationDetail, undefined, { token: org.admin.token }),
    );
    expect(detail.settings.antiCollision).toEqual(SAMPLES.antiCollision);
    expect(detail.settings.callEndingScript).toEqual(SAMPLES.callEndingScript);
  });

  it('settings validate their values with Chinese messages naming the field', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const set = (path: string, body: object) => t().post(`${B}/organization/${path}`, body, { token: org.admin.token });
    refused(await set('setAntiCollision', { status: 3, protectDays: 1, scope: 1 }), 400, '防撞单开关只能是 1、2');
    refused(await set('setAntiCollision', { status: 1, protectDays: -1, scope: 1 }), 400, '保护天数不能小于 0');
    refused(await set('setCallStatusRefresh', { status: 1, intervalSeconds: 1 }), 400, '刷新间隔不能小于 5 秒');
    refused(await set('setSeatDuration', { status: 1 }), 400, '每日通话分钟上限');
    // the AI unit price is the installation operator's: refused to the organisation, validated for the operator
    refused(await set('setAiUnitPrice', { organizationId: org.orgId, pricePerMinute: 0 }), 403, '无权限访问');
    const op = await t().newOperator();
    refused(
      await op.call(contract.orgSettings.setAiUnitPrice, { organizationId: org.orgId, pricePerMinute: 1.5 }),
      400,
      '单价须为整数（分）',
    );
    refused(await set('saveCallEndingScript', { content: 'x'.repeat(501) }), 400, '结束语最多 500 个字');
    // notification users must belong to the organisation
    refused(await set('setRiskWarning', { status: 1, notifyUserIds: [other.seat.userId] }), 400, '通知人不存在');
    ok(await set('setRiskWarning', { status: 1, notifyUserIds: [org.manager.userId] }));
  });

  it('getOrganizationDetail, updateOrganizationInfo and getSubOrganization', async () => {
    const org = await t().newOrg();
    const detail = ok(
      await t().call(contract.organization.getOrganizationDetail, undefined, { token: org.seat.token }),
    );
    expect(detail).toMatchObject({
      id: org.orgId,
      organizationId: org.orgId,
      isMain: true,
      balance: 0,
      userCount: 4,
      noticeRead: 1,
      versionId: 1,
    });
    ok(
      await t().call(
        contract.organization.updateOrganizationInfo,
        { name: '新机构名', contactPhone: '13912345678' },
        { token: org.admin.token },
      ),
    );
    expect(
      ok(await t().call(contract.organization.getOrganizationDetail, undefined, { token: org.seat.token })).name,
    ).toBe('新机构名');
    refused(
      await t().call(contract.organization.updateOrganizationInfo, { contactPhone: '12' }, { token: org.admin.token }),
      400,
      '请输入正确的 11 位手机号',
    );

    const branch = await t().newOrg();
    const { organization } = await import('./schema');
    const { eq } = await import('drizzle-orm');
    await t().database.db.update(organization).set({ parentId: org.orgId }).where(eq(organization.id, branch.orgId));
    const subs = ok(await t().call(contract.organization.getSubOrganization, undefined, { token: org.admin.token }));
    expect(subs.map((o: any) => o.id)).toEqual([org.orgId, branch.orgId]);
    expect(subs[0]).toMatchObject({ isCurrent: true, isMain: true });
    expect(
      ok(await t().call(contract.organization.getSubOrganization, undefined, { token: branch.admin.token })).map(
        (o: any) => o.id,
      ),
    ).toEqual([branch.orgId]);
  });

  it('setNoticeRead marks the organisation notice read (2)', async () => {
    const org = await t().newOrg();
    expect(ok(await t().call(contract.organization.setNoticeRead, undefined, { token: org.seat.token }))).toEqual({
      noticeRead: 2,
    });
    expect(
      ok(await t().call(contract.organization.getOrganizationDetail, undefined, { token: org.admin.token })).noticeRead,
    ).toBe(2);
  });
  it('updateOrganizationInfo with nothing to change succeeds and changes nothing', async () => {
    const org = await t().newOrg();
    const before = ok(
      await t().call(contract.organization.getOrganizationDetail, undefined, { token: org.admin.token }),
    );
    const res = await t().call(contract.organization.updateOrganizationInfo, {}, { token: org.admin.token });
    expect(`${res.status} ${res.msg}`).toBe('200 success');
    expect(res.data).toEqual({ id: org.orgId });
    const after = ok(
      await t().call(contract.organization.getOrganizationDetail, undefined, { token: org.admin.token }),
    );
    expect(after.name).toBe(before.name);
  });

  it('a setting without its switch names the field', async () => {
    const org = await t().newOrg();
    for (const path of [
      'setBeforeCall',
      'setCustomerProfileShow',
      'setSourceRequired',
      'setCallJumpClue',
      'saveQuickBindSet',
    ]) {
      const res = await t().post(`${B}/organization/${path}`, {}, { token: org.admin.token });
      expect(`${path} ${res.status} ${res.msg}`).toBe(`${path} 400 开关只能是 1、2`);
    }
  });
});
