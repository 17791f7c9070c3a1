import { z } from 'zod';
import { parseDateTime } from '../time';
import { backend, CountAnswer, IdAnswer } from './call';
import {
  codeField,
  dateTimeField,
  idField,
  idList,
  intField,
  keywordField,
  optionalCode,
  optionalId,
  optionalText,
  pageOf,
  pageQuery,
} from './fields';

/**
 * /aiCallTrain (员工培训, spec 7.7): example calls marked by managers (the example library) and trainings assigned to
 * staff: a call to study at its marked moments, or a practice script (named by id and name only: the practice module
 * owns scripts). The spec names the eight calls; the library, completion and export calls are named here.
 */

export const EXAMPLE_KINDS = [1, 2] as const;
export const ExampleKindName = { 1: '好案例', 2: '反面案例' } as const;
/** 1-3 are stored; 4 已逾期 is computed: not completed and past the deadline. */
export const TRAIN_STATUSES = [1, 2, 3, 4] as const;
export const TrainStatusName = { 1: '未开始', 2: '学习中', 3: '已完成', 4: '已逾期' } as const;
export const TrainSourceName = { 1: '通话案例', 2: '陪练剧本' } as const;
/** rpcOperateCallTrainLog: 1 开始学习 (the trainee opened and played it), 2 标记已学 (with 心得). */
export const TRAIN_OPERATIONS = [1, 2] as const;

export const TAKEAWAY_MIN = 5;

/** A moment of the call to study: a time offset and/or a sentence index of the transcript, with a note. */
export const TrainMoment = z
  .object({
    startMs: intField('时间点', 0, 86_400_000, ' 毫秒').optional(),
    segment: intField('句子序号', 0, 100_000).optional(),
    note: optionalText('时刻说明', 200),
  })
  .refine((m) => m.startMs !== undefined || m.segment !== undefined, '请填写时间点或句子序号');
export type TrainMoment = z.infer<typeof TrainMoment>;

const moments = z.array(TrainMoment, { error: '标记时刻不正确' }).max(20, '标记时刻最多 20 个');

/** Marks a call as an example (or changes its mark): the library's entry. */
export const ExampleMark = z.object({
  recordingId: idField('通话'),
  kind: codeField('案例类型', EXAMPLE_KINDS),
  note: optionalText('案例说明', 500),
  moments: moments.default([]),
});

/** A deadline: `YYYY-MM-DD HH:mm:ss` (Shanghai), required. */
const deadlineField = z
  .string({ error: '请选择截止时间' })
  .refine((v) => parseDateTime(v) !== null, '时间格式应为 YYYY-MM-DD HH:mm:ss')
  .transform((v) => parseDateTime(v)!);

const ids = (label: string) =>
  z.array(idField(label), { error: `${label}列表不正确` }).max(500, `${label}一次最多 500 个`);

/** Assigns a call (marked as an example on the way) or a practice script to people and departments. */
export const TrainAssign = z
  .object({
    recordingId: optionalId('通话'),
    kind: optionalCode('案例类型', EXAMPLE_KINDS),
    note: optionalText('案例说明', 500),
    moments: moments.optional(),
    scriptId: optionalId('陪练剧本'),
    scriptName: optionalText('剧本名称', 100),
    title: optionalText('培训标题', 100),
    userIds: ids('培训人员').default([]),
    deptIds: ids('部门').max(100, '部门一次最多 100 个').default([]),
    deadline: deadlineField,
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!v.recordingId === !v.scriptId) issue('recordingId', '请选择一通通话或一个陪练剧本');
    if (v.scriptId && !v.scriptName) issue('scriptName', '请输入剧本名称');
    if (!v.userIds.length && !v.deptIds.length) issue('userIds', '请选择培训人员或部门');
  });

export const TrainUpdate = z.object({
  id: idField('培训'),
  title: optionalText('培训标题', 100),
  deadline: dateTimeField,
  note: optionalText('培训说明', 500),
});

export const TrainOperate = z
  .object({
    id: idField('培训'),
    operate: codeField('操作', TRAIN_OPERATIONS),
    takeaway: optionalText('学习心得', 2000),
  })
  .refine((v) => v.operate !== 2 || (v.takeaway?.length ?? 0) >= TAKEAWAY_MIN, {
    path: ['takeaway'],
    message: `请填写学习心得（至少 ${TAKEAWAY_MIN} 个字）`,
  });

export const TrainTransfer = z.object({
  ids: idList('培训'),
  toUserId: idField('接收人', { missing: '请选择接收人' }),
  reason: optionalText('转交原因', 200),
});

export const TrainFilter = z.object({
  ...pageQuery,
  /** 1: only the session's own trainings (我的培训), whatever the data scope. */
  mine: optionalCode('我的培训', [1] as const),
  status: optionalCode('状态', TRAIN_STATUSES),
  kind: optionalCode('案例类型', EXAMPLE_KINDS),
  userId: optionalId('培训人员'),
  deptId: optionalId('部门'),
  keyword: keywordField,
  startTime: dateTimeField,
  endTime: dateTimeField,
});

export const TrainExport = TrainFilter.omit({ pageNum: true, pageSize: true });

export const TrainTransferEntry = z.object({
  fromUserName: z.string().nullable(),
  toUserName: z.string().nullable(),
  operatorName: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string().nullable(),
});

/** One training as the lists show it. */
export const CallTrainLog = z.object({
  id: z.number(),
  title: z.string(),
  source: z.number(),
  sourceName: z.string(),
  exampleId: z.number().nullable(),
  recordingId: z.number().nullable(),
  kind: z.number().nullable(),
  kindName: z.string().nullable(),
  scriptId: z.number().nullable(),
  scriptName: z.string().nullable(),
  note: z.string().nullable(),
  userId: z.number(),
  userName: z.string().nullable(),
  deptId: z.number().nullable(),
  deptName: z.string().nullable(),
  assignedBy: z.number(),
  assignedByName: z.string().nullable(),
  status: z.number(),
  statusName: z.string(),
  deadline: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  takeaway: z.string().nullable(),
  createdAt: z.string().nullable(),
});

/** One training with what the trainee studies: the call (a ticket to its read-only detail), moments, facets. */
export const CallTrainDetail = CallTrainLog.extend({
  moments: z.array(TrainMoment),
  /** A share ticket of the call detail (audio, transcript, AI analysis), for the trainee whatever their data scope. */
  maskId: z.string().nullable(),
  callOwnerName: z.string().nullable(),
  callTime: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  tags: z.array(z.string()),
  intention: z.string().nullable(),
  objections: z.array(z.string()),
  sopItems: z.array(z.string()),
  transfers: z.array(TrainTransferEntry),
});

export const ExampleFilter = z.object({
  ...pageQuery,
  kind: optionalCode('案例类型', EXAMPLE_KINDS),
  tag: optionalText('标签', 50),
  intention: optionalText('意向', 20),
  sopItem: optionalText('SOP 环节', 50),
  objection: optionalText('异议', 50),
  keyword: keywordField,
});

/** An example call of the library. */
export const CallExample = z.object({
  id: z.number(),
  recordingId: z.number(),
  kind: z.number(),
  kindName: z.string(),
  note: z.string().nullable(),
  moments: z.array(TrainMoment),
  tags: z.array(z.string()),
  intention: z.string().nullable(),
  objections: z.array(z.string()),
  sopItems: z.array(z.string()),
  callOwnerName: z.string().nullable(),
  callTime: z.string().nullable(),
  durationSeconds: z.number(),
  markedByName: z.string().nullable(),
  trainCount: z.number(),
  createdAt: z.string().nullable(),
});

/** The facets the library can be searched by (what its examples carry). */
export const ExampleFacets = z.object({
  tags: z.array(z.string()),
  intentions: z.array(z.string()),
  sopItems: z.array(z.string()),
  objections: z.array(z.string()),
});

export const CompletionFilter = z.object({
  deptId: optionalId('部门'),
  startTime: dateTimeField,
  endTime: dateTimeField,
});

const CompletionRow = z.object({
  total: z.number(),
  notStarted: z.number(),
  studying: z.number(),
  completed: z.number(),
  overdue: z.number(),
  /** completed / total in percent, one decimal; null without trainings. */
  rate: z.number().nullable(),
});

export const TrainCompletion = z.object({
  users: z.array(
    CompletionRow.extend({ userId: z.number(), userName: z.string().nullable(), deptName: z.string().nullable() }),
  ),
  depts: z.array(CompletionRow.extend({ deptId: z.number().nullable(), deptName: z.string() })),
});

const trainId = z.object({ id: idField('培训') });

export const training = {
  getCallTrainLog: backend.post('/aiCallTrain/getCallTrainLog', '培训详情', { body: trainId, answer: CallTrainDetail }),
  callTrainPage: backend.post('/aiCallTrain/callTrainPage', '培训列表（我的培训；管理者按数据权限）', {
    body: TrainFilter,
    answer: pageOf(CallTrainLog),
  }),
  rpcAddCallTrainLog: backend.post('/aiCallTrain/rpcAddCallTrainLog', '指派培训（通话案例或陪练剧本）', {
    body: TrainAssign,
    answer: z.object({ ids: z.array(z.number()), count: z.number(), exampleId: z.number().nullable() }),
  }),
  rpcDelCallTrainLog: backend.post('/aiCallTrain/rpcDelCallTrainLog', '删除培训', { body: trainId, answer: IdAnswer }),
  rpcUpdCallTrainLog: backend.post('/aiCallTrain/rpcUpdCallTrainLog', '编辑培训', {
    body: TrainUpdate,
    answer: IdAnswer,
  }),
  rpcOperateCallTrainLog: backend.post('/aiCallTrain/rpcOperateCallTrainLog', '学习培训（开始学习、标记已学）', {
    body: TrainOperate,
    answer: z.object({ id: z.number(), status: z.number() }),
  }),
  rpcTransferCallTrainLog: backend.post('/aiCallTrain/rpcTransferCallTrainLog', '转交培训给其他人', {
    body: TrainTransfer,
    answer: CountAnswer,
  }),
  delTrainList: backend.post('/aiCallTrain/delTrainList', '批量删除培训', {
    body: z.object({ ids: idList('培训') }),
    answer: CountAnswer,
  }),
  completion: backend.post('/aiCallTrain/completion', '培训完成情况（按人员、按部门）', {
    body: CompletionFilter,
    answer: TrainCompletion,
  }),
  export: backend.post('/aiCallTrain/export', '导出培训（.xlsx）', { body: TrainExport }),
  markExample: backend.post('/aiCallTrain/markExample', '设为培训案例（或修改标记）', {
    body: ExampleMark,
    answer: IdAnswer,
  }),
  examplePage: backend.post('/aiCallTrain/examplePage', '案例库', { body: ExampleFilter, answer: pageOf(CallExample) }),
  exampleFacets: backend.post('/aiCallTrain/exampleFacets', '案例库的标签、意向、SOP 环节与异议', {
    body: z.object({}),
    answer: ExampleFacets,
  }),
  delExample: backend.post('/aiCallTrain/delExample', '移出案例库', {
    body: z.object({ id: idField('案例') }),
    answer: IdAnswer,
  }),
};
