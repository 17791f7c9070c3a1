import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { callTrainLog } from './schema';

/**
 * A practice-script training (source 2) completes itself when its trainee passes a session of that script
 * (`practice.ended`): the open trainings of that person and script are marked 已完成 with the score as the note.
 * Idempotent: a completed training is left as it is.
 */
export function completeOnPractice(ctx: AppContext): void {
  ctx.events.on(
    'practice.ended',
    'training.practiceDone',
    async ({ orgId, userId, scriptId, passed, totalScore, sessionId }) => {
      if (!passed) return;
      const now = new Date();
      await ctx.db
        .update(callTrainLog)
        .set({
          status: 3,
          startedAt: sql`coalesce(${callTrainLog.startedAt}, ${now})`,
          completedAt: now,
          takeaway: sql`coalesce(${callTrainLog.takeaway}, ${`AI 陪练通过（${totalScore} 分，陪练 #${sessionId}）`})`,
          updatedAt: now,
        })
        .where(
          and(
            eq(callTrainLog.organizationId, orgId),
            eq(callTrainLog.userId, userId),
            eq(callTrainLog.source, 2),
            eq(callTrainLog.scriptId, scriptId),
            ne(callTrainLog.status, 3),
            isNull(callTrainLog.deletedAt),
          ),
        );
    },
    { eager: true },
  );
}
