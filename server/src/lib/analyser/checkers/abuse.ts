import { sound } from '../normalise';
import { canonPattern } from '../text';
import type { Checker, Violation } from '../types';
import { foldedOf, saidWords, violationAt } from './context';

/** The violation name of abuse (DEFAULT_RULES has abuse on; the organisation's switch turns it off). */
export const ABUSE_RULE = '辱骂客户';

const re = (source: string) => new RegExp(canonPattern(source), 'g');

/**
 * Insults and swearing aimed at the person on the line. Words that are insults only in some uses are bound to
 * their insulting form: 滚 alone or as 滚蛋 (not 利滚利, 滚动), 有病 as 你有病 / 有病吧 (not 家里有病人), 蠢 as 蠢货
 * / 你蠢 (not 单纯).
 */
const INSULTS = re(
  [
    '傻逼|傻b|傻x|煞笔|沙比|傻叉|sb(?![a-z])|脑残|智障|白痴|弱智|(?<!蠢)蠢(?!蠢)|废物|窝囊废|饭桶',
    '神经病|发神经|(你|您)(是不是)?神经(啊|吧|呀|$)|^神经$|(你|您)(是不是|是)?有病|有病(吧|啊|呀)|有毛病(吧|啊)?|(你|您)(是不是)?(脑子|脑袋)(有|进|坏|被)|脑子有(问题|病|坑)|脑子进水|猪脑子|(你|您)是猪',
    '(你|您|给我|赶紧|快点?)滚(?![动筒利雪烫圆轮床])|^滚(吧|啊|呀|开|出去|蛋)*(你)?$|滚(蛋|犊子|一边去|远点)|死开|去死|找死|该死的',
    '他妈的?|tmd|妈的|你妈|操你|草你|日你|卧槽你|狗东西|老东西|不要脸|贱人|犯贱|真贱|穷鬼|穷逼|穷光蛋|没文化|土鳖|乡巴佬|二百五|王八蛋|混蛋|狗日的|畜生|人渣',
    '(你|您)(是不是)?傻(吗|啊|呀|了|$)|傻不傻|聋了|你聋|瞎了吗|你瞎|没脑子|去你(妈|的)|哪根葱|老子(不|才|懒得)|屁事|你懂个屁|懂个屁|放屁|闭嘴|你算什么东西|你算老几|什么东西你|(你|您)(是|算)什么玩意|(没钱|穷|买不起)(就|还)?(别|不要|装|问|打听)',
    // Slow, rude or shameless: 笨得要命, 不识好歹, 脑子不清楚, 听不懂人话.
    '笨蛋|笨死|笨得|(真|太|好|你|您|这么|那么|咋这么|怎么这么)笨(?!重|拙|鸟)|蠢货|蠢猪|蠢驴|不识好歹|不识抬举|给脸不要脸|蹬鼻子上脸|没素质|没教养|没家教|缺心眼|缺根筋|少根筋|脑子(坏掉|坏了|秀逗|瓦特)|听不懂人话|不说人话|丢人现眼|臭不要脸|要不要脸|老不死|(真是|就是|你)(个)?奇葩|(买|装|用|住|交)得起(吗|么|嘛)|什么玩意儿?你|脑子(是不是)?不(清楚|好使|灵光|够用|正常)',
    // Dialect insults: 瓜娃子, 脑壳有包 (Sichuan), 虎了吧唧, 山炮 (north-east), 戆度, 十三点 (Shanghai), 痴线, 扑街 (Cantonese).
    '瓜娃子|瓜兮兮|瓜批|哈批|憨批|憨包|龟儿子|懂个锤子|脑壳(有包|有问题|进水|坏了|昏)|虎了吧[唧叽]|虎逼|虎b|(这么|真|太|咋这么|那么|贼)虎(呢|啊|吧|了|$)|山炮|彪子|傻帽|二货|二逼|戆度|(你|真|个|是)十三点|瘪三|痴线|扑街|冚家铲|蠢才',
    // Looking down on the customer's money: 穷得装不起, 买不起就别问.
    '穷(得|的)?.{0,3}(买|装|用|交|付|住|看|消费)不起|(买|装|用|交|付)不起(就|还)(别|直说|不要|装|来)|穷得叮当响|穷.{0,6}还(用|买|想|装|学|看)',
    // Contempt for the customer: 你们这些老赖, 脸都不要了, 你们这种家长我见多了.
    '老赖|活该|(你|您)有没有脑子|没长脑子|脸(都|也)不要了|(你们|你)这(种|样的|号)[^，]{0,6}(我|我们)见(得)?多了',
  ].join('|'),
);

/** Swearing as an exclamation (妈的, 卧槽): abuse of the customer unless it is aimed at a thing. */
const EXPLETIVE = new RegExp(canonPattern('^(他妈的?|妈的|tmd|卧槽|我靠|该死的)$'));
/** A thing the agent is cursing at: the computer froze, the line dropped. */
const OBJECT = new RegExp(
  canonPattern(
    '电脑|系统|网络|网速|这网|断网|又断|断了|机器|死机|卡住|卡死|又卡|崩了|打印机|耳机|信号|软件|鼠标|键盘|掉线|断线|破玩意|这玩意|破',
  ),
);
/** Somebody else is the target: 那家店的销售就是一帮傻X, 他们那边…; and the agent running themself down. */
const THIRD_PARTY = new RegExp(
  canonPattern(
    '他们|她们|那(家|个|帮|些|边|伙|人)|这帮|这些人|一帮|一群|有些|有的|某些|别家|同行|隔壁|对面|人家|老板|领导|经理|主管|(他|她)(就|真|也|是)',
  ),
);
const SELF = new RegExp(canonPattern('(我|我这|我自己)(真是|真|就是|是|这)?(个)?$'));
const SECOND_PERSON = new RegExp(canonPattern('你|您'));
/** Said to a colleague, not to the customer: 小王你个猪脑子, 组长那边…. */
const COLLEAGUE = new RegExp(
  canonPattern(
    '小[王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文]|同事|组长|主管|兄弟们|旁边|那个谁|隔壁',
  ),
);
/** The agent repeating what was said to them, or telling of somebody else: 您说我有病…, 上次有个客户骂我…. */
/** Talking to somebody in the room while on the phone: 小点声, 我这打电话呢. */
const ASIDE = new RegExp(
  canonPattern('小点声|小声点|别吵|安静点|(我|我这|我这儿|我正)(在)?打(着)?电话(呢)|没看我在打电话'),
);
const REPORTED = new RegExp(
  canonPattern('(您|你)(刚才)?(说|骂)(我)?|骂(我|人)|说我|别人说|有人说|不是说|没说|不是骂|我不是(说|骂)'),
);

/** Insults unambiguous enough to be matched by their sound alone (two or more syllables). */
const SOUND_INSULTS = [
  '傻逼',
  '煞笔',
  '白痴',
  '弱智',
  '脑残',
  '智障',
  '废物',
  '蠢货',
  '神经病',
  '滚蛋',
  '贱人',
  '人渣',
  '垃圾东西',
];
let soundRe: RegExp | null = null;
function soundInsults(): RegExp {
  soundRe ??= new RegExp(SOUND_INSULTS.map((w) => sound(w)).join('|'), 'g');
  soundRe.lastIndex = 0;
  return soundRe;
}

/**
 * A sound-alike is an insult only when said to somebody or as the clause's last word (你个沙比, 真是个白吃): inside
 * a sentence the same sounds are ordinary words (一百次, 只涨不跌, 丽江人保, 加人减人).
 */
function soundAimed(clause: string, after: string): boolean {
  return SECOND_PERSON.test(clause) || /^[吧啊呀吗嘛了哦呢]{0,2}$/.test(after);
}
/** 你妈的身份证: a possessive before a noun, not swearing. */
const POSSESSED = new RegExp(
  canonPattern('^的?(身份|名字|电话|手机|卡|证|年纪|年龄|情况|病|保险|保单|意见|账|号|医保|社保|房|钱|生日|住址|地址)'),
);

/** Abuse of the customer by the agent (rule 辱骂客户, flag 4). Off when the organisation turned abuse off. */
export const abuseChecker: Checker = {
  name: 'abuse',
  check({ segments, rules }) {
    if (!rules.abuse) return [];
    const out: Violation[] = [];
    for (let seg = 0; seg < segments.length; seg++) {
      const segment = segments[seg];
      if (segment.speaker !== 'agent') continue;
      const folded = foldedOf(segment);
      for (const [from, to] of clauseRanges(folded.clause)) {
        const clauseText = folded.text.slice(from, to);
        if (COLLEAGUE.test(clauseText) || ASIDE.test(folded.text)) continue;
        const matches = [...clauseText.matchAll(INSULTS)];
        // Spelt another way (傻比, 沙逼, 白吃): the core insults matched by sound (normalise.ts), same positions.
        const bySound = !matches.length;
        if (bySound) matches.push(...sound(clauseText).matchAll(soundInsults()));
        for (const m of matches) {
          const length = m[0].length;
          if (!length) continue;
          const at = from + (m.index ?? 0);
          const before = folded.text.slice(Math.max(from, at - 6), at);
          const after = folded.text.slice(at + length, to);
          if (REPORTED.test(before) || SELF.test(before)) continue;
          if (bySound && !soundAimed(clauseText, after)) continue;
          if (POSSESSED.test(after) && /妈/.test(m[0])) continue;
          if (!aimedAtCustomer(m[0], folded.text.slice(from, at), clauseText, folded.text)) continue;
          out.push(
            violationAt({ name: ABUSE_RULE }, 'abuse', seg, segment, saidWords(segment, folded, { at, length })),
          );
        }
      }
    }
    return out;
  },
};

/**
 * Whether an insult found in a clause is aimed at the person on the line: not when the clause names somebody else
 * before it and never addresses the customer (城东那家店的销售就是一帮傻X), nor when an exclamation curses a thing
 * (这破电脑又卡住了，妈的).
 */
function aimedAtCustomer(words: string, before: string, clause: string, segment: string): boolean {
  const addressed = SECOND_PERSON.test(clause);
  if (!addressed && THIRD_PARTY.test(before)) return false;
  if (!addressed && EXPLETIVE.test(words) && OBJECT.test(segment)) return false;
  return true;
}

/** [start, end) of each clause in folded text, from the clause number of each character. */
function clauseRanges(clause: number[]): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  for (let i = 1; i <= clause.length; i++) {
    if (i === clause.length || clause[i] !== clause[i - 1]) {
      out.push([start, i]);
      start = i;
    }
  }
  return out;
}
