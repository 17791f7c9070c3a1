/** The shape of an industry template's data (one file per industry in data/, written for this product). */
export type Speaker = 'agent' | 'customer' | 'any';

export interface TemplateData {
  code: string;
  name: string;
  description: string;
  /** AI tags (aiSetting): one group of the industry, tags with the keywords that set them. */
  tags: { group: string; items: { name: string; keywords: string[]; speaker: Speaker }[] };
  /** SOP rules (quality): a call script in steps. */
  sop: { name: string; items: { name: string; keywords: string[]; examples?: string[]; speaker?: Speaker }[] }[];
  /** Forbidden-word lists (quality). */
  words: { name: string; words: string[]; remark?: string }[];
  /** Regex rules (quality). */
  regex: { name: string; pattern: string; remark?: string }[];
  /** Practice scripts (the practice module's /chatScript): scene, customer persona, scoring points. */
  scripts: { name: string; scene: string; persona: string; opening: string; points: string[] }[];
  /** Organisation knowledge entries: 1 问答, 2 产品资料, 3 价格规则, 4 异议处理. */
  knowledge: { kind: 1 | 2 | 3 | 4; title: string; content: string }[];
}
