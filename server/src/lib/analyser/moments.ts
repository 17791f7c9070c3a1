import type { TranscriptSegment } from '@crm/core';
import { STEP, TIME } from './lexicon/customer';
import { entries, evidenceOf, findHits, type Hit, type LexEntry } from './match';
import { prepare } from './text';
import type { AnalysisResult, Evidence } from './types';

/**
 * Key moments of a conversation, for the chats' ai_chat_key messages: the customer asks the price, a competitor is
 * named, the customer refuses (the analyser's own refusal decision) and a time is agreed for a next step. Each
 * moment is one clause with its quote; the same clause is one moment of each kind at most.
 */

export type MomentKind = 'price' | 'competitor' | 'refusal' | 'appointment';

export interface Moment {
  kind: MomentKind;
  evidence: Evidence;
}

const PRICE = entries([
  [
    '多少钱|什么价|啥价|价格|价位|价钱|怎么收费|收费标准|费用(是)?多少|怎么卖|贵不贵|报(个)?价|有(没有)?优惠|能(不能)?便宜|打(几)?折|折扣',
    1,
  ],
]);
const COMPETITOR = entries([
  [
    '别家|别的(公司|机构|品牌|平台|店|家)|其他(公司|机构|品牌|平台|家)|竞品|同行|对手|人家(那边|那里)?(更)?(便宜|优惠|送)|(已经|在)(找|选|定|签|用)了?(别|其他)',
    1,
  ],
]);
const APPOINTMENT: LexEntry[] = entries([
  [`${TIME}.{0,8}${STEP}|${STEP}.{0,6}${TIME}`, 1],
  ['说定了|一言为定|不见不散|到时候?见|(周[一二三四五六日天末]|明天|后天|下午|上午|晚上)见', 1],
]);

function firstOf(kind: MomentKind, hits: Hit[]): Moment[] {
  const seen = new Set<number>();
  const out: Moment[] = [];
  for (const h of hits) {
    if (seen.has(h.clause.seg)) continue;
    seen.add(h.clause.seg);
    out.push({ kind, evidence: evidenceOf(h.clause, h.match) });
  }
  return out;
}

export function keyMoments(segments: TranscriptSegment[], result: AnalysisResult): Moment[] {
  const { clauses } = prepare(segments);
  const customer = clauses.filter((c) => c.speaker === 'customer');
  const out: Moment[] = [
    ...firstOf('price', findHits(customer, PRICE)),
    ...firstOf('competitor', findHits(clauses, COMPETITOR, { negatedBy: /(不|没|没有|不是|别)$/ })),
    ...(result.refusal.value && !result.refusal.pending
      ? result.refusal.evidence.slice(0, 1).map((e) => ({ kind: 'refusal' as const, evidence: e }))
      : []),
    ...firstOf('appointment', findHits(clauses, APPOINTMENT, { negatedBy: /(不|没|没有|别)$/ })),
  ];
  return out.sort((a, b) => a.evidence.segment - b.evidence.segment);
}
