import { contract } from '@crm/core/contract';
import type { SayEvent } from '@crm/core/contract/practice';
import type { TestApp, TestOrg } from '../../test/harness';
import { ok } from '../../test/org';

/** Shared steps of the practice tests: an SOP rule to link, a script, a session and what `say` streams. */

export async function sopItems(t: TestApp, org: TestOrg) {
  const id = ok(
    await t.call(
      contract.sop.createSopRule,
      {
        name: `陪练话术${Math.random().toString(36).slice(2, 8)}`,
        items: [
          { name: '自我介绍', keywords: ['我是', '顾问'], examples: ['您好，我是某某公司的课程顾问小王'] },
          { name: '询问需求', keywords: ['需求', '目前'], examples: ['想了解一下您目前的需求'] },
          { name: '报价', keywords: ['价格', '元'], examples: ['这个课程的价格是三千元'] },
        ],
      } as never,
      { token: org.admin.token },
    ),
  ).id;
  const detail = ok(await t.call(contract.sop.selectSopAndItemInfoByRuleId, { id }, { token: org.admin.token }));
  return detail.items.map((i: { id: number }) => i.id);
}

export const scriptInput = (items: number[], extra: object = {}) => ({
  name: '培训课程电话销售',
  description: '80 人制造企业的人事经理',
  persona: {
    industry: '制造业',
    needs: '给班组长做管理培训',
    budget: '5 万元',
    character: '谨慎',
    objections: ['你们比别家贵', '我要跟老板商量'],
  },
  stages: ['opening', 'needs', 'price', 'objection', 'close'],
  scoringPoints: [
    { name: '自我介绍', stage: 'opening', sopItemId: items[0], keywords: [], score: 30 },
    { name: '询问需求', stage: 'needs', sopItemId: items[1], keywords: [], score: 30 },
    { name: '报价', stage: 'price', sopItemId: items[2], keywords: [], score: 20 },
    { name: '约下次', stage: 'close', keywords: ['加个微信'], score: 20 },
  ],
  forbiddenWords: ['保证效果'],
  passScore: 60,
  ...extra,
});

export async function newScript(t: TestApp, org: TestOrg, extra: object = {}) {
  const items = await sopItems(t, org);
  return ok(await t.call(contract.chatScript.save, scriptInput(items, extra) as never, { token: org.admin.token })).id;
}

/** Says one line; the stream's events. */
export async function say(t: TestApp, token: string, sessionId: number, text: string): Promise<SayEvent[]> {
  const res = await t.post('/api/backend/chatScriptTrainingSession/say', { sessionId, text }, { token });
  if (res.status !== 200 || !String(res.headers['content-type']).includes('ndjson'))
    throw Object.assign(new Error(`say: ${res.status} ${res.msg}`), { res });
  return res.raw
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as SayEvent);
}

export const doneOf = (events: SayEvent[]) => {
  const done = events.find((e) => e.type === 'done');
  if (done?.type !== 'done') throw new Error(`no done event: ${JSON.stringify(events)}`);
  return done;
};
