import { z } from 'zod';
import { durationBound, durationOutOfRange, MAX_FILTER_DURATION_SECONDS } from '../durationFilter';
import { analysis, CountAnswer, robot } from './call';
import { idField, num, pageOf, pageQuery } from './fields';

/**
 * Leads (线索, type 1) and customers (客户, type 2): the lists, the detail, the writes, the recycle bin and the
 * blacklist, under /api/robot and /api/analysis. The interaction log and collaborators are in ./interaction.ts,
 * import and export in ./clueImport.ts. Paths are the spec's.
 */

/** The id of a lead (and of the other ids these calls take), with the messages these calls have always given. */
export const clueId = idField('客户', { missing: '必须是数字', invalid: '必须是正整数' });
/** The leads a batch operation acts on. */
export const clueIds = z.array(clueId, { error: '请选择客户' }).min(1, '请选择客户').max(1000, '一次最多操作1000条');

// bounded: each id can cost a query (a department's subtree), and a list filter names few things
const intList = z.array(num(z.number().int())).max(200, '一次最多选择200项').optional();

/** A date filter: a preset label (今天, 近7天, 超时 …), a range text with 至, or [start, end] datetimes. */
export const DateFilter = z.union([z.string().max(50), z.tuple([z.string().nullable(), z.string().nullable()])]);
const dateFilter = DateFilter.optional();

const inDurationRange = (n: number | null) => n === null || (n >= 0 && n <= MAX_FILTER_DURATION_SECONDS);

/** A filter on a custom field: option value(s), text to contain, or [min, max] for numbers and dates. */
export const CustomFilter = z.object({ fieldName: z.string().min(1).max(64), value: z.unknown() });

export const SORT_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'nextFollowTime',
  'lastFollowTime',
  'lastCallTime',
] as const;

/** The filter of every lead list, export and tab count. */
export const ClueFilter = z.object({
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
      durationOutOfRange('通话时长'),
    ),
  importRecordId: num(z.number().int().optional()),
  customFilters: z.array(CustomFilter).max(50, '自定义字段筛选最多50个').optional(),
  sortField: z.enum(SORT_FIELDS, { error: '排序字段不支持' }).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});

/** The filter as a caller writes it (numbers may be text). */
export type ClueFilterInput = z.input<typeof ClueFilter>;

/** A page of a lead list. */
export const ClueListRequest = ClueFilter.extend(pageQuery);

/** What add and edit take; every field optional (edit writes only what is sent). */
export const ClueInput = z.object({
  type: z.union([z.literal(1), z.literal(2)], { error: '只能是1（线索）或2（客户）' }).optional(),
  name: z.string().trim().max(50, '客户名称不能超过50个字').optional(),
  company: z.string().trim().max(100, '公司名称不能超过100个字').optional(),
  phone: z.string({ error: '请输入手机号' }).trim().min(1, '请输入手机号').max(32, '手机号格式不正确').optional(),
  phones: z.array(z.string().max(32)).max(10, '其他电话最多10个').optional(),
  ownerId: clueId.nullish(),
  channelSourceId: clueId.nullish(),
  sign: z.string().max(50).optional(),
  stage: num(z.number().int().min(1, '客户阶段为1-9').max(9, '客户阶段为1-9').optional()),
  gender: z.union([z.literal(1), z.literal(2)], { error: '性别只能是1（男）或2（女）' }).nullish(),
  age: num(z.number().int().min(0, '年龄不能小于0').max(150, '年龄不能大于150').nullish()),
  birthday: z.string().max(10).nullish(),
  areaCodes: z.array(z.string().max(12)).max(3).optional(),
  // address and remark: '' or null clears the text (stored as '')
  address: z.string().max(200, '详细地址不能超过200个字').nullish(),
  tagIds: z.array(clueId).max(50).optional(),
  followStatusId: clueId.nullish(),
  followPhaseId: clueId.nullish(),
  lostReasonId: clueId.nullish(),
  remark: z.string().max(500, '备注不能超过500个字').nullish(),
  nextFollowTime: z.string().max(19).nullish(),
  custom: z.record(z.string(), z.unknown()).optional(),
});

/** A field the role may not see is left out of the answer (field access, /customFieldShow/saveRoleFieldAuth). */
const shown = <T extends z.ZodType>(t: T) => t.optional();

/**
 * A lead as the API sends it: names beside ids, times as `YYYY-MM-DD HH:mm:ss`, custom field values under `custom`
 * (their display text under `customText`). Fields hidden from the role are absent; a masked phone is sent masked
 * with `phoneMasked: 1`.
 */
export const Clue = z.object({
  id: z.number(),
  clueId: z.number(),
  /** 1 lead, 2 customer. */
  type: shown(z.number()),
  typeName: shown(z.string()),
  name: shown(z.string()),
  company: shown(z.string()),
  phone: shown(z.string()),
  phones: shown(z.array(z.string())),
  phoneMasked: z.literal(1).optional(),
  ownerId: shown(z.number().nullable()),
  ownerName: shown(z.string()),
  deptId: shown(z.number().nullable()),
  deptName: shown(z.string()),
  collaboratorIds: z.array(z.number()),
  collaboratorNames: z.array(z.string()),
  channelSourceId: shown(z.number().nullable()),
  channelSourceName: shown(z.string()),
  importWay: shown(z.number()),
  importWayName: shown(z.string()),
  /** 1 not dialled, 2 answered, 3 missed, 102 updating. */
  callStatus: shown(z.number()),
  callStatusName: shown(z.string()),
  callCount: shown(z.number()),
  lastCallTime: shown(z.string().nullable()),
  /** Seconds of the last call. */
  lastCallDuration: z.number(),
  sign: shown(z.string()),
  lockStatus: shown(z.number()),
  /** 1 in the public sea, 2 not. */
  isInSea: shown(z.number()),
  receiveType: shown(z.number().nullable()),
  /** The sea: the pool, how the lead came in (SeaEntryType) and when, its owner before. */
  poolId: z.number().nullable().optional(),
  seaEntryType: z.number().nullable().optional(),
  seaEntryTypeName: z.string().optional(),
  seaTime: z.string().nullable().optional(),
  previousOwnerId: z.number().nullable().optional(),
  previousOwnerName: z.string().optional(),
  receiveTypeName: shown(z.string()),
  /** 1 to be assigned, 2 assigned. */
  assignStatus: z.number(),
  risk: shown(z.number()),
  voiceprint: shown(z.number()),
  stage: shown(z.number()),
  stageName: shown(z.string()),
  gender: shown(z.number().nullable()),
  genderName: shown(z.string()),
  age: shown(z.number().nullable()),
  birthday: shown(z.string().nullable()),
  /** Province, city and district codes. */
  area: shown(z.array(z.string())),
  areaName: shown(z.string()),
  address: shown(z.string()),
  tagIds: shown(z.array(z.number())),
  tagNames: shown(z.array(z.string())),
  followStatusId: shown(z.number().nullable()),
  followStatusName: shown(z.string()),
  followPhaseId: shown(z.number().nullable()),
  followPhaseName: shown(z.string()),
  lostReasonId: shown(z.number().nullable()),
  lostReasonName: shown(z.string()),
  remark: shown(z.string()),
  custom: z.record(z.string(), z.unknown()),
  customText: z.record(z.string(), z.string()),
  nextFollowTime: shown(z.string().nullable()),
  lastFollowTime: shown(z.string().nullable()),
  turnCustomerTime: z.string().nullable(),
  /** 1 on the blacklist. */
  blacklisted: z.number(),
  blacklistReason: z.string(),
  deletedAt: z.string().nullable(),
  createdAt: shown(z.string().nullable()),
  updatedAt: shown(z.string().nullable()),
});
export type Clue = z.infer<typeof Clue>;

/** A lead in the recycle bin: who deleted it. */
export const RecycledClue = Clue.extend({ deletedByName: z.string() });

/** A page of leads; above 10,000 matches the total is the planner's estimate (totalExact false: 约 N 条). */
export const CluePage = pageOf(Clue).extend({ totalExact: z.boolean() });

/** Provinces with their cities, counted over the visible leads. */
export const ClueLocation = z.object({
  value: z.string(),
  text: z.string(),
  count: z.number(),
  children: z.array(z.object({ value: z.string(), text: z.string(), count: z.number() })),
});

/** A node of the province / city / district tree (GB/T 2260 codes). */
export interface AreaNode {
  text: string;
  value: string;
  children?: AreaNode[];
}
export const AreaNode: z.ZodType<AreaNode> = z
  .lazy(() => z.object({ text: z.string(), value: z.string(), children: z.array(AreaNode).optional() }))
  .meta({ id: 'AreaNode' });

export const ImportWayOption = z.object({ importWayId: z.number(), importWayName: z.string() });

/** A user whose leads the session may see: owner filters and assignment. */
export const ClueUser = z.object({
  userId: z.number(),
  id: z.number(),
  realName: z.string(),
  deptId: z.number().nullable(),
  deptName: z.string(),
});

/** A count of the lead list's tabs, with the filter the tab adds. */
export const ClueTab = z.object({
  tabId: z.string(),
  tabName: z.string(),
  count: z.number(),
  exact: z.boolean(),
  filter: z.object({
    type: z.number().optional(),
    nextFollowTime: DateFilter.optional(),
    lockStatus: z.number().optional(),
  }),
});

const ClueIdBody = z.object({ clueId });
const ClueIdsBody = z.object({ clueIds });
/** The parts of the lead lists' calls, and of the batch writes that answer how many leads changed. */
const listParts = { body: ClueListRequest, answer: CluePage };
const batchParts = { body: ClueIdsBody, answer: CountAnswer };

export const clue = {
  list: robot.post('/organizationClue/list', '客户列表（筛选、排序、分页；超过 10000 条时总数为估算）', listParts),
  seatPage: robot.post('/organizationClue/seatCluePage', '本人的客户（拨号列表）', listParts),
  detail: robot.post('/organizationClue/detail', '客户详情', { body: ClueIdBody, answer: Clue }),
  neighbours: robot.post('/organizationClue/neighbours', '同一列表中的上一条、下一条客户', {
    body: ClueFilter.extend({ clueId }),
    answer: z.object({ prevId: z.number().nullable(), nextId: z.number().nullable() }),
  }),
  add: robot.post('/organizationClue/add', '新增客户', { body: ClueInput, answer: Clue }),
  edit: robot.post('/organizationClue/edit', '编辑客户', { body: ClueInput.extend({ clueId }), answer: Clue }),
  delete: robot.post('/organizationClue/delete', '删除客户（移入回收站）', batchParts),
  setBlacklist: robot.post('/organizationClue/setClueCustomBlackById', '加入或移出黑名单', {
    body: z.object({
      clueIds,
      black: z.union([z.literal(0), z.literal(1)]).default(1),
      reason: z.string().max(200).optional(),
    }),
    answer: CountAnswer,
  }),
  lock: robot.post('/organizationClue/lockClue', '锁定或解锁客户', {
    body: z.object({ clueIds, lockStatus: z.union([z.literal(0), z.literal(1)], { error: '只能是0或1' }) }),
    answer: CountAnswer,
  }),
  turnToCustomer: robot.post('/organizationClue/turnClueToCustomer', '线索转客户', batchParts),
  changeOwner: robot.post('/organizationClue/changeFollowUser', '变更跟进人', {
    body: z.object({ clueIds, ownerId: clueId }),
    answer: CountAnswer,
  }),
  location: robot.post('/organizationClue/location', '可见客户所在的省市', { answer: z.array(ClueLocation) }),
  channelSource: robot.post('/organizationClue/channelSource', '渠道来源（筛选用，仅启用的）', {
    answer: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
  importFileName: robot.get('/organizationClue/getImportFileName', '导入模板的文件名和下载地址', {
    answer: z.object({ fileName: z.string(), url: z.string() }),
  }),
  recycleBin: robot.post('/clueRecycleBin/list', '回收站列表', {
    body: z.object({ ...pageQuery, keyword: z.string().max(50).optional() }),
    answer: pageOf(RecycledClue),
  }),
  restore: robot.post('/clueRecycleBin/restore', '从回收站还原客户', batchParts),
  purge: robot.post('/clueRecycleBin/delete', '彻底删除客户', batchParts),
  blacklist: robot.post('/clueReader/list', '黑名单列表', listParts),
  blacklistAdd: robot.post('/clueReader/add', '加入黑名单', {
    body: z.object({ clueIds, reason: z.string().max(200).optional() }),
    answer: CountAnswer,
  }),
  blacklistRemove: robot.post('/clueReader/remove', '移出黑名单', batchParts),
  areaList: robot.get('/clue/board/getAreaList', '省 / 市 / 区', { answer: z.array(AreaNode) }),
  importWays: robot.get('/cluePlatformImport/getClueImportWayList', '导入方式', { answer: z.array(ImportWayOption) }),
  analysisList: analysis.post('/api/clue/list', '客户列表（同 /organizationClue/list）', listParts),
  tabData: analysis.post('/api/clue/getTabDataList', '客户列表各标签页的数量', {
    body: ClueFilter.optional(),
    answer: z.array(ClueTab),
  }),
  analysisLocation: analysis.post('/api/clue/getClueLocationListNew', '可见客户所在的省市', {
    answer: z.array(ClueLocation),
  }),
  users: analysis.post('/api/clue/getUserList', '数据权限内的在职员工（跟进人筛选、分配）', {
    answer: z.array(ClueUser),
  }),
  halfMask: analysis.post('/api/clue/queryHalfMaskCode', '客户号码的半隐藏形式（138****5678）', {
    body: ClueIdBody,
    answer: z.object({ clueId: z.number(), phone: z.string(), phones: z.array(z.string()) }),
  }),
  analysisImportWays: analysis.get('/api/clue/getClueImportWayList', '导入方式', { answer: z.array(ImportWayOption) }),
};
