import { CHURN, CHURN_NEGATED } from './lexicon/customer';
import { evidenceFrom, findHits, type Hit } from './match';
import type { Clause } from './text';
import type { Evidence } from './types';

/**
 * Churn risk 0-100 from the customer's signals of leaving: refunds and cancelling weigh most, then switching to a
 * competitor, then dissatisfaction; a complaint adds. Asked as a question (能退款吗) a signal counts half. The sum
 * saturates: 100 × (1 − e^(−sum / 45)), so one refund request is about 50 and two strong signals pass 70.
 */
export function churnRisk(clauses: Clause[], complaint: boolean): { risk: number; evidence: Evidence[] } {
  const customer = clauses.filter((c) => c.speaker === 'customer');
  const hits: Hit[] = findHits(customer, CHURN, { negatedBy: CHURN_NEGATED, lookback: 3 });
  const sum = hits.reduce((n, h) => n + (h.clause.question ? h.weight / 2 : h.weight), 0) + (complaint ? 25 : 0);
  return { risk: Math.round(100 * (1 - Math.exp(-sum / 45))), evidence: evidenceFrom(hits) };
}
