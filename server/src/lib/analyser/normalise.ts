import { pinyin } from 'pinyin-pro';
import { canon } from './text';

/**
 * Layer 1 of the analyser: normalisation before any matching (issue 23). `canon` (text.ts) already drops spaces and
 * punctuation, folds full width, case and a few homophones. This adds:
 * - a map of dialect and colloquial forms of yes, no, later, too expensive and not interested onto standard words,
 *   of the same length, so that positions in the text still point at the words as said (`dialect`);
 * - pinyin folding (pinyin-pro): every Chinese character becomes the code of its toneless syllable, with the
 *   near-homophones of southern accents joined (zh/z, ch/c, sh/s, n/l, -ng/-n), so that 傻比, 沙逼 and 煞笔 read
 *   alike without a table of misspellings (`sound`; same length as its input);
 * - for the learned layer, fillers dropped, numerals as digits and repeated characters collapsed (`forModel`).
 * No rule depends on punctuation: all of them run on these forms.
 */
const DIALECT: [RegExp, string][] = [
  // no / not interested
  [/勿要|唔要|弗要|覅要/g, '不要'],
  [/唔使|唔洗|冇使|甭用/g, '不用'],
  [/莫得|冇得|冇有|没得/g, '没有'],
  [/不得行|要不得|使不得/g, '不可以'],
  [/拉倒吧/g, '算了吧'],
  [/拉倒/g, '算了'],
  [/甭/g, '别'],
  [/冇/g, '没'],
  [/唔/g, '不'],
  [/覅/g, '不'],
  [/莫个|莫打|莫再/g, (s: string) => `别${s.slice(1)}`] as unknown as [RegExp, string],
  // yes
  [
    /要得|得行|中嘞|没得问题/g,
    (s: string) => (s.length === 2 ? '好的' : s === '中嘞' ? '好的' : '没有问题'),
  ] as unknown as [RegExp, string],
  [/系咪/g, '是吗'],
  [/晓得/g, '知道'],
  // later
  [/改天再讲|回头再讲|过两天再讲/g, (s: string) => `${s.slice(0, -1)}说`] as unknown as [RegExp, string],
  [/再讲吧/g, '再说吧'],
  // too expensive
  [/忒贵|贼贵|死贵|老贵|巨贵|蛮贵|好贵|咁贵/g, '太贵'],
  [/贵得很|贵死了|贵惨了/g, '太贵了'],
  // what / how
  [/啥子/g, '什么'],
  [/咋个/g, '怎么'],
  // Cantonese words and days, so that the rules' patterns read 今日唔落订听日就冇啦, 转俾我 and 唔会蚀
  [/今日/g, '今天'],
  [/听日/g, '明天'],
  [/而家/g, '现在'],
  [/只系/g, '只是'],
  [/俾|畀/g, '给'],
  [/蚀/g, '亏'],
  // Wu: 侬 you, 弗 / 勿 not (勿会亏个 is 不会亏)
  [/侬/g, '你'],
  [/弗|勿/g, '不'],
  [/嘅/g, '的'],
  [/咗/g, '了'],
];

/** Any dialect form at all: most sentences have none and skip the table. */
const ANY_DIALECT = new RegExp(DIALECT.map(([re]) => re.source).join('|'));

/** Dialect and colloquial forms onto standard words (same length), over canonical text. */
export function dialect(norm: string): string {
  if (!ANY_DIALECT.test(norm)) return norm;
  let out = norm;
  for (const [re, to] of DIALECT) {
    re.lastIndex = 0;
    if (!re.test(out)) continue;
    re.lastIndex = 0;
    out = out.replace(re, (m) => {
      const r = typeof to === 'function' ? (to as (s: string) => string)(m) : to;
      return r.length === m.length ? r : m;
    });
  }
  return out;
}

const NEAR: [RegExp, string][] = [
  [/^zh/, 'z'],
  [/^ch/, 'c'],
  [/^sh/, 's'],
  [/^n(?=[aeiou])/, 'l'],
  [/ng$/, 'n'],
];
const syllableCode = new Map<string, string>();
const charCode = new Map<string, string>();
const HAN = /[\u3400-\u9fff]/;

/** The code of a character's sound: one private-use character per folded syllable; other characters as they are. */
function soundOf(ch: string): string {
  let code = charCode.get(ch);
  if (code !== undefined) return code;
  if (!HAN.test(ch)) code = ch;
  else {
    let py = pinyin(ch, { toneType: 'none', type: 'string', v: true }) || ch;
    for (const [re, to] of NEAR) py = py.replace(re, to);
    code = syllableCode.get(py);
    if (!code) {
      code = String.fromCharCode(0xe000 + syllableCode.size);
      syllableCode.set(py, code);
    }
  }
  charCode.set(ch, code);
  return code;
}

/** The text with every Chinese character replaced by the code of its (near-)homophone group; same length. */
export function sound(text: string): string {
  let out = '';
  for (const ch of text) out += soundOf(ch);
  return out;
}

/** A regular-expression source with its Chinese characters folded by sound (syntax left alone). */
export function soundPattern(source: string): string {
  let out = '';
  for (const ch of canonPatternChars(source)) out += HAN.test(ch) ? soundOf(ch) : ch;
  return out;
}

function canonPatternChars(source: string): string[] {
  return [...source];
}

const FILLER = /[嗯啊呃额哦噢诶欸唉哎呀吧呢嘛哈啦咯喔]|那个|就是说|然后呢/g;
const NUMERAL: Record<string, string> = {
  零: '0',
  一: '1',
  二: '2',
  两: '2',
  三: '3',
  四: '4',
  五: '5',
  六: '6',
  七: '7',
  八: '8',
  九: '9',
};
/** 六位 / 6位, 三十 / 30: numerals before a measure word or in a run become digits. */
const NUMBER_RUN = /[零一二两三四五六七八九十百千万]+(?=[位个块元万千百%号点天年月岁分])|[零一二三四五六七八九]{2,}/g;

const UNIT: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

function digits(run: string): string {
  if (!/[十百千万]/.test(run)) return [...run].map((c) => NUMERAL[c] ?? c).join('');
  let total = 0;
  let section = 0;
  let n = 0;
  for (const c of run) {
    if (c in NUMERAL) {
      n = Number(NUMERAL[c]);
      continue;
    }
    if (c === '万') {
      total += (section + n) * 10000;
      section = 0;
    } else section += (c === '十' ? n || 1 : n) * UNIT[c];
    n = 0;
  }
  return String(total + section + n);
}

/** The learned layer's text: canonical, dialect mapped, fillers dropped, numerals as digits, repeats collapsed. */
export function forModel(text: string): string {
  return dialect(canon(text))
    .replace(NUMBER_RUN, digits)
    .replace(FILLER, '')
    .replace(/(.)\1{2,}/g, '$1$1');
}
