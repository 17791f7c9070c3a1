import { Jieba, TfIdf } from '@node-rs/jieba';
import { dict, idf } from '@node-rs/jieba/dict.js';
import { canon } from './text';
import type { Keyword } from './types';

let loaded: { jieba: Jieba; tfidf: TfIdf } | null = null;

/** jieba and its IDF table, loaded on first use (about 200-300 ms) and kept. */
export function jieba(): { jieba: Jieba; tfidf: TfIdf } {
  loaded ??= { jieba: Jieba.withDict(dict), tfidf: TfIdf.withDict(idf) };
  return loaded;
}

/** Words of a phone call that say nothing about its subject: greetings, fillers, pronouns, politeness. */
const STOP = new Set(
  (
    '喂 您好 你好 请问 谢谢 不好意思 打扰 那个 这个 就是 就是说 然后 对对 对对对 好的 可以 没有 什么 怎么 知道 现在 一下 ' +
    '我们 你们 他们 咱们 您 你 我 他 她 它 这边 那边 这样 那样 的话 时候 还是 但是 因为 所以 如果 觉得 感觉 应该 一个 ' +
    '一点 有点 不是 不用 不要 需要 是不是 有没有 主要 比较 其实 确实 肯定 当然 已经 一直 还有 或者 而且 然后呢 嗯嗯 ' +
    '哦哦 啊啊 哈哈 对吧 是吧 好吧 行吧 吗 呢 吧 啊 呀 哦 嗯 呃 额 诶 哎 唉 先生 女士 小姐 电话 方便 时间 没事 ' +
    '问题 东西 事情 情况 这块 这种 那种 多少 一些 这么 那么 看看 说说 了解 介绍 联系 的确 非常 特别 真的 挺 很 太 ' +
    '好好 行行 是的 对的 没错 明白 清楚 稍等 等等 喂喂 您看 你看 我看 回头 再说 打电话 接电话 听到 听得到 得到 不好 还行 不错 行行 好嘞 拜拜 再见 您说 你说 收到 发到 到时候 说到做到 觉得 记得 需要 要是 打扰 挂了 发给 告诉 听说 知道了 来说 去说 说话 问问 想想 考虑 不能 能不能 可能 不会 不行 没法 可以 不想 不了'
  ).split(' '),
);
/** Parts of speech that carry a call's subject: nouns, verbal nouns, idioms, abbreviations, English words, verbs. */
const CONTENT_POS = ['n', 'nz', 'nt', 'ns', 'nrt', 'vn', 'v', 'l', 'j', 'i', 'eng'];
/** Asking both ways (好不好), disbelief (真的假的) and time words say nothing of the subject. */
const NOISE = /(.)[不没]\1|真的假|假的|^(礼拜|星期|周末|上午|下午|晚上|中午|明天|今天|后天|昨天)/;
const USEFUL = /[\u3400-\u9fff]{2,}|[a-zA-Z][a-zA-Z0-9+.-]{1,}/;

function countOf(text: string, word: string): number {
  if (!word) return 0;
  let n = 0;
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + word.length)) n++;
  return n;
}

/**
 * jieba TF-IDF over the call (stop words and fillers removed) plus every hot word of the organisation said in it,
 * top 10 by weight. Hot words said rank with the best TF-IDF word so that they are never crowded out.
 */
export function extractKeywords(text: string, hotWords: string[], top = 10): Keyword[] {
  if (!text.trim()) return [];
  const { jieba: j, tfidf } = jieba();
  const found = tfidf.extractKeywords(j, text, top * 4, CONTENT_POS);
  const words: Keyword[] = [];
  for (const k of found) {
    if (STOP.has(k.keyword) || !USEFUL.test(k.keyword) || NOISE.test(k.keyword)) continue;
    words.push({ word: k.keyword, weight: k.weight, count: Math.max(1, countOf(text, k.keyword)), hot: false });
  }
  const best = words.length ? words[0].weight : 1;
  const folded = canon(text);
  for (const hot of new Set(hotWords.map((w) => w.trim()).filter(Boolean))) {
    const count = countOf(folded, canon(hot));
    if (!count) continue;
    const existing = words.find((w) => w.word === hot);
    if (existing) {
      existing.hot = true;
      existing.weight = Math.max(existing.weight, best) + count * 0.01;
      existing.count = count;
    } else words.push({ word: hot, weight: best + count * 0.01, count, hot: true });
  }
  return words
    .sort((a, b) => b.weight - a.weight)
    .slice(0, top)
    .map((w) => ({ ...w, weight: Math.round(w.weight * 1000) / 1000 }));
}
