import type { Utterance } from './text';
import { canonPattern, isFiller } from './text';

/**
 * Carrier and system announcements. Operators speak them in Chinese, often followed by the English version; the
 * recording may catch only the start or only the English tail, ASR misspells them (以关机, 空耗), and they may land
 * in either speaker channel. Patterns run on the canonical text (Chinese, no spaces) and on the lower-case text
 * with single spaces (English).
 */
interface AnnouncementRule {
  tag: number;
  zh: RegExp;
  en: RegExp;
}
const zh = (source: string) => new RegExp(canonPattern(source));

// Most specific first: a number that does not exist, suspended, switched off, declined, busy, unreachable, no answer.
const RULES: AnnouncementRule[] = [
  {
    tag: 10,
    zh: zh(
      '空号|是空[耗浩好]|号码不存在|不存在的?号码|号码有误|号码不正确|不是有效的?号码|查证后?再?[拨播打]|核对后再?[拨播打]|请查证',
    ),
    en: /does ?n[o']?t exist|not exist|is not in service|not a valid|invalid number|is vacant|check the number|check and dial/,
  },
  {
    tag: 9,
    zh: zh('停机|欠费|已停[止用]?服务|暂停服务|停止服务|限制呼入|呼入限制|[已以]停$'),
    en: /suspended|barred|out of service|has been (stopped|disconnected)|been terminated/,
  },
  {
    tag: 8,
    zh: zh('关机|[已以]关[机鸡]?$|关[闭了]手机'),
    en: /power(ed)? ?off|switched off|turned off|is off\b/,
  },
  {
    tag: 6,
    zh: zh('拒接|拒绝接[听挺厅停庭]|对方(已)?(拒绝|挂断)|拒绝了您的|(无法|不能|不方便|不便)接[听挺厅停庭]|暂时无法接$'),
    en: /can ?not answer|can't answer|unable to answer|declined|rejected|refused|not (be )?answer(ed)? (your|the) call/,
  },
  {
    tag: 5,
    zh: zh('正在通[话化画]|通[话化画]中|用户正忙|用户忙|正忙|忙线|占线|线路忙|线路繁忙|[拨的](电话|用户|号码)正在$'),
    en: /\bbusy\b/,
  },
  {
    tag: 7,
    zh: zh('无法接[通痛同]|不能接通|没法接通|接不通|不在服务[区器曲]|服务区外|暂时无法$|无法连接|网络忙'),
    en: /can ?not be connected|can't be connected|unable to (be )?connect|be reached|unreachable|unavailable|not reachable|out of (the )?service area|out of range|not available/,
  },
  {
    tag: 4,
    zh: zh('无人接[听挺厅停庭]|没人接|无人应答|暂时无人|无应答'),
    en: /no answer|not answer|no one answer|nobody answer|no reply|not respond|no response/,
  },
];

/** The opening of an announcement, with no decisive word yet (a cut-off recording). */
const OPENING_ZH = zh('[您你]?拨[打叫]?的(电话|号码|用户|手机)|请稍后再?[拨播打]|稍后再拨|对不起.{0,4}拨');
const OPENING_EN =
  /(number|subscriber|phone|user|party) you (have )?(dial|call)|sorry.{0,20}(dial|number)|please (try|call|redial|dial)( again)? later/;

/** Connected, but not to a person one can do business with: voicemail, a screening assistant, a fax, an IVR menu. */
const MACHINE_ZH = zh(
  '留言信箱|语音信箱|口讯|留低|[嘟嘀滴哔]一声(之后|后)|语音留言|提示音后|嘀声后|滴声后|请留言|留下您的(留言|姓名)|智能助理|来电助手|语音助手|通话助理|秘书服务|机主(暂时|现在|目前)?(不方便|无法|没空|忙)|我是机主的(智能|语音|通话|私人|来电|电话)?(助理|助手|秘书)|请按[0-9一二三四五六七八九零井星#*]|按[0-9一二三四五六七八九零井星#*]键?(转|进入|查询|返回|重听)|转人工|人工服务请按|(欢迎致电|欢迎来电).{0,30}(请按|按[0-9一二三四五六七八九零])|传真机|传真号|(这是|这里是).{0,4}传真|自助语音',
);
const MACHINE_EN =
  /voice ?mail|leave (a|your) message|after the (tone|beep)|(personal|call|virtual) assistant|\bfax\b|please press|press (one|two|zero|\d)/;

export interface Announcement {
  tag: number;
  seg: number;
}

/** Words an operator's recording never says: a short sentence with them is a person talking about their phone. */
const PERSONAL = /我|咱|你们|啥|什么|刚才|一下/;

/** Speech of a person: Chinese words, or the few English words callees say; English fragments are announcements. */
const SPOKEN = /[\u4e00-\u9fff]|\b(hello|hi|yes|yeah|ok|okay)\b/i;

function englishOf(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ');
}

/** The announcement tag a segment carries, 0 when it is an announcement opening without a tag, null when none. */
function announcementTag(norm: string, english: string): number | null {
  for (const r of RULES) {
    const hasOpening = OPENING_ZH.test(norm) || OPENING_EN.test(english);
    if (r.zh.test(norm) && (hasOpening || (norm.length <= 24 && !PERSONAL.test(norm)))) return r.tag;
    if (r.en.test(english)) return r.tag;
  }
  if (OPENING_ZH.test(norm) || OPENING_EN.test(english)) return 0;
  return null;
}

export interface ConnectionVerdict {
  /** A person answered and spoke. */
  conversation: boolean;
  /** A machine answered: voicemail, screening assistant, IVR. */
  machine: boolean;
  /** Carrier tag 4-10 when no conversation took place. */
  tag: number | null;
  /** Segments that hold the announcement (evidence). */
  segments: number[];
}

/**
 * Whether anybody answered. A segment is part of an announcement when it matches one; the customer spoke when a
 * customer segment (or, with no customer segments, an agent segment that is not the opening words) says something
 * that is not an announcement. Nobody answering, or the agent alone saying 喂 into silence, is tag 4.
 */
export function connection(utterances: Utterance[]): ConnectionVerdict {
  const tags: Announcement[] = [];
  const announced = new Set<number>();
  const hasCustomer = utterances.some((u) => u.segment.speaker === 'customer');
  let machine = false;
  /** Start of the last customer speech that is neither an announcement nor a machine. */
  let lastCustomerSpeech = -1;
  for (const u of utterances) {
    const norm = u.folded.text;
    const english = englishOf(u.segment.text);
    if (MACHINE_ZH.test(norm) || MACHINE_EN.test(english)) {
      announced.add(u.seg);
      if (u.segment.speaker === 'customer' || !hasCustomer) machine = true;
      continue;
    }
    const tag = announcementTag(norm, english);
    if (tag !== null) {
      announced.add(u.seg);
      if (tag > 0) tags.push({ tag, seg: u.seg });
      continue;
    }
    if (u.segment.speaker === 'customer' && SPOKEN.test(u.segment.text))
      lastCustomerSpeech = Math.max(lastCustomerSpeech, u.segment.startMs);
  }
  const segments = [...announced].sort((a, b) => a - b);
  if (machine) return { conversation: true, machine: true, tag: null, segments };
  // An operator's announcement ends a call nobody answered: customer-side sound before it is a ringback tone
  // (彩铃 lyrics, a company's jingle), not a person.
  const firstTagged = tags.length ? Math.min(...tags.map((t) => utterances[t.seg].segment.startMs)) : null;
  const answered = lastCustomerSpeech >= 0 && (firstTagged === null || lastCustomerSpeech > firstTagged);
  if (answered) return { conversation: true, machine: false, tag: null, segments: [] };
  if (tags.length) {
    const rank = (tag: number) => RULES.findIndex((r) => r.tag === tag);
    const best = tags.reduce((a, b) => (rank(b.tag) < rank(a.tag) ? b : a));
    return { conversation: false, machine: false, tag: best.tag, segments: tags.map((t) => t.seg) };
  }
  if (announced.size) return { conversation: false, machine: false, tag: 7, segments };
  // Only the agent's voice. A long agent-only transcript is a mono recording nobody split: treat it as a call.
  const agentChars = utterances.reduce((n, u) => n + (isFiller(u.folded.text) ? 0 : u.folded.text.length), 0);
  if (agentChars > 150) return { conversation: true, machine: false, tag: null, segments: [] };
  return { conversation: false, machine: false, tag: 4, segments: utterances.map((u) => u.seg) };
}
