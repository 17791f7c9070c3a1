import { describe, expect, it } from 'vitest';
import { analyse } from '../analyse';
import { DEFAULT_CHECKERS, DEFAULT_RULES } from '../defaults';
import { call } from '../testCall';
import type { AnalysisRules, Checker } from '../types';
import { abuseChecker } from './abuse';
import { regexRulesChecker } from './regexRules';
import { wordRulesChecker } from './wordRules';

const rulesBroken = (lines: Parameters<typeof call>[0], rules: AnalysisRules = DEFAULT_RULES) =>
  [...new Set(analyse(call(lines), rules).violations.map((v) => v.rule))].sort();

describe('forbidden words', () => {
  it('finds the words said by the agent, with where they were said', () => {
    const t = call([
      ['a', '您好，给您介绍一款理财'],
      ['a', '这款是保本保息的，稳赚不赔'],
    ]);
    const r = analyse(t, DEFAULT_RULES);
    const v = r.violations.filter((x) => x.rule === '承诺收益');
    expect(v.length).toBeGreaterThan(0);
    expect(v[0]).toMatchObject({ kind: 'word', segment: 1, speaker: 'agent' });
    expect(v[0].startMs).toBe(t.segments[1].startMs);
    expect(r.risk).toBe(true);
  });

  it('tolerates spaces, punctuation and homophones between the characters', () => {
    expect(rulesBroken([['a', '我们这个宝险 收意 保 证，年年都有']])).toEqual(['承诺收益']);
    expect(rulesBroken([['a', '我们这个宝险每年都有分红']])).toEqual([]);
    expect(rulesBroken([['a', '我们这个保证收意，您放心']])).toEqual(['承诺收益']);
    expect(rulesBroken([['a', '绝对 稳 赚，不 赔的']])).toEqual(['承诺收益']);
    expect(rulesBroken([['a', '这个报证一次通过']])).toEqual(['夸大承诺']);
  });

  it('a denial or a quote is not a violation', () => {
    for (const said of [
      '我们不保证收益，基金有风险',
      '这个我们不承诺保本',
      '谁跟您说稳赚不赔，那都是骗人的',
      '您说的保本保息那种产品现在已经没有了',
      '包过这个话我不能跟您说',
      '保证升值是不可能的',
      '这个能保证收益吗？',
    ]) {
      expect(rulesBroken([['a', said]]), said).toEqual([]);
    }
  });

  it('promised returns phrased many ways', () => {
    for (const said of [
      '到期连本带利一分不少打回您卡上',
      '没风险没风险，就跟存款一样',
      '投十万一年起码能赚八千',
      '亏了算公司的',
      '万一真有亏损，公司兜底',
      '不会让您亏一分钱',
      '只会涨不会跌的',
      '收益率是有保障的',
      '年化百分之四点五，收益是锁定的',
      '这个基金今年肯定也能赚',
    ]) {
      expect(rulesBroken([['a', said]]), said).toEqual(['承诺收益']);
    }
  });

  it('guaranteed outcomes phrased many ways', () => {
    for (const said of [
      '正常上满三个月，宝证孩子能开口说英语',
      '三个月肯定开口',
      '这卡永远不限速',
      '种上去的头发终身不脱落',
      '吃一个疗程就能把降压药停了',
      '治疗三次就能断根',
      '一个月瘦二十斤没问题',
      '这台车开二十万公里都不会坏',
      '签证包签的',
      '我们的防水做完二十年不漏，我给您打包票',
    ]) {
      expect(rulesBroken([['a', said]]), said).toEqual(['夸大承诺']);
    }
  });

  it('near misses: denials, hedges, nobody-can, ordinary guarantees, asking both ways', () => {
    for (const said of [
      '分红是不保证的，要看公司经营情况',
      '我们没办法保证收益，只能说历史表现不错',
      '我不敢跟您打包票说一定能去掉',
      '没有哪家机构敢保证通过',
      '按您现在的用量，换了以后基本就不会超了',
      '我保证今天下午就把详细资费发到您手机上',
      '我保证把条款和计划书都打印好带过去',
      '您担心会不会亏，这个谁也说不准',
      '也不是说完全没风险',
      '稳赚不赔这种话您千万别信',
      '保证金五千，一年以上可以退',
      '我们不会让您转个人账户的',
    ]) {
      expect(rulesBroken([['a', said]]), said).toEqual([]);
    }
  });

  it('a financial return promised is 承诺收益 only', () => {
    expect(rulesBroken([['a', '这个季度保证收益百分之三十以上']])).toEqual(['承诺收益']);
  });

  it('what the customer says never counts', () => {
    expect(rulesBroken([['c', '你们能保证收益吗，稳赚不赔那种']])).toEqual([]);
  });

  it('guarantees in sentences (regex rule of 夸大承诺)', () => {
    expect(rulesBroken([['a', '上满一个学期，保证提二十分']])).toEqual(['夸大承诺']);
    expect(rulesBroken([['a', '做完绝对不会漏，您放心']])).toEqual(['夸大承诺']);
    expect(rulesBroken([['a', '我保证不会再打扰您了']])).toEqual([]);
  });

  it('runs alone as a checker', () => {
    const t = call([['a', '零风险的产品']]);
    expect(wordRulesChecker.check({ transcript: t, segments: t.segments, rules: DEFAULT_RULES })).toHaveLength(1);
  });
});

describe('regex rules', () => {
  it('asking for a verification code or a password', () => {
    expect(rulesBroken([['a', '您手机收到一个验证码，您念给我一下']])).toEqual(['索要敏感信息']);
    expect(rulesBroken([['a', '把您银行卡的密码告诉我，我帮您操作']])).toEqual(['索要敏感信息']);
    expect(rulesBroken([['a', '千万不要把验证码告诉任何人']])).toEqual([]);
    expect(rulesBroken([['a', '我们不会跟您要验证码的']])).toEqual([]);
  });

  it('dealing privately', () => {
    expect(rulesBroken([['a', '您别走公司账户，直接转我个人微信就行']])).toEqual(['私下交易']);
    expect(rulesBroken([['a', '钱打到我的卡上，我给您便宜点']])).toEqual(['私下交易']);
    expect(rulesBroken([['a', '我们公司下个月有活动']])).toEqual([]);
    expect(rulesBroken([['a', '所有款项都走公司对公账户，不接受私下转账']])).toEqual([]);
  });

  it('a bad pattern is skipped, never thrown', () => {
    const rules = {
      ...DEFAULT_RULES,
      regexRules: [
        { name: '坏规则', pattern: '(未闭合' },
        { name: '好规则', pattern: '加我QQ', flags: 'i' },
      ],
    };
    expect(rulesBroken([['a', '您加我qq吧']], rules)).toEqual(['好规则']);
  });

  it('keeps the rule id', () => {
    const rules = { ...DEFAULT_RULES, regexRules: [{ id: 7, name: '报价', pattern: '最低价' }] };
    const t = call([['a', '这是最低价了']]);
    expect(regexRulesChecker.check({ transcript: t, segments: t.segments, rules })[0]).toMatchObject({
      ruleId: 7,
      rule: '报价',
      kind: 'regex',
    });
  });
});

describe('abuse', () => {
  it('insults aimed at the customer break 辱骂客户 and set flag 4', () => {
    for (const said of ['你有病吧', '没兴趣你接什么电话，蠢不蠢', '你脑子有问题吧', '滚', '神经病']) {
      const r = analyse(
        call([
          ['c', '不需要'],
          ['a', said],
        ]),
        DEFAULT_RULES,
      );
      expect(
        r.violations.map((v) => v.rule),
        said,
      ).toContain('辱骂客户');
      expect(r.flags & 4, said).toBe(4);
    }
  });

  it('not abuse: politeness, the customer insulting the agent, an aside to a colleague, ordinary words', () => {
    for (const lines of [
      [['a', '不好意思打扰了，再见']],
      [
        ['c', '你有病吧，天天打'],
        ['a', '不好意思，打扰您了'],
      ],
      [['a', '小王你小点声，脑子有病啊，我这打电话呢']],
      [['a', '利滚利的那种我们不做，家里有病人的话可以看看这款']],
      [['a', '孩子很单纯，蠢蠢欲动想学画画']],
    ] as Parameters<typeof call>[0][]) {
      expect(rulesBroken(lines), JSON.stringify(lines)).toEqual([]);
    }
  });

  it('rude, slow-witted and dialect insults', () => {
    for (const said of [
      '您这怎么都听不懂啊 真是笨得要命',
      '行吧行吧，不识好歹',
      '你这样当家长的，真是脑子不清楚',
      '行嘛行嘛……瓜娃子，脑壳有包，穷得装不起就直说嘛',
      '你这人咋这么虎呢，虎了吧唧的',
      '你个憨批',
      '买得起吗你',
    ]) {
      expect(rulesBroken([['a', said]]), said).toEqual(['辱骂客户']);
    }
  });

  it('not abuse: cursing a thing, insulting somebody else, running oneself down, a time', () => {
    for (const said of [
      '哎呀这破电脑，又卡住了，妈的，一上午卡三回了',
      '城东那家店的销售就是一帮傻X，天天坑人',
      '有些中介真没素质，您别理他们',
      '我真笨，刚才算错了',
      '不是说您笨啊',
      '笨重的家具我们也能搬',
      '明天十三点半到',
    ]) {
      expect(rulesBroken([['a', said]]), said).toEqual([]);
    }
  });

  it('is off when the organisation turns it off', () => {
    const t = call([['a', '你有病吧']]);
    expect(
      abuseChecker.check({ transcript: t, segments: t.segments, rules: { ...DEFAULT_RULES, abuse: false } }),
    ).toEqual([]);
  });
});

describe('the extension point', () => {
  it('runs the default checkers plus the ones passed in; a failing checker is skipped', () => {
    const sop: Checker = {
      name: 'sop',
      check: ({ segments }) =>
        segments[0].text.includes('您好')
          ? []
          : [{ rule: '未问好', kind: 'sop', text: '', segment: 0, startMs: 0, speaker: 'agent' }],
    };
    const broken: Checker = {
      name: 'broken',
      check: () => {
        throw new Error('boom');
      },
    };
    const r = analyse(call([['a', '喂，保本保息了解一下']]), DEFAULT_RULES, [sop, broken]);
    expect(r.violations.map((v) => v.rule).sort()).toEqual(['承诺收益', '未问好']);
    expect(DEFAULT_CHECKERS.map((c) => c.name)).toEqual(['word', 'regex', 'abuse', 'pressure']);
  });
});
