/** Function signs (functionSigns) a role may hold, grouped for the role editor. */
export const FUNCTION_SIGNS = {
  system: {
    name: '系统管理',
    signs: {
      'user:view': '查看用户',
      'user:edit': '管理用户',
      'role:edit': '管理角色',
      'dept:edit': '管理部门与岗位',
      'org:edit': '机构设置',
      'notice:edit': '发布公告',
      'log:view': '查看操作日志',
      'feedback:edit': '处理意见反馈',
      'cost:view': '查看费用中心',
      'cost:edit': '充值、购买与开票',
      'seat:edit': '管理坐席',
    },
  },
  clue: {
    name: '线索与客户',
    signs: {
      'clue:view': '查看线索',
      'clue:add': '新建线索',
      'clue:edit': '编辑线索',
      'clue:delete': '删除线索',
      'clue:import': '导入线索',
      'clue:export': '导出线索',
      'clue:assign': '分配线索',
      'field:edit': '业务字段设置',
      'publicsea:receive': '公海领取',
      'publicsea:edit': '公海管理',
      'autoassign:edit': '自动分配规则',
      'merge:edit': '合并客户',
      'retrieval:edit': '客户找回设置',
    },
  },
  call: {
    name: '通话与录音',
    signs: {
      'call:out': '外呼',
      'calltask:edit': '管理外呼任务',
      'recording:view': '查看录音',
      'recording:upload': '上传录音',
      'recording:delete': '删除录音',
      'recording:assign': '修改录音归属',
      'asr:edit': '语音识别设置',
      'analysis:view': '查看 AI 分析',
      'analysis:correct': '修正 AI 分析结果',
      'analysis:edit': 'AI 设置',
      'quality:view': '查看质检',
      'quality:edit': '录音质检（评分与设置）',
      'insight:view': '查看 AI 客户洞察与商机提醒',
      'insight:edit': '话题与 AI 提醒设置',
      'assistant:use': '使用话术助手',
      'training:view': '查看员工培训与案例库',
      'training:edit': '标记培训案例、指派与管理培训',
    },
  },
  knowledge: {
    name: '知识库与行业模板',
    signs: {
      'knowledge:view': '使用知识库（个人知识库、搜索与提问）',
      'knowledge:edit': '维护机构知识库与查看知识缺口',
      'template:edit': '应用行业模板',
    },
  },
  order: {
    name: '订单与产品',
    signs: {
      'order:view': '查看订单',
      'order:edit': '录入与编辑订单、回款',
      'order:delete': '删除订单',
      'order:export': '导出订单',
      'product:edit': '管理产品',
    },
  },
  stats: {
    name: '统计与报表',
    signs: {
      'stats:view': '查看统计',
      'stats:export': '导出统计',
      'report:edit': '统计设置（周报月报、员工目标）',
    },
  },
  board: {
    name: '数据看板',
    signs: {
      'board:view': '查看成交、市场与 AI 看板',
      'board:edit': '成交看板设置与自定义看板',
      'board:export': '导出看板数据',
    },
  },
  practice: {
    name: 'AI 陪练',
    signs: {
      'practice:use': 'AI 陪练（练习与查看自己的记录）',
      'practice:view': '查看他人陪练记录与成长',
      'practice:edit': '管理陪练脚本与陪练额度',
    },
  },
  guidance: {
    name: 'AI 实时指导',
    signs: {
      'guidance:use': 'AI 实时指导（通话中获得指导并查看自己的指导记录）',
      'guidance:view': '查看他人的指导记录',
    },
  },
} as const;

export type FunctionSign = {
  [G in keyof typeof FUNCTION_SIGNS]: keyof (typeof FUNCTION_SIGNS)[G]['signs'];
}[keyof typeof FUNCTION_SIGNS];

export const ALL_FUNCTION_SIGNS = Object.values(FUNCTION_SIGNS).flatMap((g) => Object.keys(g.signs)) as FunctionSign[];

/** Role signs of the roles every organisation starts with. Custom roles get `custom`. */
export const RoleSign = { SUPER_ADMIN: 'super_admin', MANAGER: 'manager', SEAT: 'seat', CUSTOM: 'custom' } as const;

/** The permitted-routes list whose first entry is '1' means every route is allowed. */
export const UNRESTRICTED_ROUTES = ['1'];
