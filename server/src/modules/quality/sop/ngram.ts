import { canon } from '../../../lib/analyser/text';

/**
 * Similarity of a sentence to an example sentence by character bigrams of the folded text (text.ts: no spaces or
 * punctuation, full width and homophones folded). Chinese has no spaces, so words are not available without a
 * segmenter, and ASR errors change single characters: bigrams survive both. The measure is containment, the
 * weighted share of the example's bigrams that the sentence says, because a spoken sentence usually wraps the
 * example's words in fillers and other clauses (a Dice or edit-distance score would punish that length).
 * Bigrams of function words that any sentence says (我们, 这个, 一下 …) weigh less so that they do not make two
 * unrelated sentences alike.
 *
 * A bigram is kept as one number (two UTF-16 code units) so that looking it up costs no string.
 */

/**
 * Characters get small ids in the order they are first seen, so that a bigram of two of the first 32767 (every
 * text of a Chinese CRM) is a small integer, which a Map looks up fastest; others get a code above 2^30.
 */
const DENSE = 32768;
const charIds = new Uint16Array(65536);
let nextId = 1;
function charId(code: number): number {
  let id = charIds[code];
  if (id === 0) {
    if (nextId >= DENSE) return DENSE;
    id = nextId++;
    charIds[code] = id;
  }
  return id;
}

export function bigramCode(text: string, at: number): number {
  const a = charId(text.charCodeAt(at));
  const b = charId(text.charCodeAt(at + 1));
  return a < DENSE && b < DENSE ? a * DENSE + b : 2 ** 30 + text.charCodeAt(at) * 65536 + text.charCodeAt(at + 1);
}

const COMMON = new Set(
  [
    '我们',
    '您好',
    '你好',
    '这个',
    '那个',
    '一下',
    '就是',
    '的话',
    '是的',
    '可以',
    '没有',
    '什么',
    '现在',
    '这边',
    '一个',
    '然后',
    '您的',
    '我的',
    '们的',
    '的是',
    '了吗',
  ].map((w) => bigramCode(canon(w), 0)),
);
const COMMON_WEIGHT = 0.3;
const weightOf = (code: number) => (COMMON.has(code) ? COMMON_WEIGHT : 1);

/**
 * A set of bigram codes that answers "certainly not in it" with one array read: most bigrams of a sentence are in
 * no keyword or example of a rule, and this skips the Map lookup for them. 2^16 bits (8 KB) per set.
 */
export class BigramFilter {
  private readonly bits = new Uint32Array(2048);

  private static slot(code: number): number {
    return Math.imul(code, 0x9e3779b1) >>> 16;
  }

  add(code: number): void {
    const slot = BigramFilter.slot(code);
    this.bits[slot >>> 5] |= 1 << (slot & 31);
  }

  mayHave(code: number): boolean {
    const slot = BigramFilter.slot(code);
    return (this.bits[slot >>> 5] & (1 << (slot & 31))) !== 0;
  }
}

/** The bigram codes of a folded text, one per position (`unique`: each once). */
export function bigramsOf(folded: string, unique = true): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < folded.length; i++) out.push(bigramCode(folded, i));
  return unique ? [...new Set(out)] : out;
}

/** The examples of a rule, indexed by bigram, so that one pass over a sentence's bigrams scores them all. */
export interface ExampleIndex {
  /** Bigram → [example number, …]. */
  postings: Map<number, number[]>;
  filter: BigramFilter;
  /** Total bigram weight of each example. */
  total: number[];
  /** The item (index in the compiled rule) of each example. */
  item: number[];
  /** The example as written. */
  text: string[];
  /** Scratch for one sentence: accumulated weight per example, and the examples touched. */
  acc: Float64Array;
  touched: Int32Array;
}

export function indexExamples(examples: { item: number; text: string }[]): ExampleIndex {
  const postings = new Map<number, number[]>();
  const filter = new BigramFilter();
  const total: number[] = [];
  const item: number[] = [];
  const text: string[] = [];
  for (const example of examples) {
    const grams = bigramsOf(canon(example.text));
    if (grams.length < 2) continue;
    const n = total.length;
    total.push(grams.reduce((w, g) => w + weightOf(g), 0));
    item.push(example.item);
    text.push(example.text);
    for (const g of grams) {
      filter.add(g);
      const list = postings.get(g);
      if (list) list.push(n);
      else postings.set(g, [n]);
    }
  }
  return {
    postings,
    filter,
    total,
    item,
    text,
    acc: new Float64Array(total.length),
    touched: new Int32Array(total.length),
  };
}

/**
 * The best example score per item for one sentence (given its unique bigrams): where an example of an item marked
 * in `wanted` reaches `threshold`, `best[item]` is its score and `which[item]` its number.
 */
export function scoreExamples(
  index: ExampleIndex,
  grams: number[],
  threshold: number,
  wanted: Uint8Array,
  best: Float64Array,
  which: Int32Array,
): void {
  const { acc, touched, postings, filter } = index;
  let count = 0;
  for (const g of grams) {
    if (!filter.mayHave(g)) continue;
    const list = postings.get(g);
    if (!list) continue;
    const w = weightOf(g);
    for (const n of list) {
      if (acc[n] === 0) touched[count++] = n;
      acc[n] += w;
    }
  }
  for (let k = 0; k < count; k++) {
    const n = touched[k];
    const item = index.item[n];
    const score = acc[n] / index.total[n];
    acc[n] = 0;
    if (wanted[item] && score >= threshold && score > best[item]) {
      best[item] = score;
      which[item] = n;
    }
  }
}
