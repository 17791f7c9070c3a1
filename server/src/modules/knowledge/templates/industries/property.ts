import type { TemplateData } from '../types';

export const property: TemplateData = {
  code: 'property',
  name: '房产中介',
  description: '新房与二手房的电话跟进：购房需求、带看邀约、贷款政策与价格承诺红线。',
  tags: {
    group: '房产中介',
    items: [
      { name: '预约带看', keywords: ['带看', '看房', '样板间'], speaker: 'any' },
      { name: '关注学区', keywords: ['学区', '学校', '对口'], speaker: 'customer' },
      { name: '贷款咨询', keywords: ['首付', '贷款', '公积金'], speaker: 'customer' },
      { name: '价格观望', keywords: ['再等等', '降价', '观望'], speaker: 'customer' },
    ],
  },
  sop: [
    {
      name: '房产-需求了解与带看邀约',
      items: [
        { name: '确认购房需求', keywords: ['几居', '面积', '区域', '预算'] },
        { name: '了解购房资格', keywords: ['购房资格', '社保', '户口'] },
        { name: '推荐匹配房源', keywords: ['房源', '推荐', '小区'] },
        { name: '邀约带看', keywords: ['带看', '看房', '时间'] },
      ],
    },
  ],
  words: [
    {
      name: '房产-违规承诺',
      words: ['稳涨', '包升值', '保证落户', '内部房源', '零首付', '学区保证'],
      remark: '房产营销红线',
    },
  ],
  regex: [
    { name: '房产-承诺涨幅', pattern: '(保证|肯定|至少)(能)?(涨|升值)\\d+(%|成|万)', remark: '承诺房价涨幅' },
    { name: '房产-首付贷', pattern: '(帮你|可以)(垫|借)(首付|首期)', remark: '违规首付贷' },
  ],
  scripts: [
    {
      name: '客户观望等降价',
      scene: '看过房的客户回访',
      persona: '刚需首套客户，担心买在高点',
      opening: '现在房价还在跌吧，我再等等看。',
      points: ['认同顾虑不唱涨', '用成交数据说话', '讲清利率与政策窗口', '约定再次带看'],
    },
    {
      name: '学区房咨询',
      scene: '网络线索首次来电',
      persona: '孩子明年上小学的家长',
      opening: '这个小区是不是对口实验小学？能保证上吗？',
      points: ['以教育局公布的划片为准', '不承诺入学', '提醒核实落户年限要求'],
    },
  ],
  knowledge: [
    {
      kind: 1,
      title: '首套房首付比例',
      content: '首套房商业贷款首付最低 15%，二套最低 25%；以放款银行审批与当地政策为准。',
    },
    {
      kind: 3,
      title: '中介服务费',
      content: '二手房买卖中介费为成交价的 2%，买方支付；贷款代办服务费 3000 元，不成交不收费。',
    },
    {
      kind: 2,
      title: '带看流程',
      content: '带看前确认客户身份与看房时间，签署看房确认单；一次带看不超过 4 套，带看后 24 小时内回访。',
    },
    {
      kind: 4,
      title: '客户观望等降价怎么回应',
      content: '不唱涨不唱跌，提供同小区近 3 个月成交价；说明当前贷款利率与税费政策，由客户自己判断时机。',
    },
    {
      kind: 4,
      title: '客户问学区能否保证怎么回应',
      content: '学区以教育局当年公布的划片为准，不能保证入学；建议客户向学校与教育局核实入学条件。',
    },
  ],
};
