import { describe, expect, it } from 'vitest';
import { call } from '../../../lib/analyser/testCall';
import { matchSop } from './match';
import { STANDARD_SOP } from './standard';

/** The names of the items the standard rule finds in a call. */
const covered = (lines: Parameters<typeof call>[0]) =>
  matchSop(call(lines), STANDARD_SOP)
    .items.filter((i) => i.hit)
    .map((i) => i.name);

describe('the standard SOP rule', () => {
  it('finds all seven items of a full pitch, in order', () => {
    const r = matchSop(
      call([
        ['a', '您好，我是新东方的课程规划师陈老师'],
        ['c', '嗯，你好'],
        ['a', '请问您是乐乐的家长吗？'],
        ['c', '对，我是她妈妈'],
        ['a', '孩子今年上几年级了，英语成绩怎么样？'],
        ['c', '四年级，英语一般般'],
        ['a', '我们这个课程是外教小班课，每班不超过六个孩子，主要练口语'],
        ['a', '一个学期是四千八，现在报名打九折'],
        ['c', '有点贵啊'],
        ['a', '我理解，不过算下来一节课才八十多，比一对一便宜很多'],
        ['c', '那我考虑一下'],
        ['a', '好的，那我加您微信，周六上午您带孩子来试听一节'],
      ]),
      STANDARD_SOP,
    );
    expect(r.coverage).toBe(1);
    expect(r.inOrder).toBe(true);
    expect(r.items.map((i) => i.evidence?.segment)).toEqual([0, 2, 4, 6, 7, 9, 11]);
  });

  it('reads an ASR transcript without punctuation', () => {
    expect(
      covered([
        ['a', '喂 你好 我是那个万科物业的小周 请问是三栋的王先生吗'],
        ['c', '是我 什么事'],
        ['a', '您家房子现在是自己住还是出租的'],
        ['c', '自己住'],
        ['a', '那我明天下午三点带师傅上门给您看一下'],
      ]),
    ).toEqual(['开场白与自我介绍', '确认客户身份', '挖掘需求', '约定下次跟进']);
  });

  it('leaves the near misses: a bare greeting, the customer asking the price, a vague price and follow-up', () => {
    expect(
      covered([
        ['a', '喂，您好'],
        ['c', '你好，多少钱一年啊'],
        ['a', '价格这个您放心，很优惠的'],
        ['c', '哦'],
        ['a', '好的，那您有需要再联系我'],
      ]),
    ).toEqual([]);
  });

  it('counts objection handling only as the answer to a concern', () => {
    expect(covered([['a', '您放心，我们是正规机构，很多客户都在用']])).not.toContain('异议处理');
    expect(
      covered([
        ['c', '你们这个靠谱吗，不会是骗人的吧'],
        ['a', '您放心，我们是正规持牌机构，可以在官网查到'],
      ]),
    ).toEqual(['异议处理']);
  });

  it('hears the day, not a decimal, in a follow-up', () => {
    expect(covered([['a', '这款车是二点零T的发动机，百公里油耗七个左右']])).not.toContain('约定下次跟进');
    expect(covered([['a', '那我周三下午给您回个电话']])).toEqual(['约定下次跟进']);
  });

  describe('near misses of issue 26', () => {
    it.each([
      '上次给您发的课程资料您看了吗',
      '之前发您微信的那份方案还在吗',
      '我昨天已经把资料发给您了',
      '您上次加的微信是这个号吧',
    ])('%s is not 约定下次跟进', (text) => {
      expect(covered([['a', text]])).not.toContain('约定下次跟进');
    });

    it.each(['我把资料发您微信，您有空看看', '那我明天下午再给您打过来', '我先加您微信，把课程资料发给您'])(
      '%s still is 约定下次跟进',
      (text) => {
        expect(covered([['a', text]])).toContain('约定下次跟进');
      },
    );

    it.each([
      [
        ['c', '这也太贵了吧'],
        ['a', '这样，我给您申请一个老客户的优惠，再便宜五百'],
      ],
      [
        ['c', '三千多有点贵啊'],
        ['a', '现在报名可以打八折，算下来两千四'],
      ],
      [
        ['c', '价格能不能再低点'],
        ['a', '本月活动价，立减三百，还送两节课'],
      ],
    ] as [['c', string], ['a', string]][])('a price objection answered with a discount is 异议处理', (c, a) => {
      expect(covered([c, a])).toContain('异议处理');
    });
  });
  describe('acts said in other words (issue 26)', () => {
    it.each([
      ['挖掘需求', '这笔钱到期以后您打算怎么安排呢'],
      ['挖掘需求', '您家里现在有买过商业保险吗'],
      ['挖掘需求', '您家是一百二十平左右对吧'],
      ['介绍产品', '那我们的板材用的都是E0级的，环保这块不用担心'],
      ['介绍产品', '这款叫安心一号，主要投国债和存单'],
      ['介绍产品', '东苑那套九十平三室朝南，楼层也好'],
      ['报价', '这套挂三百二十万，可以谈'],
      ['报价', '对，一年四千八百五'],
      ['报价', '业绩比较基准是二点八'],
      ['约定下次跟进', '那周四晚上八点我们视频一下，我把方案讲给您'],
    ])('%s: %s', (item, text) => {
      expect(covered([['a', text]])).toContain(item);
    });

    it.each([
      ['挖掘需求', '上次给您发的计划书您收到了吗'],
      ['报价', '血压一百四十多没吃药的话一般可以投保'],
      ['报价', '我们一起看一下这个方案'],
      ['约定下次跟进', '好的，那有合适的房子我再联系您'],
      ['约定下次跟进', '有一两个月是负的您能接受吗'],
    ])('%s is not said by: %s', (item, text) => {
      expect(covered([['a', text]])).not.toContain(item);
    });

    it.each([
      ['你们这个能退费吗', '能退的，没上的课时按原价退，合同里都写了'],
      ['一个月三千多啊', '您看这样，先带孩子来免费试听一次，觉得好再报'],
      ['别家才二十万还送空调', '您把他家的报价单发我，我们逐项对比一下区别在哪'],
      ['我们都有社保了，用不着吧', '社保报的是医药费，重疾险不一样，是确诊就赔，补的是收入损失'],
    ])('a concern (%s) answered is 异议处理', (concern, answer) => {
      expect(
        covered([
          ['c', concern],
          ['a', answer],
        ]),
      ).toContain('异议处理');
    });

    it.each(['好的理解，那您再考虑考虑', '明白，那不打扰您了，有需要再联系'])(
      'a concern left to the customer (%s) is not 异议处理',
      (answer) => {
        expect(
          covered([
            ['c', '太贵了，我再看看吧'],
            ['a', answer],
          ]),
        ).not.toContain('异议处理');
      },
    );
  });
});
