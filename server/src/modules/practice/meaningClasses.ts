import { canon, canonPattern } from '../../lib/analyser/text';

/**
 * Words of sales talk that mean the same thing, by meaning class: a point written with one of them (a manager's
 * 包含, 分阶段, 退费) is also done with the others (包括, 分四次付, 能退). Each class is one pattern over the folded
 * text; a keyword belongs to the class when the whole keyword is one of its ways of saying it.
 */

const NUM = '[0-9一二两三四五六七八九十几]';

export const MEANING_CLASSES: string[] = [
  // what a price or a service includes
  '包含|包括|含了|里面有',
  // paying in parts
  `分期|分阶段|分批付|分${NUM}次付|分${NUM}期|按节点付`,
  // money back
  '退费|退款|退钱|(能|可以|全额|原价|按比例)退',
  // trying before buying
  '试听|试用|体验课|免费体验|先试',
  // fitted to this customer rather than said to everyone
  '针对|量身|(适合|按|根据|照)(他|她|孩子|您|你)的?|(他|她|孩子|您|你)(可能|会)?(更|比较|最)?适合',
  // the number of rooms
  '几居|几室|几房|几个房间',
];

const compiled = MEANING_CLASSES.map((source) => ({
  source,
  whole: new RegExp(`^(${canonPattern(source)})$`),
}));

/** The patterns of the meaning classes the keywords belong to. */
export function classPatterns(keywords: string[]): string[] {
  return compiled.filter((c) => keywords.some((k) => c.whole.test(canon(k)))).map((c) => c.source);
}
