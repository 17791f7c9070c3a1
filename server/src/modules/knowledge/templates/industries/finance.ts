import type { TemplateData } from '../types';

export const finance: TemplateData = {
  code: 'finance',
  name: '金融理财',
  description: '银行与持牌机构的理财、贷款电话营销：风险揭示、适当性匹配与收益承诺红线。',
  tags: {
    group: '金融理财',
    items: [
      { name: '询问收益', keywords: ['收益', '利率', '年化'], speaker: 'customer' },
      { name: '风险顾虑', keywords: ['风险', '亏本', '安全吗'], speaker: 'customer' },
      { name: '贷款需求', keywords: ['贷款', '额度', '周转'], speaker: 'customer' },
      { name: '风险揭示', keywords: ['风险提示', '不保本', '风险测评'], speaker: 'agent' },
    ],
  },
  sop: [
    {
      name: '金融-合规营销流程',
      items: [
        { name: '表明机构与身份', keywords: ['银行', '工号', '我是'] },
        { name: '了解资金需求', keywords: ['资金', '期限', '打算'] },
        { name: '风险测评提示', keywords: ['风险测评', '风险等级'] },
        { name: '风险揭示', keywords: ['不保本', '风险提示', '以合同为准'] },
        { name: '邀约面签', keywords: ['网点', '面签', '预约'] },
      ],
    },
  ],
  words: [
    {
      name: '金融-违规承诺',
      words: ['保本保息', '稳赚不赔', '零风险', '刚性兑付', '内部渠道', '包下款'],
      remark: '资管新规与营销红线',
    },
  ],
  regex: [
    { name: '金融-承诺收益率', pattern: '(保证|承诺|肯定)(年化)?(收益)?\\d+(\\.\\d+)?%', remark: '承诺具体收益率' },
    { name: '金融-索要验证码', pattern: '(告诉|报|发)(我|一下)?(你的)?验证码', remark: '索要验证码' },
  ],
  scripts: [
    {
      name: '客户追问能否保本',
      scene: '向存款到期客户推荐理财',
      persona: '退休教师，风险偏好低，只关心会不会亏',
      opening: '这个产品能保证不亏吧？我可不想冒险。',
      points: ['不承诺保本', '说明产品风险等级', '引导做风险测评', '推荐匹配的低风险产品'],
    },
    {
      name: '小微企业主贷款咨询',
      scene: '经营贷电话营销',
      persona: '餐饮店老板，急需周转资金，嫌手续麻烦',
      opening: '最快多久能放款？我不想跑来跑去。',
      points: ['了解经营年限与流水', '说明所需材料', '不承诺放款时间与额度'],
    },
  ],
  knowledge: [
    {
      kind: 1,
      title: '理财产品保本吗',
      content: '理财产品不保本不保息，过往业绩不代表未来表现；购买前须完成风险测评，只能购买与风险等级匹配的产品。',
    },
    {
      kind: 2,
      title: '经营贷申请材料',
      content: '营业执照（满 1 年）、法人身份证、近 6 个月经营流水、经营场所证明；额度与利率以审批结果为准。',
    },
    {
      kind: 3,
      title: '提前还款规则',
      content: '经营贷放款满 6 个月后可提前还款，不收违约金；未满 6 个月按提前还款本金的 1% 收取。',
    },
    {
      kind: 4,
      title: '客户要求承诺收益怎么回应',
      content: '明确告知不能承诺收益，可介绍产品的业绩比较基准及其含义，并提示以产品说明书为准。',
    },
    {
      kind: 4,
      title: '客户担心信息泄露怎么回应',
      content: '说明不会索要密码与验证码，办理须到网点或官方 App；客户可拨打官方客服核实坐席身份。',
    },
  ],
};
