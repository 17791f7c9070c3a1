import type { PracticeStage } from '@crm/core/contract/practice';
import type { AppContext, DemoOrg } from '../../platform/context';
import { PRACTICE_KIND } from './quota';
import { chatScript, type ScoringPointSpec } from './schema';

/** Which standard SOP item (quality's demo script) judges each demo scoring point. */
const POINTS: { name: string; stage: PracticeStage; sop: string; keywords: string[]; score: number }[] = [
  { name: '开场自我介绍', stage: 'opening', sop: '开场白与自我介绍', keywords: [], score: 15 },
  { name: '挖掘客户需求', stage: 'needs', sop: '挖掘需求', keywords: [], score: 20 },
  { name: '介绍产品价值', stage: 'product', sop: '介绍产品', keywords: [], score: 20 },
  { name: '清楚报价', stage: 'price', sop: '报价', keywords: [], score: 15 },
  { name: '化解客户异议', stage: 'objection', sop: '异议处理', keywords: [], score: 20 },
  { name: '约定下一步', stage: 'close', sop: '约定下次跟进', keywords: ['加个微信', '约个时间'], score: 10 },
];

/** A demo practice script on the standard SOP, and a practice pack where practice is metered. */
export async function seedPractice(ctx: AppContext, org: DemoOrg): Promise<void> {
  const rules = await ctx.services.quality.sopRules.rulesOf(org.orgId);
  const byName = new Map(rules.flatMap((r) => r.compiled.rule.items.map((i) => [i.name, i.id] as const)));
  const scoringPoints: ScoringPointSpec[] = POINTS.map((p) => ({
    name: p.name,
    stage: p.stage,
    sopItemId: byName.get(p.sop) ?? null,
    keywords: byName.has(p.sop) ? p.keywords : [p.name],
    score: p.score,
  }));
  await ctx.db.insert(chatScript).values({
    organizationId: org.orgId,
    name: '企业培训课程电话销售',
    description: '客户是一家 80 人规模制造企业的人事经理，正在比较几家培训机构。',
    persona: {
      industry: '制造业',
      needs: '想给一线班组长做管理培训，希望能线上线下结合',
      budget: '全年培训预算大约 5 万元',
      character: '谨慎、爱比较，说话直接',
      objections: ['你们价格比别家贵不少', '我得先跟老板商量一下', '之前合作的机构效果一般，不太放心'],
    },
    stages: ['opening', 'needs', 'product', 'price', 'objection', 'close'],
    scoringPoints,
    forbiddenWords: ['保证效果', '绝对', '骗你'],
    passScore: 60,
    createdBy: org.adminId,
  });
  const costs = ctx.services.costCenter;
  if (await costs.isMetered(org.orgId, PRACTICE_KIND))
    await costs.grant(org.orgId, PRACTICE_KIND, {
      units: 600,
      days: 365,
      name: 'AI 陪练时长包 600 分钟',
      source: 'grant',
      createdBy: org.adminId,
    });
}
