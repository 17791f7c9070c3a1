import { jieba } from '../../lib/analyser/keywords';

/**
 * Terms for the full-text index and for queries. A text is first normalised (full-width to half-width, lower case,
 * Chinese numbers before a measure word to digits, so 三个月 and 3个月 meet), then cut by jieba's search cut (a
 * long word and the shorter words inside it, so 试听课 is found by 试听 too), the words that say nothing in a question
 * dropped, and the Chinese characters and character pairs of each run of kept words added: a word jieba splits
 * differently in the question and the passage (定做衣柜 / 定做 衣柜), or a near word (分期 / 分几期), still meets on
 * its characters; their rarity (search.ts) keeps common characters from weighing much. Passages and questions
 * go through the same steps; the terms are space-joined into the 'simple' tsvector (no stemming, no dictionary: the
 * same on PGlite and PostgreSQL).
 */

/** Raised whenever the terms of a text change: passages made by an earlier version are made again (reindex job). */
export const TOKEN_VERSION = 1;

const STOP = new Set(
  (
    '的 了 是 在 和 与 及 或 也 都 就 还 又 吗 呢 吧 啊 呀 哦 嗯 么 么样 我 你 您 他 她 它 我们 你们 他们 这 那 这个 那个 ' +
    '这些 那些 什么 怎么 怎么样 怎样 如何 为什么 为何 哪 哪个 哪些 哪里 哪种 多少 几 是否 是不是 有没有 能不能 可不可以 可以 ' +
    '能 会 要 想 请问 请 一下 一个 有 没有 不 被 把 让 给 对 从 到 向 为 以 于 之 其 该 等 等等 ' +
    '如果 因为 所以 但是 而且 然后 时候 应该 需要 一般 的话 啥 咋 咱 咱们 为啥 咋办 怎么办 怎么说 行吗 好吗 对吗 ' +
    '还是 呢 嘛 哈 吗 啦 得 着 过 个 点 好点 大概 大约 一些 有点 比较 现在 已经 客户 顾客 问 说'
  ).split(' '),
);
const WORD = /[\p{L}\p{N}]/u;
const HAN = /^\p{Script=Han}+$/u;

const DIGIT: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
/** A Chinese number (up to 九千九百九十九) followed by a measure word or unit. */
const CN_NUMBER =
  /([零〇一二两三四五六七八九十百千]+)(?=[个年月天日周次节课岁人元块万千级期倍套间平米张份本门小分秒对])/g;

function cnToNumber(s: string): number | null {
  let total = 0;
  let digit = -1;
  for (const ch of s) {
    if (ch in DIGIT) {
      if (digit >= 0) return null; // 二三 (an approximate count), not a number
      digit = DIGIT[ch];
    } else {
      const unit = ch === '十' ? 10 : ch === '百' ? 100 : 1000;
      total += (digit < 0 ? 1 : digit) * unit;
      digit = -1;
    }
  }
  return total + (digit < 0 ? 0 : digit);
}

/**
 * The ways of asking (能不能, 是不是, 怎么办, 多少, 吗…): cut out before jieba, so that they neither glue to the words
 * around them (课能不能分期 → 课能 / 不能) nor count as words.
 */
const ASKING =
  /能不能|可不可以|是不是|有没有|会不会|要不要|行不行|好不好|怎么办|怎么样|怎么弄|怎么说|怎么|如何|为什么|为啥|咋办|咋|多少|哪些|哪个|哪种|哪里|请问|一下|[吗呢吧嘛啊呀哦]/g;

/** Full-width to half-width (NFKC), lower case, the ways of asking cut out, 三个月 → 3个月. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(ASKING, ' ')
    .replace(CN_NUMBER, (m, _g, at: number, all: string) => {
      // a lone 百 or 千 is a word (百万医疗), not a number
      const n = m === '百' || m === '千' ? null : cnToNumber(m);
      if (n === null) return m;
      return /[a-z0-9]/.test(all[at - 1] ?? '') ? ` ${n}` : String(n);
    });
}

const clean = (w: string) => w.replace(/['\\:&|!()<>*]/g, '').slice(0, 60);

/** jieba's words of a text (search cut), stop words dropped, in order, each kept once when `unique`. */
export function words(text: string, unique = false): string[] {
  const out: string[] = [];
  for (const raw of jieba().jieba.cutForSearch(normalise(text), true)) {
    const w = clean(raw.trim());
    if (!w || !WORD.test(w) || STOP.has(w)) continue;
    out.push(w);
  }
  return unique ? [...new Set(out)] : out;
}

/** The characters and character pairs of each run of kept Chinese words (a stop word or anything else ends a run). */
function pairs(text: string): string[] {
  const out: string[] = [];
  let run = '';
  const flush = () => {
    for (const ch of run) out.push(ch);
    for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
    run = '';
  };
  for (const raw of jieba().jieba.cut(normalise(text), true)) {
    const w = raw.trim();
    if (w && HAN.test(w) && !STOP.has(w)) run += w;
    else flush();
  }
  flush();
  return out;
}

/** The index or query terms of a text: words and character pairs, in order, each kept once when `unique`. */
export function terms(text: string, unique = false): string[] {
  const all = [...words(text), ...pairs(text)];
  return unique ? [...new Set(all)] : all;
}

/** The `tokens` column of a passage. */
export const tokensOf = (text: string): string => terms(text).join(' ');

/** A tsquery matching any of the terms (OR), quoted so that no term is read as an operator. */
export function anyWordQuery(ws: string[]): string {
  return ws.map((w) => `'${w}'`).join(' | ');
}
