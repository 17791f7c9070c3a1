import type { Speaker, TranscriptSegment } from '@crm/core';

/**
 * Text as the analyser matches it. ASR output has dropped or run-on punctuation, spaces between characters and
 * homophones (宝险 for 保险, 收意 for 收益). Matching runs on a canonical form: spaces and punctuation removed,
 * full-width letters and digits folded, lower case, and each character of a small homophone table replaced by the
 * first of its group. Patterns are folded the same way, so 保证收益 also finds 宝正收意. The groups leave out
 * characters whose folding would join two real words (司/私 would make 公司下 read 私下).
 */
const HOMOPHONES = [
  '保宝饱报',
  '证正症政',
  '益意义议异亿',
  '赚撰转',
  '赔陪培',
  '亏溃',
  '险显',
  '稳吻紊',
  '收首',
  '码马玛蚂',
  '密蜜秘',
  '账帐',
  '关观官',
  '机鸡',
  '停亭',
  '空孔',
  '号耗浩',
  '诉述',
  '扰绕饶',
  '经精',
  '需须',
  '兴性',
  '息熄细戏',
  '录路陆',
  '已以',
];
const FOLD = new Map<string, string>();
for (const group of HOMOPHONES) for (const ch of group) FOLD.set(ch, group[0]);

/** Characters that separate clauses (and are dropped from the canonical text). */
const PUNCT = /[\s，,。.！!？?；;：:、…~～—\-"“”'‘’()（）【】[\]《》<>·|/\\*#@&^_=+`]/;
const CLAUSE_BREAK = /[，,。！!？?；;：:、…~～]/;
const QUESTION_END = /(吗|么)[啊呀哈吧]?$/;
/**
 * 呢 ends questions (手续费呢, 怎么收费呢) and statements of what one is doing (我这边上班呢, 开车呢): a clause ending
 * in 呢 is a question when it holds a question word, or is short and not about the speaker.
 */
const NE_END = /呢[啊呀]?$/;
const QUESTION_WORD = /(什么|啥|怎么|咋|多少|几|哪|谁|为什么|是不是|有没有|能不能|可不可以|会不会|要不要|还是)/;

function endsAsQuestion(norm: string): boolean {
  if (QUESTION_END.test(norm)) return true;
  if (!NE_END.test(norm)) return false;
  return QUESTION_WORD.test(norm) || (norm.length <= 5 && !/^(我|在|正)/.test(norm) && !/[没不在着了还]/.test(norm));
}
/** Words that make a sentence a question even without a question mark (for counting questions). */
const ASKING =
  /(吗|呢|什么|怎么|多少|几[个点号天次岁年月]|哪|是不是|有没有|能不能|可不可以|会不会|要不要|行不行|好不好|对不对|方便不|可以不|为啥|咋)/;

export function isAsking(text: string): boolean {
  return /[？?]/.test(text) || ASKING.test(text);
}

/** Folds one character: full width to half width, upper to lower case, homophones to their group's first. */
function foldChar(ch: string): string {
  const code = ch.charCodeAt(0);
  let c = ch;
  if (code >= 0xff01 && code <= 0xff5e) c = String.fromCharCode(code - 0xfee0);
  c = c.toLowerCase();
  return FOLD.get(c) ?? c;
}

/** The canonical form of a phrase or a pattern (punctuation and spaces removed). */
export function canon(text: string): string {
  let out = '';
  for (const ch of text) if (!PUNCT.test(ch)) out += foldChar(ch);
  return out;
}

/** Folds the Chinese characters of a regular-expression source, leaving its syntax alone. */
export function canonPattern(source: string): string {
  let out = '';
  for (const ch of source) {
    const code = ch.charCodeAt(0);
    out += code >= 0x3400 && code <= 0x9fff ? foldChar(ch) : ch;
  }
  return out;
}

/** A compiled lexicon pattern over canonical text. */
export function lex(source: string): RegExp {
  return new RegExp(canonPattern(source), 'g');
}

/** Canonical text with, for each of its characters, where it came from in the original. */
export interface Folded {
  text: string;
  /** Index in the original text of each canonical character. */
  at: number[];
  /** Clause number of each canonical character (clauses are split by punctuation in the original). */
  clause: number[];
}

export function fold(original: string): Folded {
  let text = '';
  const at: number[] = [];
  const clause: number[] = [];
  let n = 0;
  let i = 0;
  for (const ch of original) {
    if (CLAUSE_BREAK.test(ch)) n++;
    else if (!PUNCT.test(ch)) {
      const f = foldChar(ch);
      text += f;
      for (let k = 0; k < f.length; k++) {
        at.push(i);
        clause.push(n);
      }
    }
    i += ch.length;
  }
  return { text, at, clause };
}

/** One clause of one segment: the unit lexicons are matched on. */
export interface Clause {
  seg: number;
  speaker: Speaker;
  startMs: number;
  endMs: number;
  /** The clause as said (trimmed). */
  text: string;
  /** Canonical form of the clause. */
  norm: string;
  /** Asked as a question (ends with ？, 吗, 呢 …). */
  question: boolean;
  /** Index of the clause in the whole call, in order. */
  index: number;
}

/** A segment with its clauses and canonical text. */
export interface Utterance {
  seg: number;
  segment: TranscriptSegment;
  folded: Folded;
  clauses: Clause[];
}

const SPLIT = /([^，,。！!？?；;…~～]+)([，,。！!？?；;…~～]*)/g;

export function prepare(segments: TranscriptSegment[]): { utterances: Utterance[]; clauses: Clause[] } {
  const utterances: Utterance[] = [];
  const clauses: Clause[] = [];
  segments.forEach((segment, seg) => {
    const own: Clause[] = [];
    for (const m of segment.text.matchAll(SPLIT)) {
      const text = m[1].trim();
      const norm = canon(text);
      if (!norm) continue;
      const question = /[？?]/.test(m[2]) || endsAsQuestion(norm);
      const clause: Clause = {
        seg,
        speaker: segment.speaker,
        startMs: segment.startMs,
        endMs: segment.endMs,
        text,
        norm,
        question,
        index: clauses.length,
      };
      own.push(clause);
      clauses.push(clause);
    }
    utterances.push({ seg, segment, folded: fold(segment.text), clauses: own });
  });
  return { utterances, clauses };
}

/** Words said only to fill or acknowledge: a segment made of them says nothing. */
export const FILLERS =
  /^(喂|嗯|啊|哦|噢|呃|额|诶|欸|唉|哎|嘿|哈|呀|哼|嗨|hello|hi|哈喽|你好|您好|是|是的|对|好|好的|行|那个|就是|然后|这个|ok|okay)+$/;

export function isFiller(norm: string): boolean {
  return norm.length === 0 || FILLERS.test(norm);
}

/** A literal phrase as a regular-expression source. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
