import { describe, expect, it } from 'vitest';
import { analyse } from './analyse';
import { pressureChecker } from './checkers/pressure';
import { DEFAULT_RULES } from './defaults';
import { learn } from './learn';
import { baseModel } from './model';
import { dialect, forModel, sound } from './normalise';
import { swapSpeakers } from './roles';
import { call } from './testCall';
import { canon } from './text';

const run = (lines: Parameters<typeof call>[0], options = {}) => analyse(call(lines), DEFAULT_RULES, [], options);
const tags = (r: ReturnType<typeof run>) => r.tags.map((t) => t.tag);

describe('layer 1: normalisation', () => {
  it('maps dialect and colloquial no, yes and too expensive onto standard words of the same length', () => {
    expect(dialect(canon('勿要了，拉倒吧，老贵了'))).toBe('不要了算了吧太贵了');
    expect(dialect(canon('唔使啦，莫得兴趣'))).toBe('不用啦没有兴趣');
    for (const s of ['勿要了', '莫得兴趣', '拉倒吧']) expect(dialect(canon(s))).toHaveLength(canon(s).length);
  });
  it('the rules read Cantonese function words and days as standard ones (今日唔落订听日就冇啦)', () => {
    const t = call([['a', '呢个价只系今日，今日唔落订听日就冇啦']]);
    expect(pressureChecker.check({ transcript: t, segments: t.segments, rules: DEFAULT_RULES })).toHaveLength(1);
  });
  it('folds near-homophones by sound (pinyin), keeping the length', () => {
    expect(sound('傻比')).toBe(sound('傻逼'));
    expect(sound('煞笔')).toBe(sound('傻逼'));
    expect(sound('宝险')).toBe(sound('保险'));
    expect(sound('保险')).not.toBe(sound('收益'));
    expect(sound('傻比你')).toHaveLength(3);
  });
  it('gives the learned layer text without punctuation, fillers or repeats, numerals as digits', () => {
    expect(forModel('嗯嗯，那个 验证码是六位的，三十万，不不不不要了')).toBe('验证码是6位的30万不不要了');
  });
  it('no rule depends on punctuation: the same call with and without it decides the same', () => {
    const lines: [string, string][] = [
      ['a', '您好，我是优学教育的小王，孩子数学课了解一下吗？'],
      ['c', '多少钱一节？'],
      ['a', '两百一节，这周六下午有试听，您带孩子过来？'],
      ['c', '太贵了，我再考虑考虑，你别再打电话了。'],
    ];
    const bare = lines.map(([w, t]) => [w, t.replace(/[，。？！]/g, ' ')] as ['a' | 'c', string]);
    const a = run(lines as Parameters<typeof call>[0]);
    const b = run(bare);
    expect(b.intention).toBe(a.intention);
    expect(tags(b)).toEqual(tags(a));
  });
  it('checks speaker roles from the content and reads a swapped call the right way round', () => {
    const lines: Parameters<typeof call>[0] = [
      ['a', '喂，您好，请问是王先生吗，我是星辰教育的课程顾问小李'],
      ['c', '是我，什么事'],
      ['a', '您之前在我们平台登记过少儿英语，我们这周有免费试听课'],
      ['c', '哦，多少钱啊'],
      ['a', '我们的课程是一节一百五，打扰您两分钟给您介绍一下'],
      ['c', '行，那周六上午十点我带孩子过去试听'],
    ];
    const right = analyse(call(lines), DEFAULT_RULES);
    const swapped = analyse(swapSpeakers(call(lines)), DEFAULT_RULES);
    expect(right.speakersSwapped).toBe(false);
    expect(swapped.speakersSwapped).toBe(true);
    expect(swapped.intention).toBe(right.intention);
    expect(swapped.intentionEvidence[0]?.speaker).toBe('customer');
  });
});

describe('layer 2: pattern rules', () => {
  const pressure = (said: string) => {
    const t = call([['a', said]]);
    return pressureChecker.check({ transcript: t, segments: t.segments, rules: DEFAULT_RULES }).length > 0;
  };
  it('pressure selling in any wording: false urgency, threats of loss, payment now, not accepting a no', () => {
    for (const said of [
      '这个名额今晚十二点就截止了，过了这村就没这店了',
      '就剩最后两个名额了，别的家长都在抢',
      '您现在不报，到时候孩子跟不上可别后悔',
      '您今天先转五百定金过来，我帮您锁住',
      '您先别急着拒绝，听我说完',
      '今晚之前不交定金，名额我就只能给别人了',
      '您今天一定要把申请提交了，下个月就批不下来了',
      '您今天交定金能打八折，明天我就真没办法了',
    ])
      expect(pressure(said), said).toBe(true);
  });
  it('not pressure: a plain date, time to think, a denial, an offer, a way of talking', () => {
    for (const said of [
      '您不着急，慢慢考虑，想好了再联系我',
      '活动到月底，您有空可以来看看',
      '周六上午十点见',
      '您现在交一百块钱定金，明年装的时候也按现在的价格算',
      '您先听我说完',
      '新款价格会涨一点',
    ])
      expect(pressure(said), said).toBe(false);
  });
  it('a promise, a request for secrets and payment off the books in other words than the rule lists', () => {
    const rules = (said: string) => run([['a', said]], { model: null }).violations.map((v) => v.rule);
    expect(rules('这个产品不会低于六个点的，您放一百个心')).toContain('承诺收益');
    expect(rules('三年后回收价怎么都不亏')).toContain('承诺收益');
    expect(rules('保证您的号绝对不会被封')).toContain('夸大承诺');
    expect(rules('瓷砖十年之内绝对不空鼓')).toContain('夸大承诺');
    expect(rules('您把身份证正反面拍个照发我')).toContain('索要敏感信息');
    expect(rules('短信里那几位数字您念给我听一下')).toContain('索要敏感信息');
    expect(rules('不走店里，我私下帮您拿车')).toContain('私下交易');
    expect(rules('您把钱转到我老婆的卡上')).toContain('私下交易');
    expect(rules('我们不保证收益，也不会低于成本价卖给您')).not.toContain('承诺收益');
  });
  it('an insult spelt another way is still abuse (by sound)', () => {
    const r = run([
      ['c', '不需要'],
      ['a', '你个傻比'],
    ]);
    expect(r.violations.map((v) => v.rule)).toContain('辱骂客户');
    expect(r.abuse).toMatchObject({ value: true, layer: 'rule', score: 1, pending: false });
  });
});

describe('layer 3: the learned layer', () => {
  it('its agent-act heads decide a violation no rule found, at a dev-chosen threshold, with the turn as evidence', () => {
    const m = baseModel();
    for (const a of ['promise', 'pressure', 'insult', 'sensitive', 'offbook'])
      expect(Object.keys(m.heads)).toContain(`act:${a}`);
    const r = run([
      ['a', '您好，我是华信理财的小周'],
      ['c', '什么事'],
      ['a', '您方便的话先把身份证正反两面拍一下，连同银行卡卡号一起发我微信'],
      ['c', '这个不太方便吧'],
      ['a', '没关系的，我这边帮您录系统'],
    ]);
    const v = r.violations.find((x) => x.rule === '索要敏感信息');
    expect(v).toBeTruthy();
    expect(v?.segment).toBe(2);
  });
  it('ships a base model trained from the train split, with call and turn heads', () => {
    const m = baseModel();
    expect(m.origin).toBe('base');
    expect(m.trainedOn).toBeGreaterThan(100);
    expect(Object.keys(m.heads)).toEqual(
      expect.arrayContaining(['complaint', 'intention:strong', 'violation:施压销售']),
    );
    expect(Object.keys(m.heads).some((h) => h.startsWith('stance:'))).toBe(true);
  });
  it('learn() is pure, counts what it learned and changes the next similar call, naming the layer', () => {
    const mk = (said: string) =>
      call([
        ['a', '您好，我是蓝天装饰的小李，您之前在网上登记过装修'],
        ['c', '嗯'],
        ['a', '我们这周有免费量房'],
        ['c', said],
        ['a', '好的'],
      ]);
    const next = mk('这事我得跟我家那口子合计合计');
    expect(analyse(next, DEFAULT_RULES)).toMatchObject({ intention: 'none', intentionLayer: 'default' });
    const base = baseModel();
    const before = JSON.stringify(base.heads['intention:general']).length;
    const { model, learned } = learn(
      base,
      ['我跟那口子合计合计再说', '回去跟那口子合计一下', '这个得合计合计', '等我合计好了'].map((said) => ({
        transcript: mk(said),
        labels: { intention: 'general' as const },
      })),
    );
    expect(learned).toMatchObject({ total: 4, intention: 4, complaint: 0 });
    expect(model.origin).toBe('org');
    expect(model.learned.total).toBe(4);
    expect(JSON.stringify(base.heads['intention:general']).length).toBe(before);
    const after = analyse(next, DEFAULT_RULES, [], { model });
    expect(after).toMatchObject({ intention: 'general', intentionLayer: 'orgModel' });
    expect(after.intentionEvidence[0].quote).toBe('这事我得跟我家那口子合计合计');
  });
  it('with no model (null) the rules decide alone', () => {
    const r = run(
      [
        ['a', '您好'],
        ['c', '嗯'],
        ['a', '了解一下我们的产品'],
        ['c', '这事我得跟我家那口子合计合计'],
      ],
      { model: null },
    );
    expect(r.intentionLayer).toBe('default');
  });
});

describe('one consistent result', () => {
  it('太贵了，我再考虑考虑，你别再打电话了 is a refusal: 无意向 + 明确拒绝, and no next step', () => {
    const r = run([
      ['a', '您好，我是优学教育的课程顾问小王，孩子的数学课了解一下吗'],
      ['c', '多少钱一节'],
      ['a', '一节课两百，十节起报，这周六下午有试听'],
      ['c', '太贵了，我再考虑考虑，你别再打电话了'],
    ]);
    expect(r.intention).toBe('none');
    expect(tags(r)).toEqual([1]);
    expect(r.aiLabels).toEqual([3]);
    expect(r.refusal).toMatchObject({ value: true, layer: 'rule', pending: false });
    expect(r.refusal.evidence[0]).toMatchObject({ segment: 3 });
    expect(r.summaryParts.nextStep).toBe('');
    expect(r.summary).not.toContain('下一步');
    expect(r.summaryParts.objections.join()).toContain('太贵了');
  });
  it('every decided label carries evidence and its layer; 无意向 without evidence says default', () => {
    const r = run([
      ['a', '您好，我是星辰教育的小李，这周六有试听课，您带孩子过来吗'],
      ['c', '行，那周六上午十点我带孩子过去'],
    ]);
    expect(r.intention).toBe('strong');
    expect(r.intentionLayer).toBe('rule');
    expect(r.intentionEvidence[0].quote).toBeTruthy();
    expect(r.aiLabelHits).toEqual([expect.objectContaining({ label: 1, layer: 'rule' })]);
    expect(r.summaryParts.nextStepTime).toBeTruthy();
    for (const k of r.keywords) expect(k.evidence?.length, k.word).toBeGreaterThan(0);
    const silent = run([
      ['a', '喂您好'],
      ['c', '喂'],
    ]);
    expect(silent.intention).toBe('none');
    expect(silent.intentionLayer).toBe('default');
  });
  it('potential complaint: tag 2, AI label 4 and the complaint decision agree', () => {
    const r = run([
      ['a', '您好，我是融信金服的小韩'],
      ['c', '你们天天打，再打我就去12315投诉你们'],
    ]);
    expect(r.intention).toBe('complaint');
    expect(tags(r)).toEqual([2]);
    expect(r.aiLabels).toEqual([4]);
    expect(r.potentialComplaint).toBe(true);
    expect(r.complaint).toMatchObject({ value: true, score: 1, pending: false, layer: 'rule' });
    expect(r.risk).toBe(true);
  });
  it('churn risk applies to existing customers only', () => {
    const lines: Parameters<typeof call>[0] = [
      ['a', '您好，我是宽带客服'],
      ['c', '你们网速太慢了，我要退订，换别家了'],
    ];
    expect(run(lines, { existingCustomer: false }).churnRisk).toBe(0);
    expect(run(lines, { existingCustomer: true }).churnRisk).toBeGreaterThan(0);
  });
  it('不能 and other function words are not keywords', () => {
    const r = run([
      ['a', '这个不能保证，您看看我们的课程安排'],
      ['c', '不能便宜点吗，课程安排发我看看'],
    ]);
    expect(r.keywords.map((k) => k.word)).not.toContain('不能');
  });
});
