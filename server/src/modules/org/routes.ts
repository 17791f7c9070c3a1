/**
 * Organisation administration calls (spec part 2, section 7.2), all under /api/backend. The spec names some calls
 * only in words; those are named here in the style of their siblings and marked (named here).
 *
 * /userController (userRoutes.ts)
 *   POST list, save, update, updateStatus, changePassword, verifySuperAdmin, changeSuperAdmin,
 *        listWithoutSuperAdmin, setSalesChampion, cancelSalesChampion (all named here);
 *   GET  getUserList; POST getWorkStatus, updateWorkStatus, updateUserWorkStatus
 * /roleController (roleRoutes.ts)
 *   POST list, save, update, remove ({id}), del ({ids})
 * /menuController (roleRoutes.ts)
 *   POST getTreeByRoleId, getTreeByOrganizationId, getDefaultTreeByRoleId, getOrganizationIsMain,
 *        getsecondaryOrganizationList; GET getUserRolePermissions
 * /organizationDept (deptRoutes.ts)
 *   POST tree, save, update, delete, sort (named here)
 * /organizationStation (deptRoutes.ts)
 *   POST list, save, update, delete (named here)
 * /organization (this file)
 *   GET  getAuthOrganizationBaseInfo, quickBindSet, callEndingScript
 *   POST getOrganizationDetail, getSubOrganization, getOrganizationKey,
 *        resetOrganizationKey, updateOrganizationInfo, setNoticeRead (named here),
 *        setAntiCollision / getAntiCollision, setCallStatusRefresh / getCallStatusRefresh,
 *        setSeatDuration / getSeatDuration, setRiskWarning / getRiskWarning, setBeforeCall / getBeforeCall,
 *        setCustomerProfileShow / getCustomerProfileShow, setAiUnitPrice / getAiUnitPrice,
 *        setSourceRequired / getSourceRequired, setCallJumpClue / getCallJumpClue,
 *        saveQuickBindSet, saveCallEndingScript (named here)
 */
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { must } from '../../platform/errors';
import { defineRoutes } from '../../platform/http';
import { tokenOf } from '../../platform/session';
import { clearableText, nameField, phoneField } from '../../platform/validation';
import { deptRoutes } from './deptRoutes';
import { roleRoutes } from './roleRoutes';
import { getOrganization } from './service';
import {
  getOrgSetting,
  markNoticeRead,
  ORG_SETTINGS,
  type OrgSettingKey,
  organizationDetail,
  organizationKey,
  resetOrganizationKey,
  setOrgSetting,
  subOrganizations,
  updateOrganizationInfo,
} from './settings';
import { userRoutes } from './userRoutes';
import type { UserService } from './users';

/** Where each organisation setting is read and written: one generic pair of service calls behind them all. */
const SETTING_ROUTES: { key: OrgSettingKey; get: string; getMethod?: 'GET'; set: string }[] = [
  { key: 'antiCollision', get: '/organization/getAntiCollision', set: '/organization/setAntiCollision' },
  { key: 'callStatusRefresh', get: '/organization/getCallStatusRefresh', set: '/organization/setCallStatusRefresh' },
  { key: 'seatDuration', get: '/organization/getSeatDuration', set: '/organization/setSeatDuration' },
  { key: 'riskWarning', get: '/organization/getRiskWarning', set: '/organization/setRiskWarning' },
  { key: 'beforeCall', get: '/organization/getBeforeCall', set: '/organization/setBeforeCall' },
  {
    key: 'customerProfileShow',
    get: '/organization/getCustomerProfileShow',
    set: '/organization/setCustomerProfileShow',
  },
  { key: 'aiUnitPrice', get: '/organization/getAiUnitPrice', set: '/organization/setAiUnitPrice' },
  { key: 'sourceRequired', get: '/organization/getSourceRequired', set: '/organization/setSourceRequired' },
  { key: 'callJumpClue', get: '/organization/getCallJumpClue', set: '/organization/setCallJumpClue' },
  { key: 'quickBindSet', get: '/organization/quickBindSet', getMethod: 'GET', set: '/organization/saveQuickBindSet' },
  {
    key: 'callEndingScript',
    get: '/organization/callEndingScript',
    getMethod: 'GET',
    set: '/organization/saveCallEndingScript',
  },
];
export const ORG_SETTING_ROUTES = SETTING_ROUTES;

export function orgRoutes(ctx: AppContext, users: UserService): void {
  const { db } = ctx;
  userRoutes(ctx, users);
  roleRoutes(ctx);
  deptRoutes(ctx);

  defineRoutes(ctx.app, 'backend', (r) => {
    // The spec passes the refresh token as `token`; a session's access token is accepted too.
    r.get(
      '/organization/getAuthOrganizationBaseInfo',
      { auth: 'none', query: z.object({ token: z.string().optional() }), summary: '机构基础信息（余额，单位分）' },
      async ({ query, req }) => {
        let orgId: number;
        const bearer = req.headers.authorization ? tokenOf(req) : null;
        if (bearer) orgId = (await ctx.app.authenticate(req, true))!.orgId;
        else orgId = (await ctx.services.account.liveSessionByRefresh(query.token ?? '')).organizationId;
        const org = must(await getOrganization(db, orgId));
        return {
          id: org.id,
          name: org.name,
          balance: org.balance,
          versionId: org.versionId,
          versionName: org.versionName,
        };
      },
    );

    r.post('/organization/getOrganizationDetail', { summary: '机构详情' }, ({ session }) =>
      organizationDetail(db, session),
    );
    r.post('/organization/getSubOrganization', { summary: '本机构及下级机构' }, ({ session }) =>
      subOrganizations(db, session),
    );
    r.post(
      '/organization/updateOrganizationInfo',
      {
        body: z.object({
          name: nameField('机构名称', 100).optional(),
          contactName: clearableText('联系人', 50),
          contactPhone: z.preprocess((v) => (v === '' || v === null ? undefined : v), phoneField.optional()),
          industry: clearableText('行业', 50),
        }),
        sign: 'org:edit',
        audit: '修改机构信息',
      },
      ({ session, body }) => updateOrganizationInfo(db, session, body),
    );
    r.post('/organization/getOrganizationKey', { sign: 'org:edit', summary: '开放接口密钥' }, ({ session }) =>
      organizationKey(db, session),
    );
    r.post('/organization/resetOrganizationKey', { sign: 'org:edit', audit: '重置开放接口密钥' }, ({ session }) =>
      resetOrganizationKey(db, session),
    );
    r.post('/organization/setNoticeRead', { audit: '机构公告已读' }, ({ session }) => markNoticeRead(db, session));

    for (const s of SETTING_ROUTES) {
      const { label, schema } = ORG_SETTINGS[s.key];
      const read = ({ session }: { session: { orgId: number } }) => getOrgSetting(db, session.orgId, s.key);
      if (s.getMethod === 'GET') r.get(s.get, { summary: `获取${label}` }, read);
      else r.post(s.get, { summary: `获取${label}` }, read);
      r.post(s.set, { body: schema as z.ZodType, sign: 'org:edit', audit: `设置${label}` }, ({ session, body }) =>
        setOrgSetting(db, session.orgId, s.key, body),
      );
    }
  });
}
