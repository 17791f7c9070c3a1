import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppContext, DemoOrg } from '../../platform/context';
import { leadRows } from '../clue';
import { recordingsInState, updateRecording } from '../recording';
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
  const unbound = await recordingsInState(ctx.db, org.orgId, { analysisStatus: 3, unbound: true });
  for (const r of unbound) {
    const everyLead = leadRows({ orgId: org.orgId, visibleUserIds: null }, undefined, true);
    const owner = r.ownerUserId ?? org.adminId;
    const [mine] = (
      await ctx.db.execute<{ id: number }>(
        sql`select id from (${everyLead}) l where owner_id = ${owner} order by id limit 1`,
      )
    ).rows;
    if (!mine) continue;
    await updateRecording(ctx.db, org.orgId, r.id, { clueId: Number(mine.id) });
    await ctx.services.analysis.analyseNow(org.orgId, r.id);
  }
  const customers = await ctx.db
    .selectDistinct({ clueId: insightCall.clueId })
    .from(insightCall)
    .where(and(eq(insightCall.organizationId, org.orgId), isNotNull(insightCall.clueId)));
  for (const c of customers) if (c.clueId) await ctx.services.insight.customers.rebuild(org.orgId, c.clueId);
}
