import type { TemplateData } from '../types';

export const insurance: TemplateData = {
  code: 'insurance',
  name: '保险',
  description: '健康险、寿险的电话销售：保障讲解、健康告知、犹豫期与夸大宣传红线。',
  tags: {
    group: '保险',
    items: [
      { name: '关注理赔', keywords: ['理赔', '报销', '赔付'], speaker: 'customer' },
      { name: '健康告知', keywords: ['健康告知', '既往症', '体检'], speaker: 'any' },
      { name: '保费顾虑', keywords: ['保费', '太贵', '每年交'], speaker: 'customer' },
      { name: '已有社保', keywords: ['社保', '医保', '单位买了'], speaker: 'customer' },
    ],
  },
  sop: [
    {
      name: '保险-电话销售流程',
      items: [
        { name: '身份与来电目的', keywords: ['保险', '工号', '来电'] },
        { name: '了解家庭保障', keywords: ['社保', '医保', '家里'] },
        { name: '讲解保障责任', keywords: ['保障', '责任', '报销'] },
        { name: '健康告知', keywords: ['健康告知', '如实'] },
        { name: '说明犹豫期', keywords: ['犹豫期', '15天', '退保'] },
      ],
    },
  ],
  words: [
    {
      name: '保险-夸大宣传',
      words: ['什么都能赔', '保证理赔', '稳赚', '存款', '不用健康告知', '停售'],
      remark: '保险销售误导用语',
    },
  ],
  regex: [
    {
      name: '保险-承诺收益',
      pattern: '(保证|稳定|肯定)(年化)?(收益|回报)\\d+(\\.\\d+)?%',
      remark: '把保险说成收益产品',
    },
    { name: '保险-隐瞒告知', pattern: '(不用|不要|别)(填|写|告诉)(健康|病史)', remark: '诱导不如实告知' },
  ],
  scripts: [
    {
      name: '客户说有社保不需要',
      scene: '百万医疗险外呼',
      persona: '35 岁上班族，单位有社保，觉得够用',
      opening: '我有社保了，单位也有补充医疗，不需要吧。',
      points: ['认同社保的作用', '讲社保目录外与大额费用', '举例说明报销顺序', '如实说明免赔额'],
    },
    {
      name: '客户问能不能理赔',
      scene: '老客户加保咨询',
      persona: '有高血压病史的中年客户',
      opening: '我有高血压，买了以后能赔吗？',
      points: ['引导如实健康告知', '说明核保结果的可能', '不承诺一定理赔'],
    },
  ],
  knowledge: [
    {
      kind: 1,
      title: '犹豫期可以退保吗',
      content: '长期险犹豫期为签收保单后 15 天，犹豫期内退保全额退还保费；犹豫期后退保只退现金价值。',
    },
    {
      kind: 2,
      title: '百万医疗险保障范围',
      content: '住院医疗、特殊门诊、门诊手术与住院前后门急诊费用，年度免赔额 1 万元，社保报销后按 100% 赔付。',
    },
    {
      kind: 3,
      title: '保费与交费方式',
      content: '30 岁首年保费约 300 元，随年龄调整；可年交或月交，月交首期需绑定银行卡代扣。',
    },
    {
      kind: 4,
      title: '客户说有社保不需要怎么回应',
      content: '说明社保有起付线、封顶线与目录限制，进口药和自费项目不报；医疗险补充社保之外的大额支出。',
    },
    {
      kind: 4,
      title: '客户问有病史能否投保怎么回应',
      content: '请客户如实健康告知，由保险公司核保决定标准承保、除外承保或拒保；不能承诺一定能保或一定能赔。',
    },
  ],
};
