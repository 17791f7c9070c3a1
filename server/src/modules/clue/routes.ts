/**
 * Leads and customers. Paths:
 *
 * robot:
 *   POST /organizationClue/list                 filtered, sorted page (my customers; totalExact false above 10,000)
 *   POST /organizationClue/seatCluePage         the caller's own leads (dialer list)
 *   POST /organizationClue/detail               one lead {clueId}
 *   POST /organizationClue/neighbours           previous/next lead of the same list {clueId, …filter}
 *   POST /organizationClue/add | edit
 *   POST /organizationClue/delete               to the recycle bin {clueIds}
 *   POST /organizationClue/setClueCustomBlackById   blacklist on/off {clueIds, black, reason}
 *   POST /organizationClue/lockClue             {clueIds, lockStatus}
 *   POST /organizationClue/turnClueToCustomer   {clueIds}
 *   POST /organizationClue/changeFollowUser     {clueIds, ownerId}
 *   POST /organizationClue/location             provinces/cities of the visible leads
 *   POST /organizationClue/channelSource        channel sources for the filter
 *   GET  /organizationClue/getImportFileName    template file name and download path
 *   POST /clueRecycleBin/list | restore | delete
 *   POST /clueReader/list | add | remove        the blacklist
 *   POST /clue/collaborator/list | add | delete
 *   POST /interactive/getCustomerInteractionAllList   follow-ups, calls, transfers, edits …
 *   POST /interactive/addFollowRecord           write a follow-up
 *   POST /interactive/getFieldChangeLog         field change log
 *   GET  /clue/board/getAreaList                province/city/district tree {text, value, children}
 *   GET  /cluePlatformImport/getClueImportWayList   importWayName, importWayId
 * analysis:
 *   POST /api/clue/list | getTabDataList | getClueLocationListNew | getUserList | queryHalfMaskCode
 *   GET  /api/clue/getClueImportWayList
 */
import { durationBound, durationOutOfRange, ImportWay, MAX_FILTER_DURATION_SECONDS } from '@crm/core';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { defineRoutes } from '../../platform/http';
import { pageQuery } from '../../platform/paging';
import type { Session } from '../../platform/session';
import { num } from '../../platform/validation';
import { orgUsers } from '../org/directory';
import { AREA_TREE } from './area';
import type { ClueService, ListRequest } from './service';

const id = num(z.number({ error: '必须是数字' }).int().positive('必须是正整数'));
const ids = z.array(id, { error: '请选择客户' }).min(1, '请选择客户').max(1000, '一次最多操作1000条');
// bounded: each id can cost a query (a department's subtree), and a list filter names few things
const intList = z.array(num(z.number().int())).max(200, '一次最多选择200项').optional();
const dateFilter = z.union([z.string().max(50), z.tuple([z.string().nullable(), z.string().nullable()])]).optional();

const inDurationRange = (n: number | null) => n === null || (n >= 0 && n <= MAX_FILTER_DURATION_SECONDS);

/** The filter of every lead list, export and tab count. */
export const ClueFilterBody = z.object({
  type: z.union([z.literal(1), z.literal(2)]).optional(),
  keyword: z.string().max(50, '关键词不能超过50个字').optional(),
  name: z.string().max(50).optional(),
  phone: z.string().max(32).optional(),
  company: z.string().max(100).optional(),
  ownerIds: intList,
  deptIds: intList,
  channelSourceIds: intList,
  importWays: intList,
  callStatus: intList,
  stages: intList,
  followStatusIds: intList,
  followPhaseIds: intList,
  tagIds: intList,
  lockStatus: z.union([z.literal(0), z.literal(1)]).optional(),
  receiveTypes: intList,
  risk: z.union([z.literal(1), z.literal(2)]).optional(),
  voiceprint: intList,
  gender: z.union([z.literal(1), z.literal(2)]).optional(),
  provinceCode: z.string().max(12).optional(),
  cityCode: z.string().max(12).optional(),
  districtCode: z.string().max(12).optional(),
  sign: z.string().max(50).optional(),
  createTime: dateFilter,
  updateTime: dateFilter,
  lastFollowTime: dateFilter,
  nextFollowTime: dateFilter,
  lastCallTime: dateFilter,
  turnCustomerTime: dateFilter,
  duration: z
    .union([
      z.object({ option: z.literal(1), level: num(z.number().int().min(0).max(7)) }),
      z.object({
        option: z.literal(2),
        min: z.union([z.string(), z.number()]).nullish(),
        max: z.union([z.string(), z.number()]).nullish(),
      }),
    ])
    .optional()
    // a custom range names seconds from 0 to 7 days (last_call_duration is an int4 column)
    .refine(
      (d) => d?.option !== 2 || [d.min, d.max].every((v) => inDurationRange(durationBound(v))),
      durationOutOfRange('duration'),
    ),
  importRecordId: num(z.number().int().optional()),
  customFilters: z
    .array(z.object({ fieldName: z.string().min(1).max(64), value: z.unknown() }))
    .max(50, '自定义字段筛选最多50个')
    .optional(),
  sortField: z
    .enum(['id', 'createdAt', 'updatedAt', 'nextFollowTime', 'lastFollowTime', 'lastCallTime'], {
      error: '排序字段不支持',
    })
    .optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
export const ListBody = ClueFilterBody.extend(pageQuery);

const ClueBody = z.object({
  type: z.union([z.literal(1), z.literal(2)], { error: '只能是1（线索）或2（客户）' }).optional(),
  name: z.string().trim().max(50, '客户名称不能超过50个字').optional(),
  company: z.string().trim().max(100, '公司名称不能超过100个字').optional(),
  phone: z.string({ error: '请输入手机号' }).trim().min(1, '请输入手机号').max(32, '手机号格式不正确').optional(),
  phones: z.array(z.string().max(32)).max(10, '其他电话最多10个').optional(),
  ownerId: id.nullish(),
  channelSourceId: id.nullish(),
  sign: z.string().max(50).optional(),
  stage: num(z.number().int().min(1, '客户阶段为1-9').max(9, '客户阶段为1-9').optional()),
  gender: z.union([z.literal(1), z.literal(2)], { error: '性别只能是1（男）或2（女）' }).nullish(),
  age: num(z.number().int().min(0, '年龄不能小于0').max(150, '年龄不能大于150').nullish()),
  birthday: z.string().max(10).nullish(),
  areaCodes: z.array(z.string().max(12)).max(3).optional(),
  // address and remark: '' or null clears the text (stored as '')
  address: z.string().max(200, '详细地址不能超过200个字').nullish(),
  tagIds: z.array(id).max(50).optional(),
  followStatusId: id.nullish(),
  followPhaseId: id.nullish(),
  lostReasonId: id.nullish(),
  remark: z.string().max(500, '备注不能超过500个字').nullish(),
  nextFollowTime: z.string().max(19).nullish(),
  custom: z.record(z.string(), z.unknown()).optional(),
});

export function clueRoutes(ctx: AppContext, svc: ClueService): void {
  const view = 'clue:view' as const;
  const list = (session: Session, body: z.infer<typeof ListBody>) => svc.list(session, body as ListRequest);
  const importWays = () => Object.entries(ImportWay).map(([k, v]) => ({ importWayId: Number(k), importWayName: v }));
  const userList = async (s: Session) =>
    (await orgUsers(ctx.db, s.orgId))
      .filter((u) => u.status === 1 && (s.visibleUserIds === null || s.visibleUserIds.includes(u.id)))
      .map((u) => ({ userId: u.id, id: u.id, realName: u.realName, deptId: u.deptId, deptName: u.deptName ?? '' }));

  defineRoutes(ctx.app, 'robot', (r) => {
    r.post('/organizationClue/list', { sign: view, body: ListBody }, ({ session, body }) => list(session, body));
    r.post('/organizationClue/seatCluePage', { sign: view, body: ListBody }, ({ session, body }) =>
      list(session, { ...body, ownerIds: [session.userId] }),
    );
    r.post('/organizationClue/detail', { sign: view, body: z.object({ clueId: id }) }, ({ session, body }) =>
      svc.detail(session, body.clueId),
    );
    r.post(
      '/organizationClue/neighbours',
      { sign: view, body: ClueFilterBody.extend({ clueId: id }) },
      ({ session, body }) => svc.neighbours(session, { ...body, pageNum: 1, pageSize: 10 } as ListRequest, body.clueId),
    );
    r.post(
      '/organizationClue/add',
      { sign: 'clue:add', body: ClueBody, audit: '新增客户' },
      async ({ session, body }) => {
        const row = await svc.add(session, body);
        return svc.detail(session, row.id);
      },
    );
    r.post(
      '/organizationClue/edit',
      { sign: 'clue:edit', body: ClueBody.extend({ clueId: id }), audit: '编辑客户' },
      async ({ session, body }) => {
        const { clueId, ...input } = body;
        await svc.edit(session, clueId, input);
        return svc.detail(session, clueId);
      },
    );
    r.post(
      '/organizationClue/delete',
      { sign: 'clue:delete', body: z.object({ clueIds: ids }), audit: '删除客户' },
      ({ session, body }) => svc.moveToRecycleBin(session, body.clueIds),
    );
    r.post(
      '/organizationClue/setClueCustomBlackById',
      {
        sign: 'clue:edit',
        audit: '设置黑名单',
        body: z.object({
          clueIds: ids,
          black: z.union([z.literal(0), z.literal(1)]).default(1),
          reason: z.string().max(200).optional(),
        }),
      },
      ({ session, body }) => svc.setBlacklist(session, body.clueIds, body.black === 1, body.reason),
    );
    r.post(
      '/organizationClue/lockClue',
      {
        sign: 'clue:edit',
        audit: '锁定客户',
        body: z.object({
          clueIds: ids,
          lockStatus: z.union([z.literal(0), z.literal(1)], { error: '只能是0或1' }),
        }),
      },
      ({ session, body }) => svc.setLock(session, body.clueIds, body.lockStatus),
    );
    r.post(
      '/organizationClue/turnClueToCustomer',
      { sign: 'clue:edit', body: z.object({ clueIds: ids }), audit: '线索转客户' },
      ({ session, body }) => svc.turnToCustomer(session, body.clueIds),
    );
    r.post(
      '/organizationClue/changeFollowUser',
      { sign: 'clue:assign', body: z.object({ clueIds: ids, ownerId: id }), audit: '变更跟进人' },
      ({ session, body }) => svc.changeOwner(session, body.clueIds, body.ownerId),
    );
    r.post('/organizationClue/location', { sign: view }, ({ session }) => svc.locations(session));
    r.post('/organizationClue/channelSource', { sign: view }, async ({ session }) =>
      (await ctx.services.clueField.dict(session.orgId, 'channelSource', true)).map((d) => ({
        id: d.id,
        name: d.name,
      })),
    );
    r.get('/organizationClue/getImportFileName', { sign: 'clue:import' }, () => ({
      fileName: '线索导入模板.xlsx',
      url: '/api/robot/clueImport/downloadTemplate',
    }));

    r.post(
      '/clueRecycleBin/list',
      { sign: view, body: z.object({ ...pageQuery, keyword: z.string().max(50).optional() }) },
      ({ session, body }) => svc.recycleBin(session, body),
    );
    r.post(
      '/clueRecycleBin/restore',
      { sign: 'clue:delete', body: z.object({ clueIds: ids }), audit: '还原客户' },
      ({ session, body }) => svc.restore(session, body.clueIds),
    );
    r.post(
      '/clueRecycleBin/delete',
      { sign: 'clue:delete', body: z.object({ clueIds: ids }), audit: '彻底删除客户' },
      ({ session, body }) => svc.purge(session, body.clueIds),
    );

    r.post('/clueReader/list', { sign: view, body: ListBody }, ({ session, body }) =>
      svc.blacklist(session, body as ListRequest),
    );
    r.post(
      '/clueReader/add',
      {
        sign: 'clue:edit',
        audit: '加入黑名单',
        body: z.object({ clueIds: ids, reason: z.string().max(200).optional() }),
      },
      ({ session, body }) => svc.setBlacklist(session, body.clueIds, true, body.reason),
    );
    r.post(
      '/clueReader/remove',
      { sign: 'clue:edit', audit: '移出黑名单', body: z.object({ clueIds: ids }) },
      ({ session, body }) => svc.setBlacklist(session, body.clueIds, false),
    );

    r.post('/clue/collaborator/list', { sign: view, body: z.object({ clueId: id }) }, ({ session, body }) =>
      svc.collaborators(session, body.clueId),
    );
    r.post(
      '/clue/collaborator/add',
      {
        sign: 'clue:edit',
        audit: '添加协作人',
        body: z.object({ clueId: id, userIds: z.array(id).min(1, '请选择协作人').max(100, '一次最多100个协作人') }),
      },
      ({ session, body }) => svc.setCollaborators(session, body.clueId, body.userIds, 'add'),
    );
    r.post(
      '/clue/collaborator/delete',
      {
        sign: 'clue:edit',
        audit: '移除协作人',
        body: z.object({ clueId: id, userIds: z.array(id).min(1, '请选择协作人').max(100, '一次最多100个协作人') }),
      },
      ({ session, body }) => svc.setCollaborators(session, body.clueId, body.userIds, 'remove'),
    );

    r.post(
      '/interactive/getCustomerInteractionAllList',
      { sign: view, body: z.object({ ...pageQuery, clueId: id, types: z.array(z.string()).optional() }) },
      ({ session, body }) => svc.interactions(session, body),
    );
    r.post(
      '/interactive/addFollowRecord',
      {
        sign: 'clue:edit',
        audit: '写跟进',
        body: z.object({
          clueId: id,
          followWayId: id.nullish(),
          followStatusId: id.nullish(),
          followPhaseId: id.nullish(),
          nextFollowTime: z.string().max(19).nullish(),
          content: z
            .string({ error: '请输入跟进内容' })
            .trim()
            .min(1, '请输入跟进内容')
            .max(2000, '跟进内容不能超过2000个字'),
        }),
      },
      ({ session, body }) => svc.addFollow(session, body),
    );
    r.post(
      '/interactive/getFieldChangeLog',
      { sign: view, body: z.object({ ...pageQuery, clueId: id }) },
      ({ session, body }) => svc.fieldChangeLog(session, body),
    );

    r.get('/clue/board/getAreaList', {}, () => AREA_TREE);
    r.get('/cluePlatformImport/getClueImportWayList', { sign: view }, () => importWays());
  });

  defineRoutes(ctx.app, 'analysis', (r) => {
    r.post('/api/clue/list', { sign: view, body: ListBody }, ({ session, body }) => list(session, body));
    r.post('/api/clue/getTabDataList', { sign: view, body: ClueFilterBody.optional() }, ({ session, body }) =>
      svc.tabData(session, { ...(body ?? {}), pageNum: 1, pageSize: 10 } as ListRequest),
    );
    r.post('/api/clue/getClueLocationListNew', { sign: view }, ({ session }) => svc.locations(session));
    r.post('/api/clue/getUserList', { sign: view }, ({ session }) => userList(session));
    r.post('/api/clue/queryHalfMaskCode', { sign: view, body: z.object({ clueId: id }) }, ({ session, body }) =>
      svc.halfMask(session, body.clueId),
    );
    r.get('/api/clue/getClueImportWayList', { sign: view }, () => importWays());
  });
}
