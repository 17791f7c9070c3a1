/**
 * The screen routes of spec/routes.tsv with their titles and menu placement. The server builds menu trees from
 * this table; the web app builds its router from it. `menu` is the side-menu group; routes without one are
 * reached from other pages (detail and settings pages).
 */
export type RouteAccess = 'public' | 'login' | 'main';

export interface RouteMeta {
  path: string;
  access: RouteAccess;
  title: string;
  menu?: MenuGroupKey;
  iframe?: boolean;
  mobile?: boolean;
  redirect?: string;
}

export const MENU_GROUPS = {
  customer: '客户管理',
  call: '通话与录音',
  ai: 'AI 智能',
  wecom: '企微与私域',
  acquire: '拓客',
  stats: '数据统计',
  order: '订单',
  system: '系统设置',
} as const;
export type MenuGroupKey = keyof typeof MENU_GROUPS;

const r = (path: string, access: RouteAccess, title: string, extra: Partial<RouteMeta> = {}): RouteMeta => ({
  path,
  access,
  title,
  ...extra,
});
const m = (path: string, title: string, menu?: MenuGroupKey, extra: Partial<RouteMeta> = {}) =>
  r(path, 'main', title, { menu, ...extra });

export const ROUTES: RouteMeta[] = [
  r('/', 'public', '首页', { redirect: '/login' }),
  r('/login', 'public', '登录'),
  r('/register', 'public', '注册'),
  r('/resetPassword', 'public', '重置密码'),
  r('/guide', 'public', '新手引导'),
  r('/dingLogin', 'public', '钉钉登录'),
  r('/callDetail', 'public', '通话详情', { iframe: true }),
  r('/dashboard/:id', 'public', '数据看板'),
  r('/analysisH5', 'public', '通话分析', { mobile: true, redirect: '/analysisH5/index' }),
  r('/analysisH5/index', 'public', '通话分析', { mobile: true }),
  r('/analysisH5/edit', 'public', '编辑分析', { mobile: true }),
  r('/analysisH5/call', 'public', '通话记录', { mobile: true }),
  r('/dashboardH5', 'public', '数据看板', { mobile: true }),
  r('/dashboardH5/more', 'public', '更多数据', { mobile: true }),
  r('/reportStatistics', 'public', '周报月报'),
  r('/reportStatisticsH5', 'public', '日报', { mobile: true }),
  r('/company-search', 'public', '企业查询', { iframe: true }),
  r('/callDetailDemo', 'public', '通话详情示例'),
  r('/customerDetail', 'public', '客户详情', { iframe: true }),
  r('/customerDetailBase', 'public', '客户详情', { iframe: true }),
  r('/callDetail_gt', 'public', '通话详情', { iframe: true }),
  r('/callDetail_base', 'public', '通话详情', { iframe: true }),
  r('/callAnalysis_base', 'public', '通话分析', { iframe: true }),
  r('/dealsBoard_base', 'public', '成交看板', { iframe: true }),
  r('/reportWindow', 'public', '错误报告'),
  r('/riskMessageListH5', 'public', '风险消息', { mobile: true }),
  r('/we', 'public', '会话'),
  r('/aiBusinessReminderH5', 'public', 'AI 商机提醒', { mobile: true }),
  r('/weComAuth', 'public', '企业微信授权'),
  r('/weComApp', 'public', '企业微信', { redirect: '/weComApp/analyse' }),
  r('/weComApp/kanban', 'public', '看板'),
  r('/weComApp/analyse', 'public', '分析'),
  r('/weComApp/message', 'public', '消息'),
  r('/weComApp/customer', 'public', '客户'),
  r('/weComApp/staff', 'public', '员工'),
  r('/weComApp/user', 'public', '我的'),
  r('/slidebarCustomerAnalysis_base', 'public', '客户分析', { iframe: true }),
  r('/weComSidebar', 'public', '侧边栏'),
  r('/weComSidebar/customerAnalysis', 'public', '客户分析'),
  r('/userBindOrg/userBindOrg', 'public', '绑定机构'),
  r('/weComAnalyseDetail', 'public', '分析详情'),
  r('/aiOpenPage', 'login', '开通 AI'),
  // not in spec/routes.tsv: the installation operator's own page (money, prices, grants), with its own sign-in
  r('/operator', 'public', '运营后台'),

  m('/customerManage', '我的客户', 'customer'),
  m('/customerPublicsea', '公海客户', 'customer'),
  m('/dataImport', '机构线索库', 'customer'),
  m('/import', '导入线索', 'customer'),
  m('/importList', '导入记录', 'customer'),
  m('/highSeasImport', '公海导入'),
  m('/mergesList', '合并客户', 'customer'),
  m('/clueSearch', '线索查询', 'customer'),
  m('/kehulz', '客户留资', 'customer'),
  m('/weChatClue', '微信线索', 'customer'),
  m('/customerRetrieval', '客户找回', 'customer'),
  m('/customerRetrievalNew', '客户找回（新）', 'customer'),
  m('/customerRetrievalSettings', '客户找回设置'),
  m('/unlockList', '解锁记录', 'customer'),
  m('/clueMonitor', '线索监控', 'customer'),
  m('/putOnFile', '电信报备', 'customer'),
  m('/Detail', '客户详情'),

  m('/outCall', '外呼任务', 'call'),
  m('/sipPhone', 'SIP 话机'),
  m('/recordingFileManage', '录音文件管理', 'call'),
  m('/recordTesting', '录音检测', 'call'),
  m('/callAnalysis', '通话分析', 'call'),
  m('/staffCheck', '通话质检', 'call'),
  m('/staffTraining', '员工培训', 'call'),
  m('/callStatistics', '通话统计', 'call'),
  m('/dingTalkCallDetail', '钉钉通话详情'),

  m('/aiSetting', 'AI 设置', 'ai'),
  m('/AiCustomerAnalysis', 'AI 客户分析', 'ai'),
  m('/aiCustomer', 'AI 客户管理', 'ai'),
  m('/aiDashboard', 'AI 看板', 'ai'),
  m('/aiStatistics', 'AI 统计', 'ai'),
  m('/aihumaneffectiveness', 'AI 人效', 'ai'),
  m('/aiBusinessReminder', 'AI 商机提醒', 'ai'),
  m('/aiReminderSettings', 'AI 提醒设置'),
  m('/customerInsights', '客户洞察', 'ai'),
  m('/customerInsights2', '客户洞察（新）', 'ai'),
  m('/customerInsight', '话题洞察', 'ai'),
  m('/speechAssistant', '话术助手', 'ai', { redirect: '/main/speechAssistant/index' }),
  m('/speechAssistant/index', '话术助手'),
  m('/speechAssistant/record', '话术记录'),
  m('/aIPractice', 'AI 陪练', 'ai'),
  m('/practicelog', '陪练记录', 'ai'),
  m('/aiTimeTeacher', 'AI 实时指导', 'ai'),
  m('/guideRecord', '指导记录', 'ai'),
  m('/knowledgeBase', '知识库', 'ai'),
  m('/instituionklg', '机构知识库', 'ai'),

  m('/weChatStaff', '企微员工', 'wecom'),
  m('/weChatCustomer', '企微客户', 'wecom'),
  m('/weChatPersonalStaff', '个微员工', 'wecom'),
  m('/weChatPersonalCustom', '个微客户', 'wecom'),
  m('/sessionArchive', '会话存档', 'wecom'),

  m('/companySearch', '企业查询', 'acquire'),
  m('/shopSearch', '店铺查询', 'acquire'),
  m('/mapSearch', '地图拓客', 'acquire'),
  m('/batchSearch', '批量查询', 'acquire'),
  m('/industryTemplate', '行业模板', 'acquire'),

  m('/dataStatistics', '数据统计', 'stats'),
  m('/crmStatistics', '销售统计', 'stats'),
  m('/staffStatistics', '员工统计', 'stats'),
  m('/customerStatistics', '客户统计', 'stats'),
  m('/marketBoard', '市场看板', 'stats'),
  m('/dealsBoard', '成交看板', 'stats'),
  m('/dealsBoardSettings', '成交看板设置'),
  m('/afterSaleChartp', '自定义看板', 'stats'),
  m('/saleSurvey', '销售概况', 'stats'),

  m('/orderManagement', '订单管理', 'order'),
  m('/productManagement', '产品管理', 'order'),
  m('/orderDetails', '订单详情'),

  m('/user', '用户管理', 'system'),
  m('/role', '角色管理', 'system'),
  m('/management', '部门与岗位', 'system'),
  m('/seatManage', '坐席管理', 'system'),
  m('/serviceSetup', '业务字段设置', 'system'),
  m('/OperationLog', '操作日志', 'system'),
  m('/listOfExpenses', '费用中心', 'system'),
  m('/hkbparticulars', '获客宝明细', 'system'),
  m('/feedback', '意见反馈', 'system'),
  m('/newFeatures', '新功能', 'system'),
  m('/openApi', '开放接口', 'system'),
];

/** Full browser path of a route: main routes live under /main. */
export function fullPath(route: RouteMeta): string {
  return route.access === 'main' ? `/main${route.path}` : route.path;
}

export const MAIN_ROUTES = ROUTES.filter((route) => route.access === 'main');

export interface MenuNode {
  id: string;
  name: string;
  path?: string;
  children?: MenuNode[];
}

/** The menu tree: groups of main routes. Every main route is a node (menu or not), so roles can grant them all. */
export function menuTree(): MenuNode[] {
  const groups: MenuNode[] = Object.entries(MENU_GROUPS).map(([key, name]) => ({
    id: `group:${key}`,
    name,
    children: [],
  }));
  const hidden: MenuNode = { id: 'group:pages', name: '其他页面', children: [] };
  for (const route of MAIN_ROUTES) {
    const node = { id: route.path, name: route.title, path: fullPath(route) };
    const group = route.menu ? groups.find((g) => g.id === `group:${route.menu}`) : hidden;
    group!.children!.push(node);
  }
  return [...groups, hidden];
}
