/** /organization (机构): the calls of contract.organization and contract.orgSettings, served by settings.ts. */
import { contract } from '@crm/core/contract';
import { ORG_SETTING_CALLS, ORG_SETTINGS } from '@crm/core/contract/organization';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { tokenOf } from '../../platform/session';
import {
  getOrgSetting,
  markNoticeRead,
  organizationBaseInfo,
  organizationDetail,
  setOrgSetting,
  setOrgSettingOf,
  subOrganizations,
  updateOrganizationInfo,
} from './settings';

/** Where each setting is read and written (the API tests walk them). */
export const ORG_SETTING_ROUTES = ORG_SETTING_CALLS.map(({ key, get, set }) => ({
  key,
  get: get.path,
  getMethod: get.method === 'GET' ? ('GET' as const) : undefined,
  set: set.path,
}));

export function organizationRoutes(ctx: AppContext): void {
  const { app, db } = ctx;
  const c = contract.organization;
  // Public: the spec passes the refresh token as `token`; a session's access token is accepted too.
  implement(app, c.getAuthOrganizationBaseInfo, { auth: 'none' }, async ({ query, req }) => {
    const orgId =
      req.headers.authorization && tokenOf(req)
        ? (await app.authenticate(req, true))!.orgId
        : (await ctx.services.account.liveSessionByRefresh(query.token ?? '')).organizationId;
    return organizationBaseInfo(db, orgId);
  });
  implement(app, c.getOrganizationDetail, {}, ({ session }) => organizationDetail(db, session));
  implement(app, c.getSubOrganization, {}, ({ session }) => subOrganizations(db, session));
  implement(app, c.updateOrganizationInfo, { sign: 'org:edit', audit: '修改机构信息' }, ({ session, body }) =>
    updateOrganizationInfo(db, session, body),
  );
  implement(app, c.setNoticeRead, { audit: '机构公告已读' }, ({ session }) => markNoticeRead(db, session));

  // The AI unit price: the organisation reads it, the installation operator sets it (`operator: true`).
  implement(app, contract.orgSettings.getAiUnitPrice, {}, ({ session }) =>
    getOrgSetting(db, session.orgId, 'aiUnitPrice'),
  );
  implement(
    app,
    contract.orgSettings.setAiUnitPrice,
    { audit: '设置 AI 单价', snapshot: (body) => ctx.services.operator.money(body.organizationId) },
    ({ body: { organizationId, ...value } }) => setOrgSettingOf(db, organizationId, 'aiUnitPrice', value),
  );

  // Every other setting alike: anyone of the organisation reads it, org:edit writes it.
  for (const { key, get, set } of ORG_SETTING_CALLS) {
    implement(app, get, {}, ({ session }) => getOrgSetting(db, session.orgId, key));
    implement(app, set, { sign: 'org:edit', audit: `设置${ORG_SETTINGS[key].label}` }, ({ session, body }) =>
      setOrgSetting(db, session, key, body),
    );
  }
}
