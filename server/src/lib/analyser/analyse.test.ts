import { describe, expect, it } from 'vitest';
import { analyse } from './analyse';
import { DEFAULT_RULES } from './defaults';
import { call } from './testCall';

const run = (lines: Parameters<typeof call>[0]) => analyse(call(lines), DEFAULT_RULES);
const tags = (r: ReturnType<typeof run>) => r.tags.map((t) => t.tag);

describe('carrier announcements', () => {
  it.each([
    ['您好，您拨打的电话已关机。Sorry, the number you dialed is power off.', 8],
    ['对不起，您拨打的号码是空号，请查证后再拨', 10],
    ['您拨打的电话已停机', 9],
    ['您拨打的电话正在通话中，请稍后再拨', 5],
    ['您拨打的用户暂时无法接听', 6],
    ['您拨打的电话暂时无法接通，请稍后再拨', 7],
    ['您拨打的电话暂时无人接听，请稍后再拨', 4],
    ['Sorry, the subscriber you dialed is busy now, please redial later.', 5],
    ['the number you dialed does not exist', 10],
    ['您拨打的电话以关', 8],
    ['您拨打的电话暂时不方便接挺 请您稍后再播', 6],
  ])('%s → tag %i, no conversation', (text, tag) => {
    for (const who of ['a', 'c'] as const) {
      const r = run([
        ['a', '喂'],
        [who, text],
      ]);
      expect(r.conversation).toBe(false);
      expect(r.intention).toBeNull();
      expect(tags(r)).toEqual([tag]);
      expect(r.churnRisk).toBeNull();
      expect(r.aiLabels).toEqual([5]);
      expect(r.summary).toContain('未接通');
    }
  });

  it('the agent alone saying 喂 into silence is tag 4', () => {
    const r = run([
      ['a', '喂？喂？'],
      ['a', '喂，听得到吗'],
    ]);
    expect(r.conversation).toBe(false);
    expect(tags(r)).toEqual([4]);
  });

  it('ringback lyrics before an announcement are not a conversation', () => {
    const r = run([
      ['c', '走过春天的花海 等你回来'],
      ['c', '您好，您拨打的电话暂时无人接听，请稍后再拨'],
    ]);
    expect(r.conversation).toBe(false);
    expect(tags(r)).toEqual([4]);
  });

  it('a customer who mentions a switched-off phone is a conversation', () => {
    const r = run([
      ['a', '喂您好，王先生吗，刚才给您打电话关机了'],
      ['c', '对，我刚才手机关机了，你找我什么事'],
    ]);
    expect(r.conversation).toBe(true);
    expect(tags(r)).toEqual([]);
  });

  it('voicemail and IVR menus are invalid, not complaints', () => {
    const voicemail = run([
      ['c', '您好，您拨打的电话已转入语音信箱，请在嘀声后留言'],
      ['a', '喂您好，我是恒信银行的小何，麻烦您回个电话'],
    ]);
    expect(voicemail.intention).toBe('invalid');
    const ivr = run([
      ['c', '欢迎致电绿城物业，报修请按一，投诉建议请按三'],
      ['a', '这是个总机啊'],
    ]);
    expect(ivr.intention).toBe('invalid');
    expect(ivr.potentialComplaint).toBe(false);
    expect(tags(ivr)).toEqual([]);
  });
});

describe('intention', () => {
  it('strong: the customer agrees to a time the agent proposed', () => {
    const r = run([
      ['a', '您好，我是星辰教育的课程顾问小王，我们有免费的试听课'],
      ['c', '哦，多少钱一节啊'],
      ['a', '正式课一百二一节，您看这周六上午十点带孩子过来试听一下？'],
      ['c', '行，那就周六上午'],
    ]);
    expect(r.intention).toBe('strong');
    expect(r.intentionDegree).toBeGreaterThanOrEqual(80);
    expect(r.aiLabels).toEqual([1]);
    expect(r.intentionEvidence.length).toBeGreaterThan(0);
    expect(r.fields.find((f) => f.key === 'nextStep')).toBeDefined();
  });

  it('general: asks the price and for materials, no commitment', () => {
    const r = run([
      ['a', '您好，我们是做全屋定制的，最近有活动'],
      ['c', '你们那个板材什么价位'],
      ['a', '一平米六百八起'],
      ['c', '那你先把资料发我微信吧，我考虑一下'],
    ]);
    expect(r.intention).toBe('general');
    expect(r.aiLabels).toEqual([2]);
  });

  it('none with tag 1: an explicit refusal', () => {
    const r = run([
      ['a', '您好，我是平安保险的，给您介绍一款重疾险'],
      ['c', '不需要，谢谢'],
    ]);
    expect(r.intention).toBe('none');
    expect(tags(r)).toEqual([1]);
    expect(r.aiLabels).toEqual([3]);
  });

  it('hesitation is not a refusal', () => {
    const r = run([
      ['a', '您好，我们这个课程现在报名有八折'],
      ['c', '嗯，我再考虑一下吧'],
    ]);
    expect(tags(r)).not.toContain(1);
  });

  it('double negatives and questions are not refusals', () => {
    for (const said of [
      '我不是不需要，就是现在有点忙',
      '我没说不要啊，你接着说',
      '那不需要交押金吗？',
      '要不要先交定金',
    ]) {
      const r = run([
        ['a', '您好，给您介绍一下我们的宽带套餐'],
        ['c', said],
      ]);
      expect(tags(r), said).not.toContain(1);
    }
  });

  it('the agent quoting a refusal does not make the customer refuse', () => {
    const r = run([
      ['a', '您刚才说不需要，是已经有宽带了吗？'],
      ['c', '对，我想问问你们的价格'],
    ]);
    expect(tags(r)).not.toContain(1);
    expect(r.intention).toBe('general');
  });

  it('complaint: a threat to report, with tag 2 and AI label 4', () => {
    const r = run([
      ['a', '您好，我是融信金服的，您有贷款需求吗'],
      ['c', '你们一天打八个电话，这就是骚扰，再打我就打12315举报你们'],
    ]);
    expect(r.intention).toBe('complaint');
    expect(r.potentialComplaint).toBe(true);
    expect(tags(r)).toContain(2);
    expect(r.aiLabels).toContain(4);
    expect(r.risk).toBe(true);
  });

  it('a complaint threat without the word 投诉', () => {
    const r = run([
      ['a', '您好，装修需要了解一下吗'],
      ['c', '你们这是骚扰你知道吗，把我号码删了，别再打了'],
    ]);
    expect(r.potentialComplaint).toBe(true);
  });

  it('not a complaint: 我不是要投诉', () => {
    const r = run([
      ['a', '您好，这边是售后回访'],
      ['c', '我不是要投诉你们，就是问问那个保修期多长时间'],
    ]);
    expect(r.potentialComplaint).toBe(false);
  });

  it('mismatch: wrong person, with tag 3', () => {
    const r = run([
      ['a', '喂，请问是张伟先生吗'],
      ['c', '不是，你打错了，我不姓张'],
    ]);
    expect(r.intention).toBe('mismatch');
    expect(tags(r)).toEqual([3]);
  });

  it('only the customer counts: the agent saying 投诉 is not a complaint', () => {
    const r = run([
      ['a', '您好，如果您对服务不满意可以投诉我，我们有专门的投诉渠道'],
      ['c', '好的，知道了'],
    ]);
    expect(r.potentialComplaint).toBe(false);
  });

  it('organisation intention phrases add to the lexicon', () => {
    const rules = { ...DEFAULT_RULES, intentionPhrases: { strong: ['开通年卡'] } };
    const r = analyse(
      call([
        ['a', '您好，健身房年卡活动'],
        ['c', '我要开通年卡'],
      ]),
      rules,
    );
    expect(r.intention).toBe('strong');
  });
});

describe('churn risk, flags, keywords, fields, summary', () => {
  it('churn rises with refund and competitor signals', () => {
    const calm = run([
      ['a', '您好，会员续费提醒'],
      ['c', '好的，我回头续'],
    ]);
    const leaving = run([
      ['a', '您好，会员续费提醒'],
      ['c', '不续了，你们服务太差，我要退款，别家便宜多了'],
    ]);
    expect(calm.churnRisk).toBeLessThan(30);
    expect(leaving.churnRisk).toBeGreaterThanOrEqual(70);
    expect(leaving.risk).toBe(true);
    expect(leaving.churnEvidence.length).toBeGreaterThan(0);
  });

  it('flags 1 and 2 from speech rate and talk share', () => {
    const lines: ['a' | 'c', string][] = [];
    for (let i = 0; i < 12; i++)
      lines.push(['a', '我跟您说我们这个产品真的非常好用而且价格也很便宜您一定要试一试'], ['c', '嗯']);
    const fast = analyse(call(lines, 120), DEFAULT_RULES);
    expect(fast.flags & 1).toBe(1);
    expect(fast.flags & 2).toBe(2);
    const slow = analyse(call(lines, 230), DEFAULT_RULES);
    expect(slow.flags & 1).toBe(0);
  });

  it('keywords come from the call and include hot words said', () => {
    const rules = { ...DEFAULT_RULES, hotWords: ['少儿编程', '从没说过'] };
    const r = analyse(
      call([
        ['a', '您好，我们少儿编程有体验课，乐高机器人和Python都有'],
        ['c', '少儿编程学费多少，乐高机器人适合几岁'],
      ]),
      rules,
    );
    const words = r.keywords.map((k) => k.word);
    expect(words).toContain('少儿编程');
    expect(words).not.toContain('从没说过');
    expect(r.keywords.find((k) => k.word === '少儿编程')?.hot).toBe(true);
    expect(words).not.toContain('您好');
    expect(r.keywords.length).toBeLessThanOrEqual(10);
  });

  it('fields: budget, decision maker, objections, competitor', () => {
    const r = run([
      ['a', '您好，您家装修预算大概多少'],
      ['c', '预算十五万左右吧，不过这个得跟我老公商量'],
      ['c', '主要是担心你们工期太长'],
      ['c', '东易日盛家的报价便宜一点'],
    ]);
    const field = (k: string) => r.fields.find((f) => f.key === k)?.value;
    expect(field('budget')).toBe('十五万左右');
    expect(field('decisionMaker')).toBe('老公');
    expect(field('objections')).toContain('担心');
    expect(field('competitor')).toBe('东易日盛');
    expect(r.fields.find((f) => f.key === 'budget')?.evidence[0].speaker).toBe('customer');
  });

  it('summary names the caller and stays short', () => {
    const r = run([
      ['a', '您好，我是星辰教育的课程顾问小王，给您介绍一下少儿编程的体验课'],
      ['c', '多少钱啊，你把资料发我看看'],
    ]);
    expect(r.summary).toContain('星辰教育');
    expect(r.summary.length).toBeLessThanOrEqual(120);
  });

  it('the summary of an announcement keeps the text as said, English spaces included', () => {
    const english = run([['c', 'Sorry, the subscriber you dialed is power off.']]);
    expect(english.summary).toContain('Sorry, the subscriber you dialed is power off.');
    const both = run([['c', '您 拨 打 的 用 户 已 关 机 Sorry, the subscriber you dialed is power off.']]);
    expect(both.summary).toContain('您拨打的用户已关机 Sorry, the subscriber you dialed');
  });

  it('custom tags match their speaker', () => {
    const rules = {
      ...DEFAULT_RULES,
      customTags: [
        { id: 1, name: '提到价格', keywords: ['多少钱'], speaker: 'customer' as const },
        { id: 2, name: '销售提价格', keywords: ['多少钱'], speaker: 'agent' as const },
      ],
    };
    const r = analyse(
      call([
        ['a', '您好'],
        ['c', '这个多少钱'],
      ]),
      rules,
    );
    expect(r.customTags.map((t) => t.id)).toEqual([1]);
  });
});

describe('figures', () => {
  it('talk time, monologue, interruptions, silences, questions, sentiment', () => {
    const r = analyse(
      {
        durationMs: 30_000,
        segments: [
          { speaker: 'agent', startMs: 0, endMs: 4000, text: '您好，请问是王先生吗？' },
          { speaker: 'agent', startMs: 4200, endMs: 9000, text: '我们这边有个活动想跟您介绍一下' },
          { speaker: 'customer', startMs: 8500, endMs: 11_000, text: '挺好的，多少钱？' },
          { speaker: 'agent', startMs: 15_000, endMs: 18_000, text: '九十九一个月' },
          { speaker: 'customer', startMs: 18_500, endMs: 20_000, text: '不错，谢谢你' },
        ],
      },
      DEFAULT_RULES,
    );
    const f = r.figures;
    expect(f.durationMs).toBe(30_000);
    expect(f.agentTalkMs).toBe(11_800);
    expect(f.customerTalkMs).toBe(4000);
    expect(f.agentTalkRatio).toBeCloseTo(11.8 / 15.8, 2);
    expect(f.longestMonologueMs).toBe(9000);
    expect(f.longestMonologueSpeaker).toBe('agent');
    expect(f.interruptions).toBe(1);
    expect(f.silencesOver3s).toBe(1);
    expect(f.longestSilenceMs).toBe(4000);
    expect(f.agentQuestions).toBe(1);
    expect(f.customerQuestions).toBe(1);
    expect(f.agentTurns).toBe(2);
    expect(f.customerTurns).toBe(2);
    expect(f.customerSentimentLabel).toBe('positive');
    expect(f.agentCharsPerMinute).toBeGreaterThan(0);
  });

  it('an empty transcript gives empty figures and no conversation', () => {
    const r = analyse({ durationMs: 5000, segments: [] }, DEFAULT_RULES);
    expect(r.conversation).toBe(false);
    expect(r.figures.agentTalkRatio).toBeNull();
    expect(r.figures.agentCharsPerMinute).toBeNull();
  });
});
