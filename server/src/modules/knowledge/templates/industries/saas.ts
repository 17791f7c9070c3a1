import type { TemplateData } from '../types';

export const saas: TemplateData = {
  code: 'saas',
  name: 'SaaS 软件',
  description: '企业软件的线索跟进与演示：需求挖掘、演示预约、试用转付费与数据安全问答。',
  tags: {
    group: 'SaaS 软件',
    items: [
      { name: '预约演示', keywords: ['演示', '试用', '开通账号'], speaker: 'any' },
      { name: '关注数据安全', keywords: ['数据安全', '私有化', '等保'], speaker: 'customer' },
      { name: '对比竞品', keywords: ['竞品', '别家', '在用'], speaker: 'customer' },
      { name: '询问价格', keywords: ['价格', '报价', '多少钱一年'], speaker: 'customer' },
    ],
  },
  sop: [
    {
      name: 'SaaS-需求挖掘与演示邀约',
      items: [
        { name: '确认决策角色', keywords: ['负责', '决策', '团队'] },
        { name: '挖掘业务痛点', keywords: ['现在', '怎么管理', '痛点', 'Excel'] },
        { name: '介绍匹配功能', keywords: ['功能', '可以', '自动'] },
        { name: '预约线上演示', keywords: ['演示', '会议', '时间'] },
      ],
    },
  ],
  words: [
    {
      name: 'SaaS-不实承诺',
      words: ['永久免费', '百分百不宕机', '绝对安全', '无限用户', '随便定制'],
      remark: '软件销售不实承诺',
    },
  ],
  regex: [
    { name: 'SaaS-承诺可用性', pattern: '(保证|承诺)(100|百分之百)%?(可用|不宕机)', remark: '承诺绝对可用性' },
    { name: 'SaaS-私下折扣', pattern: '(私下|额外|我个人)(给你)?(打|再)?\\d折', remark: '未经审批的折扣' },
  ],
  scripts: [
    {
      name: '客户已在用竞品',
      scene: '市场活动线索回访',
      persona: '销售总监，团队在用别家 CRM，续费在即',
      opening: '我们已经在用别家系统了，换起来太麻烦。',
      points: ['了解现有系统的不满', '说明数据迁移服务', '邀约针对性演示'],
    },
    {
      name: '客户关心数据安全',
      scene: '演示后跟进',
      persona: '金融公司 IT 负责人，重视合规',
      opening: '我们的数据放你们云上安全吗？',
      points: ['说明加密与备份', '介绍等保与合规资质', '提供私有化部署选项'],
    },
  ],
  knowledge: [
    {
      kind: 1,
      title: '可以免费试用吗',
      content: '提供 14 天全功能免费试用，最多 10 个账号；试用数据在转为付费后保留。',
    },
    {
      kind: 3,
      title: '订阅价格',
      content: '标准版每账号每年 1200 元，专业版每账号每年 2400 元，20 个账号起订；年付享 9 折，不提供月付。',
    },
    {
      kind: 2,
      title: '数据安全措施',
      content: '数据传输与存储均加密，每日异地备份，已通过等保三级；专业版可选私有化部署。',
    },
    {
      kind: 4,
      title: '客户说换系统太麻烦怎么回应',
      content: '说明提供免费数据迁移与上线培训，可先在一个团队试点；约定试点目标与评估时间。',
    },
    {
      kind: 4,
      title: '客户要求大幅折扣怎么回应',
      content: '折扣须经审批，不能口头承诺；可以通过年付、增加账号数或延长合同期获得标准优惠。',
    },
  ],
};
