import type { TemplateData } from '../types';

export const homeImprovement: TemplateData = {
  code: 'home',
  name: '家居装修',
  description: '装修公司与家居建材的邀约量房、报价与合同环节：预算、工期、增项与环保承诺。',
  tags: {
    group: '家居装修',
    items: [
      { name: '预约量房', keywords: ['量房', '上门', '设计师'], speaker: 'any' },
      { name: '预算敏感', keywords: ['预算', '太贵', '报价高'], speaker: 'customer' },
      { name: '关注工期', keywords: ['工期', '多久', '入住'], speaker: 'customer' },
      { name: '担心增项', keywords: ['增项', '加钱', '追加'], speaker: 'customer' },
    ],
  },
  sop: [
    {
      name: '家装-量房邀约流程',
      items: [
        { name: '确认房屋信息', keywords: ['小区', '面积', '户型', '交房'] },
        { name: '了解装修需求', keywords: ['风格', '预算', '几口人'] },
        { name: '介绍免费量房', keywords: ['免费', '量房', '设计'] },
        { name: '约定上门时间', keywords: ['上门', '时间', '地址'] },
      ],
    },
  ],
  words: [
    {
      name: '家装-违规承诺',
      words: ['零增项', '绝对无甲醛', '永不开裂', '全市最低价', '终身保修'],
      remark: '家装宣传与承诺红线',
    },
  ],
  regex: [
    { name: '家装-承诺工期', pattern: '(保证|肯定)\\d+天(内)?(完工|交付)', remark: '口头承诺工期' },
    { name: '家装-绕开合同', pattern: '(不用|不签)合同', remark: '引导不签合同' },
  ],
  scripts: [
    {
      name: '业主担心增项',
      scene: '报价后回访，业主对增项有顾虑',
      persona: '首次装修的年轻业主，听朋友说装修公司会不断加钱',
      opening: '你们报价看着低，最后会不会一直加钱？',
      points: ['说明全包报价的范围', '出示合同中的增项约定', '举例说明常见变更如何确认'],
    },
    {
      name: '邀约免费量房',
      scene: '新交房小区业主首次外呼',
      persona: '刚拿到钥匙的业主，还没想好风格',
      opening: '我还没想好怎么装呢，量房要收费吗？',
      points: ['说明量房免费且不绑定', '了解户型与入住时间', '约定上门时间'],
    },
  ],
  knowledge: [
    { kind: 1, title: '量房收费吗', content: '量房与初步设计方案免费，设计师上门约 1 小时，不签约不收取任何费用。' },
    {
      kind: 3,
      title: '全包报价包含哪些',
      content: '全包报价含设计、基础施工、主材（瓷砖、地板、门、橱柜台面）与垃圾清运；家电、软装与中央空调不含。',
    },
    { kind: 2, title: '施工工期', content: '三居室全包常规工期 75-90 个工作日，以合同约定为准；延期按合同每日赔付。' },
    {
      kind: 4,
      title: '业主担心增项怎么回应',
      content: '说明报价单按图纸逐项列明，变更须业主签字确认后才计费；可把合同中的增项条款发给业主核对。',
    },
    {
      kind: 4,
      title: '业主说别家更便宜怎么回应',
      content: '请业主对比报价单中的材料品牌、工艺标准与质保期；不贬低同行，只讲自家可核实的差异。',
    },
  ],
};
