import {
  COMPLAINT,
  COMPLAINT_NEGATED,
  DECLINE,
  GENERAL,
  HARASSMENT,
  INTEREST_NEGATED,
  MISMATCH,
  NOT_NOW,
  REFUSAL,
  REFUSAL_EMPHATIC,
  REFUSAL_NEGATED,
  STEP,
  STRONG,
  TIME,
  YES,
} from './lexicon/customer';
import { evidenceFrom, findHits, type Hit, type LexEntry, score } from './match';
import type { Clause } from './text';
import { canon, escapeRegExp, lex } from './text';
import type { Evidence, IntentionKey } from './types';

export interface IntentionVerdict {
  intention: IntentionKey;
  degree: number;
  evidence: Evidence[];
  /** Call tags 1-3 found. */
  tags: { tag: number; evidence: Evidence[] }[];
  potentialComplaint: boolean;
  /** The customer's words that best show the intention, for the summary. */
  stance: string | null;
}

const one = (source: string) => new RegExp(lex(source).source);
const TIME_RE = one(TIME);
const YES_RE = one(YES);
const NOT_NOW_RE = one(NOT_NOW);
const PROPOSAL_RE = one(`${STEP}|约(个|一下)?时间|安排(一下|您|你)|给您(约|预约|预留|留|登记|报名)|名额|留个位置`);
const INVITING_RE = one('吗|呢|您看|你看|怎么样|好不好|行不行|可不可以|方便|可以不|好吧|行吧|有空|有时间|还是');
/** Asking the customer when they can: a time proposal even without a named step. */
const ASKS_TIME_RE = one('方便|有空|有时间|可以吗|行吗|行不行|可不可以|还是|哪天|几点');
const CALLBACK_RE = one('(打|回)(个)?电话|回电|联系(您|你)|给(您|你)打|再打');
/** A customer taking an agreed step back: 算了, 不去了. */
const RETRACT_RE = one('算了|不去了|不来了|不要了|取消|不用了|去不了|来不了|不考虑');

const orgCache = new WeakMap<object, Partial<Record<IntentionKey, LexEntry[]>>>();
const ORG_WEIGHT: Record<IntentionKey, number> = {
  strong: 3,
  general: 1.5,
  none: 2,
  mismatch: 3,
  complaint: 3,
  invalid: 3,
};

/** The organisation's own phrases per intention, compiled once per rules object. */
function orgPhrases(phrases: Partial<Record<IntentionKey, string[]>>): Partial<Record<IntentionKey, LexEntry[]>> {
  let compiled = orgCache.get(phrases);
  if (!compiled) {
    compiled = {};
    for (const [key, list] of Object.entries(phrases) as [IntentionKey, string[]][]) {
      const words = (list ?? []).map(canon).filter(Boolean).map(escapeRegExp);
      if (words.length) compiled[key] = [{ re: new RegExp(words.join('|'), 'g'), weight: ORG_WEIGHT[key] }];
    }
    orgCache.set(phrases, compiled);
  }
  return compiled;
}

/** Consecutive clauses of one speaker. */
function turnsOf(clauses: Clause[]): { speaker: Clause['speaker']; clauses: Clause[] }[] {
  const turns: { speaker: Clause['speaker']; clauses: Clause[] }[] = [];
  for (const c of clauses) {
    const lastTurn = turns[turns.length - 1];
    if (lastTurn && lastTurn.speaker === c.speaker) lastTurn.clauses.push(c);
    else turns.push({ speaker: c.speaker, clauses: [c] });
  }
  return turns;
}

/**
 * The customer agreeing to a next step the agent proposed: the agent's turn names a step (a visit, a trial class,
 * signing) or a time, with a time or as a question, and the customer's answer starts with yes or names a time,
 * without putting it off. Offering to call back is not a step.
 */
function acceptances(clauses: Clause[]): Hit[] {
  const hits: Hit[] = [];
  const turns = turnsOf(clauses);
  for (let i = 1; i < turns.length; i++) {
    const answer = turns[i];
    const ask = turns[i - 1];
    if (answer.speaker !== 'customer' || ask.speaker !== 'agent') continue;
    // The proposal is at the end of the agent's turn.
    const askNorm = ask.clauses
      .slice(-4)
      .map((c) => c.norm)
      .join('');
    const timed = TIME_RE.test(askNorm);
    const inviting = INVITING_RE.test(askNorm) || ask.clauses.some((c) => c.question);
    const step = PROPOSAL_RE.test(askNorm) || (timed && ASKS_TIME_RE.test(askNorm) && !CALLBACK_RE.test(askNorm));
    if (!step || !(timed || inviting)) continue;
    const said = answer.clauses.map((c) => c.norm).join('');
    if (NOT_NOW_RE.test(said)) continue;
    const first = answer.clauses.slice(0, 2);
    const yes = first.find((t) => YES_RE.test(t.norm) && !t.question);
    const named = first.find((t) => TIME_RE.test(t.norm));
    const clause = named ?? yes;
    if (!clause) continue;
    hits.push({ clause, match: clause.norm, weight: (yes && timed) || named ? 3 : 1.5, at: 0 });
  }
  return hits;
}

const SCREENING_RE = one(
  '哪位|谁|哪里|哪儿|什么事|啥事|干什么|干嘛|干啥|什么公司|哪个公司|怎么知道|号码|电话|搞到|怎么又|为什么(老|总|一直|又|还)|凭什么|有完没完|烦不烦|听得到|听见|是不是骗|骗子|还打|又打|什么意思|什么情况',
);
const IDENTITY_ASK_RE = one(
  '(请问|您|你)(是|就是).{1,14}(吗|吧|是吧|对吧|是不是)|是不是.{1,12}(先生|女士|小姐|总|经理|老师|家长|业主|车主)',
);
const DENIES_IDENTITY_RE = one('^(不是|不是的|不对|错了|你打错了|打错了)(啊|呀|哦)?$');

/** The agent asks 请问是王先生吗 and the customer answers 不是. */
function deniedIdentity(clauses: Clause[]): Hit[] {
  const hits: Hit[] = [];
  const turns = turnsOf(clauses);
  for (let i = 1; i < turns.length; i++) {
    if (turns[i].speaker !== 'customer' || turns[i - 1].speaker !== 'agent') continue;
    const asked = turns[i - 1].clauses.slice(-3).some((c) => IDENTITY_ASK_RE.test(c.norm));
    const answer = turns[i].clauses[0];
    if (asked && DENIES_IDENTITY_RE.test(answer.norm))
      hits.push({ clause: answer, match: answer.norm, weight: 3, at: 0 });
  }
  return hits;
}

/** The strongest hit's clause (at least a few characters long). */
function stanceOf(hits: Hit[]): string | null {
  const best = [...hits].sort((a, b) => b.weight - a.weight).find((h) => h.clause.norm.length >= 4) ?? hits[0];
  return best?.clause.text ?? null;
}

function last(hits: Hit[]): number {
  return hits.reduce((n, h) => Math.max(n, h.clause.index), -1);
}

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(n)));

/** The intention of a call in which somebody answered (LABELLING.md: the first label that applies, top to bottom). */
export function judgeIntention(
  all: Clause[],
  machine: boolean,
  phrases: Partial<Record<IntentionKey, string[]>>,
): IntentionVerdict {
  if (machine)
    return {
      intention: 'invalid',
      degree: 0,
      evidence: [],
      tags: [],
      potentialComplaint: false,
      stance: null,
    };
  const customer = all.filter((c) => c.speaker === 'customer');
  const org = orgPhrases(phrases);
  const extra = (key: IntentionKey, options = {}) => (org[key] ? findHits(customer, org[key], options) : []);

  const complaint = [
    ...findHits(customer, COMPLAINT, { negatedBy: COMPLAINT_NEGATED, lookback: 4 }),
    ...extra('complaint'),
  ];
  const harassment = findHits(customer, HARASSMENT, { negatedBy: /(不是|不算|没说)$/ });
  const mismatch = [
    ...findHits(customer, MISMATCH, { negatedBy: /(是不是|会不会|如果|要是)$/ }),
    ...deniedIdentity(all),
    ...extra('mismatch'),
  ];
  const refusal = [
    ...findHits(customer, REFUSAL, {
      negatedBy: REFUSAL_NEGATED,
      emphatic: REFUSAL_EMPHATIC,
      skipQuestions: true,
    }),
    ...extra('none', { skipQuestions: true }),
  ];
  const decline = findHits(customer, DECLINE, { negatedBy: /(不是|没说|也不是|不是说)$/, skipQuestions: true });
  const interestOptions = { negatedBy: INTEREST_NEGATED, lookback: 3 };
  const general = [
    ...findHits(customer, GENERAL, {
      ...interestOptions,
      rebuttedBy: /^(再|的话我|我再|我会|的时候)/,
    }),
    ...extra('general', interestOptions),
  ];
  // Questions about the offer show some interest; questions about the call itself (你哪位, 怎么有我电话) do not.
  const asking = customer.filter((c) => c.question && c.norm.length >= 4 && !SCREENING_RE.test(c.norm));
  general.push(...asking.slice(0, 3).map((c) => ({ clause: c, match: c.norm, weight: 0.4, at: 0 })));
  let strong = [
    ...findHits(customer, STRONG, interestOptions),
    ...acceptances(all),
    ...extra('strong', interestOptions),
  ];
  const rejecting = [...refusal, ...decline];

  const tags: IntentionVerdict['tags'] = [];
  const complaintScore = score(complaint);
  const harassScore = score(harassment);
  const isComplaint = complaintScore >= 3 || (harassScore >= 2 && harassScore >= 3.5);
  if (isComplaint) tags.push({ tag: 2, evidence: evidenceFrom([...complaint, ...harassment]) });

  // Interest followed by 算了 / 不去了 is taken back.
  const retracted = customer.some((c) => c.index > last(strong) && RETRACT_RE.test(c.norm) && !c.question);
  if (retracted) strong = [];
  const strongScore = score(strong);
  const generalScore = score(general) + (strongScore > 0 && strongScore < 3 ? strongScore : 0);
  const refusalScore = score(rejecting);
  const explicitRefusal = refusal.length > 0;

  let intention: IntentionKey;
  let degree: number;
  let evidence: Evidence[];
  if (isComplaint) {
    intention = 'complaint';
    degree = 0;
    evidence = evidenceFrom([...complaint, ...harassment]);
  } else if (score(mismatch) >= 3) {
    intention = 'mismatch';
    degree = 5;
    evidence = evidenceFrom(mismatch);
    tags.push({ tag: 3, evidence });
  } else if (strongScore >= 3) {
    intention = 'strong';
    degree = clamp(80 + (strongScore - 3) * 4 + generalScore * 2, 80, 100);
    evidence = evidenceFrom(strong);
  } else if (generalScore >= 1 && !(refusalScore >= 2 && last(rejecting) > last(general) && generalScore < 3)) {
    intention = 'general';
    degree = clamp(45 + (generalScore - 1) * 6 - refusalScore * 3, 35, 75);
    evidence = evidenceFrom([...general, ...strong]);
  } else {
    intention = 'none';
    degree = clamp(15 + generalScore * 5 - refusalScore * 4, 0, 30);
    evidence = evidenceFrom(rejecting);
  }
  if (explicitRefusal && (intention === 'none' || intention === 'complaint'))
    tags.push({ tag: 1, evidence: evidenceFrom(refusal) });
  return {
    intention,
    degree,
    evidence,
    tags: tags.sort((a, b) => a.tag - b.tag),
    potentialComplaint: isComplaint,
    stance: stanceOf(
      { strong, general, none: rejecting, complaint: [...complaint, ...harassment], mismatch, invalid: [] }[intention],
    ),
  };
}
