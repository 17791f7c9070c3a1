import type { DemoOrg } from '../../platform/context';
import type { Db } from '../../platform/db';
import { aiTag, aiTagGroup } from './schema';
import { orgScope, patchSetting } from './settingRow';

/**
 * Tags for the demo's calls (an education company selling children's courses: trial classes, price objections,
 * parents deciding together, course material sent by WeChat).
 */
const DEMO_TAGS: {
  group: string;
  tags: { name: string; keywords: string[]; speaker: 'agent' | 'customer' | 'any' }[];
}[] = [
  {
    group: '客户需求',
    tags: [
      { name: '试听意向', keywords: ['试听', '体验课', '先听听', '免费课'], speaker: 'customer' },
      { name: '价格敏感', keywords: ['贵', '便宜', '优惠', '打折', '多少钱'], speaker: 'customer' },
      { name: '家长共同决策', keywords: ['商量', '孩子爸爸', '孩子妈妈', '家里人'], speaker: 'customer' },
      { name: '关注上课时间', keywords: ['上课时间', '周末', '周六', '周日', '晚上'], speaker: 'customer' },
    ],
  },
  {
    group: '跟进动作',
    tags: [
      { name: '索要资料', keywords: ['发我微信', '发资料', '课程介绍', '加微信'], speaker: 'customer' },
      { name: '约定回复', keywords: ['明天给你答复', '回头联系', '再联系', '考虑一下'], speaker: 'customer' },
      { name: '介绍优惠', keywords: ['八折', '优惠', '赠送', '送两节'], speaker: 'agent' },
    ],
  },
];

/**
 * A demo organisation has AI open (its packs come from the cost centre's demo seed, so the trial counts as given)
 * and the two tag groups above.
 */
export async function seedAiSettings(db: Db, org: DemoOrg): Promise<void> {
  const s = { ...orgScope(org.orgId), userId: org.adminId };
  await patchSetting(db, s, { aiOpen: true, openedAt: new Date(), openedBy: org.adminId, trialGranted: true });
  for (const [i, g] of DEMO_TAGS.entries()) {
    const [group] = await db
      .insert(aiTagGroup)
      .values({ organizationId: org.orgId, name: g.group, sort: i + 1, createdBy: org.adminId })
      .returning({ id: aiTagGroup.id });
    await db.insert(aiTag).values(
      g.tags.map((t, j) => ({
        organizationId: org.orgId,
        groupId: group.id,
        name: t.name,
        keywords: t.keywords,
        speaker: t.speaker,
        sort: j + 1,
        createdBy: org.adminId,
      })),
    );
  }
}
