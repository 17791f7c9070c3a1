import { z } from 'zod';
import { CountAnswer, IdAnswer, robot } from './call';
import { ClueListRequest, CluePage, clueId, clueIds } from './clue';
import { dateTimeField, idField, intField, nameField, num, optionalId, pageOf, pageQuery } from './fields';

/**
 * The public pool (公海), under /api/robot: pools with their rules (/publicSeaPool), the pool's leads, claims,
 * assignment, transfer into a pool, drop-in, export (/organizationPublicsea), a departing user's handover, and the
 * lead logs behind /unlockList and /clueMonitor (/log). The spec names the calls of /organizationPublicsea in words
 * only (7.3) and no create call for a pool: those paths are named here.
 */

const poolId = idField('公海');
const userIdList = z.array(idField('员工')).max(500, '员工一次最多 500 个').default([]);
const deptIdList = z.array(idField('部门')).max(200, '部门一次最多 200 个').default([]);
const days = (label: string) => num(intField(label, 1, 3650, ' 天').nullable().optional());

export const DropRule = z.object({
  enabled: z.boolean().default(false),
  notFollowDays: days('未跟进天数'),
  notCalledDays: days('未拨打天数'),
  noDealDays: days('未成交天数'),
  stages: z
    .array(num(z.number().int().min(1, '客户阶段为1-9').max(9, '客户阶段为1-9')))
    .max(9)
    .default([]),
  exceptLocked: z.boolean().default(true),
  exceptCustomers: z.boolean().default(false),
});

export const PoolInput = z.object({
  id: optionalId('公海'),
  name: nameField('公海名称', 30),
  userIds: userIdList,
  deptIds: deptIdList,
});

export const PoolSettingInput = z.object({
  id: poolId,
  userIds: userIdList.optional(),
  deptIds: deptIdList.optional(),
  dailyClaimLimit: intField('每日领取上限', 0, 100000, ' 条'),
  holdLimit: intField('持有客户上限', 0, 1000000, ' 条'),
  reclaimDelayDays: intField('原跟进人再次领取间隔', 0, 3650, ' 天'),
  dropRule: DropRule,
});

export const Pool = z.object({
  id: z.number(),
  name: z.string(),
  sortNum: z.number(),
  userIds: z.array(z.number()),
  userNames: z.array(z.string()),
  deptIds: z.array(z.number()),
  deptNames: z.array(z.string()),
  dailyClaimLimit: z.number(),
  holdLimit: z.number(),
  reclaimDelayDays: z.number(),
  dropRule: DropRule.nullable(),
  /** Plain-language summary of the drop-in rule (or 未设置). */
  dropRuleText: z.string(),
  lastDropAt: z.string().nullable(),
  leadCount: z.number(),
  createdAt: z.string().nullable(),
});

/** A lead the claim or assignment could not take, and why (in Chinese). */
export const MoveRefusal = z.object({ clueId: z.number(), name: z.string(), reason: z.string() });
export const MoveResult = z.object({ count: z.number(), failed: z.array(MoveRefusal) });

/** Customer sea types 1-4 (未跟进, 未拨打, 已拨打, 离职员工数据) narrowing a pool's leads. */
export const seaTypesField = z
  .array(num(z.number().int().min(1, '公海类型为1-4').max(4, '公海类型为1-4')))
  .max(4)
  .optional();

export const PoolListRequest = ClueListRequest.extend({ poolId, seaTypes: seaTypesField });

const reasonField = z
  .string({ error: '请输入转入原因' })
  .trim()
  .min(1, '请输入转入原因')
  .max(200, '转入原因最多 200 个字');

export const QuitUserCheck = z.object({
  userId: z.number(),
  realName: z.string(),
  status: z.number(),
  clueCount: z.number(),
  customerCount: z.number(),
  lockedCount: z.number(),
  collaboratingCount: z.number(),
});

/** A move of a lead in the log (/clueMonitor). */
export const ClueMove = z.object({
  id: z.number(),
  clueId: z.number(),
  clueName: z.string(),
  action: z.string(),
  actionName: z.string(),
  fromUserId: z.number().nullable(),
  fromUserName: z.string(),
  toUserId: z.number().nullable(),
  toUserName: z.string(),
  operatorName: z.string(),
  poolId: z.number().nullable(),
  poolName: z.string(),
  receiveType: z.number().nullable(),
  receiveTypeName: z.string(),
  transferMode: z.number().nullable(),
  transferModeName: z.string(),
  seaEntryType: z.number().nullable(),
  seaEntryTypeName: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});

export const MoveFilter = z.object({
  ...pageQuery,
  action: z.string().max(12).optional(),
  userId: optionalId('员工'),
  clueId: optionalId('客户'),
  receiveType: num(z.number().int().min(1).max(7).optional()),
  transferMode: num(z.number().int().min(1).max(6).optional()),
  startTime: dateTimeField,
  endTime: dateTimeField,
});

export const UnlockRecord = z.object({
  id: z.number(),
  clueId: z.number(),
  clueName: z.string(),
  userId: z.number().nullable(),
  userName: z.string(),
  createdAt: z.string(),
});

export const publicSeaPool = {
  list: robot.get('/publicSeaPool/queryPublicSeaPoolList', '公海列表（按排序；管理员看全部，员工看可见的）', {
    answer: z.array(Pool),
  }),
  save: robot.post('/publicSeaPool/savePublicSeaPool', '新建或修改公海', { body: PoolInput, answer: IdAnswer }),
  del: robot.post('/publicSeaPool/delPublicSeaPool', '删除公海（其中客户转入另一公海或移入回收站）', {
    query: z.object({ id: optionalId('公海') }),
    body: z.object({
      id: poolId,
      /** 1 move the pool's leads to targetPoolId, 2 to the recycle bin. */
      leadAction: num(z.literal([1, 2], { error: '请选择公海内客户的去向' })),
      targetPoolId: optionalId('目标公海'),
    }),
    answer: CountAnswer,
  }),
  resetSortNum: robot.post('/publicSeaPool/resetSortNum', '公海排序', {
    body: z.object({ ids: z.array(poolId).min(1, '请选择公海').max(200) }),
    answer: CountAnswer,
  }),
  quitUserCheck: robot.get('/publicSeaPool/quitUserCheck', '离职员工持有的客户', {
    query: z.object({ userId: idField('员工') }),
    answer: QuitUserCheck,
  }),
  quitUserHandover: robot.post('/publicSeaPool/quitUserHandover', '离职交接：客户转入公海或转给同事，并禁用账号', {
    body: z.object({
      userId: idField('员工'),
      /** 1 into a pool as departed-employee data, 2 to a colleague. */
      mode: num(z.literal([1, 2], { error: '请选择客户去向' })),
      poolId: optionalId('公海'),
      toUserId: optionalId('接收人'),
      /** 1 also disable the account (default). */
      disable: num(z.literal([1, 2]).default(1)),
    }),
    answer: CountAnswer,
  }),
};

export const organizationPublicsea = {
  list: robot.post('/organizationPublicsea/list', '公海客户列表（客户筛选 + 公海类型）', {
    body: PoolListRequest,
    answer: CluePage,
  }),
  receive: robot.post('/organizationPublicsea/receive', '领取公海客户', {
    body: z.object({ poolId, clueId }),
    answer: MoveResult,
  }),
  batchReceive: robot.post('/organizationPublicsea/batchReceive', '批量领取公海客户', {
    body: z.object({ poolId, clueIds }),
    answer: MoveResult,
  }),
  assign: robot.post('/organizationPublicsea/assign', '分配公海客户给员工', {
    body: z.object({ poolId, clueIds, userId: idField('员工') }),
    answer: MoveResult,
  }),
  transferToSea: robot.post('/organizationPublicsea/transferToSea', '客户转入公海（手动转入）', {
    body: z.object({ poolId, clueIds, reason: reasonField }),
    answer: CountAnswer,
  }),
  delete: robot.post('/organizationPublicsea/delete', '删除公海客户（移入回收站）', {
    body: z.object({ poolId, clueIds }),
    answer: CountAnswer,
  }),
  packageList: robot.post('/organizationPublicsea/packageList', '公海客户包（各公海按公海类型的数量）', {
    answer: z.array(
      z.object({
        poolId: z.number(),
        poolName: z.string(),
        total: z.number(),
        notFollowed: z.number(),
        notDialled: z.number(),
        dialled: z.number(),
        departed: z.number(),
      }),
    ),
  }),
  getSetting: robot.post('/organizationPublicsea/getSetting', '公海规则', {
    body: z.object({ id: poolId }),
    answer: Pool,
  }),
  saveSetting: robot.post(
    '/organizationPublicsea/saveSetting',
    '保存公海规则（领取上限、持有上限、回捞间隔、掉入规则）',
    {
      body: PoolSettingInput,
      answer: IdAnswer,
    },
  ),
  runDropIn: robot.post('/organizationPublicsea/runDropIn', '立即执行掉入规则', {
    body: z.object({ poolId: optionalId('公海') }),
    answer: CountAnswer,
  }),
  export: robot.post('/organizationPublicsea/export', '导出公海客户（后台任务）', {
    body: PoolListRequest.omit({ pageNum: true, pageSize: true }),
    answer: z.object({ recordId: z.number(), status: z.number() }),
  }),
};

export const leadLog = {
  unlockPageList: robot.post('/log/unlockPageList', '解锁记录', {
    body: z.object({ ...pageQuery, userId: optionalId('员工'), startTime: dateTimeField, endTime: dateTimeField }),
    answer: pageOf(UnlockRecord),
  }),
  clueMonitorPageList: robot.post('/log/clueMonitorPageList', '线索监控（领取、分配、掉入、转移记录）', {
    body: MoveFilter,
    answer: pageOf(ClueMove),
  }),
};

export const MOVE_ACTIONS = {
  claim: '公海领取',
  assign: '公海分配',
  auto: '自动分配',
  change: '变更跟进人',
  toSea: '手动转入公海',
  dropIn: '自动掉入公海',
  quit: '离职转入公海',
  handover: '离职交接',
  retrieve: '客户找回',
  merge: '合并客户',
} as const;
