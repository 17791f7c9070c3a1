import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext, DemoOrg } from '../../platform/context';
import { orgClues } from '../clue';
import { clue } from '../clue/schema';
import { recording } from '../recording/schema';
import { DEFAULT_REMINDER_SETTING } from './reminders';
import { insightCall, insightTopic, reminderSetting } from './schema';

/** Topics a sales team tracks from day one: price talk, competitors, payment, the trial lesson. */
const DEMO_TOPICS = [
  { name: '价格敏感', words: ['太贵', '价格', '便宜', '优惠', '打折'], examples: ['价格有点贵，能不能再便宜一点'] },
  { name: '竞品对比', words: ['别家', '其他机构', '对比', '竞品'], examples: ['别家比你们便宜两千'] },
  { name: '付款方式', words: ['分期', '付款', '转账', '定金'], examples: ['可以分期付款吗'] },
  { name: '试听体验', words: ['试听', '体验课', '免费体验'], examples: ['孩子可以先来试听两节'] },
];

/**
 * Demo insight: the organisation's topics and reminder settings; the demo calls (spoken by the recording seed, not
 * bound to anyone) become calls of one of their owner's customers and are analysed again, so that the recorder writes
 * their insight rows for that customer; then the briefing of every customer with calls.
 */
export async function seedInsight(ctx: AppContext, org: DemoOrg): Promise<void> {
  await ctx.db
    .insert(insightTopic)
    .values(DEMO_TOPICS.map((t) => ({ ...t, organizationId: org.orgId, createdBy: org.adminId })))
    .onConflictDoNothing();
  await ctx.db
    .insert(reminderSetting)
    .values({ organizationId: org.orgId, setting: DEFAULT_REMINDER_SETTING, updatedBy: org.adminId })
    .onConflictDoNothing();
  const unbound = await ctx.db
    .select({ id: recording.id, ownerUserId: recording.ownerUserId })
    .from(recording)
    .where(and(eq(recording.organizationId, org.orgId), eq(recording.analysisStatus, 3), isNull(recording.clueId)))
    .orderBy(asc(recording.id));
  for (const r of unbound) {
    const [mine] = await ctx.db
      .select({ id: clue.id })
      .from(clue)
      .where(and(orgClues(org.orgId), eq(clue.ownerId, r.ownerUserId ?? org.adminId)))
      .orderBy(asc(clue.id))
      .limit(1);
    if (!mine) continue;
    await ctx.db.update(recording).set({ clueId: mine.id }).where(eq(recording.id, r.id));
    await ctx.services.analysis.analyseNow(org.orgId, r.id);
  }
  const customers = await ctx.db
    .selectDistinct({ clueId: insightCall.clueId })
    .from(insightCall)
    .where(and(eq(insightCall.organizationId, org.orgId), isNotNull(insightCall.clueId)));
  for (const c of customers) if (c.clueId) await ctx.services.insight.customers.rebuild(org.orgId, c.clueId);
}
