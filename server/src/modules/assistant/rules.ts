import { CustomerStage } from '@crm/core';

/**
 * The built-in rewrites (no model): what 润色 does to a seat's sentence, and the 开场白 written from the lead's facts.
 * They are rules, and the page says so: fillers and hedges removed, 你 made 您, weak phrases replaced by their
 * customary better forms; nothing is invented.
 */

const FILLERS = /(?:嗯+|呃+|额+|啊+(?=[，,。]|$)|那个(?=[，,])|就是说|然后呢|对吧对吧|怎么说呢)[，,]?/g;
const REPLACEMENTS: [RegExp, string][] = [
  [/不知道/g, '我帮您确认一下'],
  [/没办法/g, '我们可以换个方式处理'],
  [/不可能/g, '这个情况比较少见'],
  [/你们/g, '您这边'],
  [/你(?!们)/g, '您'],
  [/便宜/g, '优惠'],
  [/应该吧|可能吧|大概吧/g, '我确认后给您准确答复'],
  [/随便/g, '都可以，看您方便'],
  [/搞定/g, '办好'],
  [/肯定没问题/g, '我们会全程跟进，确保没问题'],
];

/** The seat's sentence rewritten by the rules, and the names of the rules that changed it. */
export function polishByRules(sentence: string): { text: string; applied: string[] } {
  const applied: string[] = [];
  let text = sentence.trim();
  const noFillers = text.replace(FILLERS, '').replace(/(.)\1{2,}/g, '$1');
  if (noFillers !== text) {
    applied.push('去掉口头语');
    text = noFillers;
  }
  let replaced = false;
  for (const [re, to] of REPLACEMENTS) {
    const next = text.replace(re, to);
    if (next !== text) replaced = true;
    text = next;
  }
  if (replaced) applied.push('替换生硬说法（你→您、不知道→我帮您确认一下 等）');
  text = text.replace(/^[，,。\s]+/, '').replace(/[，,]\s*$/, '');
  if (text && !/[。！？!?]$/.test(text)) {
    text += /[吗呢]$/.test(text) ? '？' : '。';
    if (!applied.length) applied.push('补全标点');
  }
  return { text, applied };
}

export interface LeadFacts {
  name: string | null;
  company: string | null;
  stage: number | null;
}

/** An opening written from the lead's name, company and stage, and the seat's name (built-in template). */
export function openingByRules(lead: LeadFacts | null, seatName: string, notes: string | undefined): string {
  const who = lead?.name ? `${lead.name}您好` : '您好';
  const me = `我是${seatName || '您的顾问'}`;
  const about = notes ? `，关于${notes.replace(/[。.!！]+$/, '')}` : '';
  if (!lead?.stage || lead.stage === 1)
    return `${who}，${me}${about}。之前您在我们这边留过咨询信息，想跟您确认一下具体需求，耽误您两分钟可以吗？`;
  const stage = CustomerStage[lead.stage as keyof typeof CustomerStage] ?? '';
  const company = lead.company ? `${lead.company}这边的` : '';
  return `${who}，${me}${about}。上次跟您沟通过${company}情况（目前${stage}），今天给您回个电话，看看您这边考虑得怎么样了？`;
}
