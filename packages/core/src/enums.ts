/** Enumerations of the spec (part 1, sections 4 and 9), as value → Chinese label maps. */
export type LabelMap = Readonly<Record<number, string>>;

export const CallStatus = { 1: '未拨打', 2: '已接通', 3: '未接通', 102: '更新中' } as const satisfies LabelMap;
export const CallTaskStatus = { 2: '未开始', 1: '进行中', 3: '已结束' } as const satisfies LabelMap;
export const ClueType = { 1: '线索', 2: '客户' } as const satisfies LabelMap;
export const AssignStatus = { 1: '待分配', 2: '已分配' } as const satisfies LabelMap;
export const IsInSea = { 1: '是', 2: '否' } as const satisfies LabelMap;
export const SeaEntryType = {
  1: '自动掉入',
  2: '离职员工数据',
  3: '手动转入',
  4: '企业查询转入',
} as const satisfies LabelMap;
export const CustomerSeaType = { 1: '未跟进', 2: '未拨打', 3: '已拨打', 4: '离职员工数据' } as const satisfies LabelMap;
export const ReceiveType = {
  1: '管理员分配',
  2: '公海领取',
  3: '拨号盘线索',
  4: '新线索自动分配',
  5: '企业查询领取',
  6: '企业查询分配',
  7: '企业查询转公海',
} as const satisfies LabelMap;
export const TransferMode = {
  1: '公海领取',
  2: '公海分配',
  3: '自动分配',
  4: '手动分配',
  5: '变更跟进人',
  6: '回收站还原',
} as const satisfies LabelMap;
export const Voiceprint = { 1: '同一人', 2: '非同一人', 3: '未比对' } as const satisfies LabelMap;
export const YesNo = { 1: '是', 2: '否' } as const satisfies LabelMap;
export const Verify = { 2: '是', 0: '否' } as const satisfies LabelMap;
export const Lock = { 0: '未锁定', 1: '已锁定' } as const satisfies LabelMap;
export const AdCallStatus = { 1: '待拨打', 2: '已接通', 3: '违规', 4: '通话结束' } as const satisfies LabelMap;

export const RecordingSource = {
  1: '企业电话',
  2: '语音通话',
  3: '视频会议',
  4: '企业微信',
  5: '个人微信',
  6: '智能工牌',
} as const satisfies LabelMap;
export const CallType = {
  1: '呼出',
  2: '呼入',
  3: '非电话',
  4: '录音',
  5: '视频',
  6: '文本',
} as const satisfies LabelMap;

export const CallTag = {
  1: '明确拒绝',
  2: '潜在投诉',
  3: '信息不符',
  4: '未接听',
  5: '忙线',
  6: '拒接',
  7: '无法接通',
  8: '已关机',
  9: '已停机',
  10: '空号',
} as const satisfies LabelMap;
export const IntentionLabel = {
  1: '强意向',
  2: '一般意向',
  3: '无意向',
  4: '信息不符',
  5: '潜在投诉',
  6: '无效号码',
} as const satisfies LabelMap;
export const AiLabel = {
  1: '高意向',
  2: '有兴趣',
  3: '明确拒绝',
  4: '潜在投诉风险',
  5: '其他',
} as const satisfies LabelMap;
export const PerformanceFlag = { 1: '语速过快', 2: '说话过多', 4: '辱骂客户' } as const satisfies LabelMap;
export const AiSpeechType = { 4: '帮你谈', 1: '帮你回', 3: '润色', 2: '开场白' } as const satisfies LabelMap;
export const CustomerStage = {
  1: '待跟进',
  2: '有效',
  3: '已邀约',
  4: '已到访',
  5: '已试听',
  6: '已预约',
  7: '已报名',
  8: '已续费',
  9: '无需求',
} as const satisfies LabelMap;
export const Gender = { 1: '男', 2: '女' } as const satisfies LabelMap;

/** Import ways 1-16. The spec names the kinds but not every number; these are the ones chosen here. */
export const ImportWay = {
  1: '模板导入',
  2: '智能导入',
  3: '巨量引擎自动导入',
  4: '快手自动导入',
  5: '百度自动导入',
  6: '腾讯广告自动导入',
  7: '企业查询',
  8: '手动创建',
  9: 'API导入',
  10: '助手导入',
  11: '企业微信',
  12: '个人微信',
  13: '拨号盘',
  14: '公海导入',
  15: '名片识别',
  16: '其他',
} as const satisfies LabelMap;

/** Data scope of a role: own data, own department and below, or the whole organisation. */
export const DataScope = { OWN: 1, DEPT: 2, ALL: 3 } as const;
export const DataScopeLabel = { 1: '本人', 2: '本部门及下级', 3: '全部' } as const satisfies LabelMap;

export const UserStatus = { ENABLED: 1, DISABLED: 2 } as const;

export const AI_MESSAGE_TYPES = [
  'ai_intention_degree',
  'ai_churn_risk',
  'ai_model',
  'ai_risk',
  'ai_label',
  'ai_violation',
  'ai_keyword',
  'ai_chat_key',
] as const;

export function options(map: LabelMap): { value: number; label: string }[] {
  return Object.entries(map).map(([value, label]) => ({ value: Number(value), label }));
}
