import {
  CLOSING,
  COMPLAINT,
  COMPLAINT_NEGATED,
  CONDITIONAL,
  DECLINE,
  GENERAL,
  HARASSMENT,
  INTEREST_NEGATED,
  MISMATCH,
  NOT_NOW,
  PUT_OFF,
  REFUSAL,
  REFUSAL_EMPHATIC,
  REFUSAL_FOR_NOW,
  REFUSAL_NEGATED,
  STEP,
  STEP_REBUTTED,
  STRONG,
  STRONG_ACROSS,
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
  /** The customer's explicit refusals, whatever the intention came out as (the combined layers weigh them). */
  refusals: Evidence[];
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

type Turn = ReturnType<typeof turnsOf>[number];

/** An agent's turn that proposes a step (a visit, a trial class, signing, paying) or a time; null when it does not. */
function proposal(ask: Turn): { timed: boolean } | null {
  // The proposal is at the end of the agent's turn.
  const askNorm = ask.clauses
    .slice(-4)
    .map((c) => c.norm)
    .join('');
  const timed = TIME_RE.test(askNorm);
  const inviting = INVITING_RE.test(askNorm) || ask.clauses.some((c) => c.question);
  const step = PROPOSAL_RE.test(askNorm) || (timed && ASKS_TIME_RE.test(askNorm) && !CALLBACK_RE.test(askNorm));
  return step && (timed || inviting) ? { timed } : null;
}

/**
 * The customer agreeing to a next step the agent proposed: the agent's turn names a step (a visit, a trial class,
 * signing) or a time, with a time or as a question, and the customer's answer starts with yes or names a time,
 * without putting it off. The customer may first ask about the proposal (转你个人微信啊？ — 对) and then agree.
 * Offering to call back is not a step.
 */
function acceptances(clauses: Clause[]): Hit[] {
  const hits: Hit[] = [];
  const turns = turnsOf(clauses);
  for (let i = 1; i < turns.length; i++) {
    const answer = turns[i];
    if (answer.speaker !== 'customer' || turns[i - 1].speaker !== 'agent') continue;
    let asked = proposal(turns[i - 1]);
    const clarified = i >= 3 && turns[i - 2].clauses.some((c) => c.question);
    if (!asked && clarified && turns[i - 3].speaker === 'agent') asked = proposal(turns[i - 3]);
    if (!asked) continue;
    const { timed } = asked;
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
  '骂|听不懂|再说一遍|说什么|说啥|说谁|叫什么名字|工号|哪位|谁|哪里|哪儿|什么事|啥事|干什么|干嘛|干啥|什么公司|哪个公司|怎么知道|号码|电话|搞到|怎么又|为什么(老|总|一直|又|还)|凭什么|有完没完|烦不烦|听得到|听见|是不是骗|骗子|还打|又打|什么意思|什么情况',
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

/** The clauses of each segment joined into one sentence (evidence keeps the segment and its last clause's place). */
function sentences(clauses: Clause[]): Clause[] {
  const out: Clause[] = [];
  for (let i = 0; i < clauses.length; ) {
    let j = i + 1;
    while (j < clauses.length && clauses[j].seg === clauses[i].seg) j++;
    const parts = clauses.slice(i, j);
    out.push(
      parts.length === 1
        ? parts[0]
        : {
            ...parts[parts.length - 1],
            text: parts.map((c) => c.text).join('，'),
            norm: parts.map((c) => c.norm).join(''),
          },
    );
    i = j;
  }
  return out;
}

/** The few words before a hit in its clause. */
function before(h: Hit): string {
  return h.clause.norm.slice(Math.max(0, h.at - 6), h.at);
}

const AGREE_RE = one('^(嗯+|好+|好的|行+|可以|ok|那行|那好)');

/** The customer said yes earlier in the same sentence: 嗯，行，挂了啊. */
function agreedBefore(customer: Clause[], clause: Clause): boolean {
  return customer.some((c) => c.seg === clause.seg && c.index < clause.index && AGREE_RE.test(c.norm));
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
      refusals: [],
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
  const refusals = findHits(customer, REFUSAL, {
    negatedBy: REFUSAL_NEGATED,
    emphatic: REFUSAL_EMPHATIC,
    skipQuestions: true,
  });
  // 暂时不考虑, 现在先不弄: a no for now declines without refusing outright.
  const forNow = refusals.filter((h) => REFUSAL_FOR_NOW.test(before(h)));
  const refusal = [...refusals.filter((h) => !forNow.includes(h)), ...extra('none', { skipQuestions: true })];
  const declineOptions = { negatedBy: /(不是|没说|也不是|不是说)$/, skipQuestions: true };
  const putOff = [
    ...findHits(customer, PUT_OFF, declineOptions),
    ...forNow.map((h) => ({ ...h, weight: Math.min(h.weight, 1) })),
  ];
  const decline = [
    ...findHits(customer, DECLINE, declineOptions).filter(
      (h) => !(CLOSING.test(h.match) && agreedBefore(customer, h.clause)),
    ),
    ...putOff,
  ];
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
  const stepOptions = { ...interestOptions, rebuttedBy: STEP_REBUTTED };
  const stepHits = findHits(customer, STRONG, stepOptions);
  const said = [...stepHits, ...acceptances(all), ...extra('strong', interestOptions)];
  for (const h of findHits(sentences(customer), STRONG_ACROSS, stepOptions))
    if (!stepHits.some((s) => s.clause.seg === h.clause.seg && s.weight >= h.weight)) said.push(h);
  // 能去掉我就买, 合适的话我就定: a step on a condition is interest, not a commitment.
  const conditional = (h: Hit) => CONDITIONAL.test(h.clause.norm.slice(0, h.at));
  let strong = said.filter((h) => !conditional(h));
  general.push(...said.filter(conditional).map((h) => ({ ...h, weight: 1 })));
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
  } else if (
    generalScore >= 1 &&
    // Interest shown before a refusal is outweighed by it; a question asked after it (你说什么？) shows none. Only
    // putting it off (到时候再说) after real interest is hesitation, not a no.
    !(
      refusalScore >= 2 &&
      last(rejecting) > last(general.filter((h) => h.weight >= 0.6)) &&
      generalScore < 3 &&
      (generalScore < 2 || rejecting.some((h) => !putOff.includes(h)))
    )
  ) {
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
    refusals: evidenceFrom(refusal.filter((h) => !h.clause.question)),
    stance: stanceOf(
      { strong, general, none: rejecting, complaint: [...complaint, ...harassment], mismatch, invalid: [] }[intention],
    ),
  };
}
