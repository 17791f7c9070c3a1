import { sql } from 'drizzle-orm';
import type { DemoOrg } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { analysisTexts } from '../analysis';
import { orgUsersByIds } from '../org';
import { recordingInOrg } from '../recording';
import { callFacets } from './facets';
import { callExample, callTrainLog } from './schema';

const DAY = 86_400_000;

/**
 * Demo rows: the first analysed call of the organisation marked as a good example with two moments, assigned to the
 * seats (one started, one completed with a 心得); a practice script assigned to the first seat. Nothing without calls.
 */
export async function seedTraining(db: DbOrTx, org: DemoOrg): Promise<void> {
  if (!org.seatIds.length) return;
  const found = await db.execute<{ recording_id: number }>(
    sql`select recording_id from (${analysisTexts(org.orgId)}) a order by recording_id limit 1`,
  );
  const rid = found.rows[0] ? Number(found.rows[0].recording_id) : null;
  const rec = rid ? await recordingInOrg(db, org.orgId, rid) : undefined;
  const now = Date.now();
  const users = await orgUsersByIds(db, org.orgId, org.seatIds);
  const base = (userId: number, i: number) => ({
    organizationId: org.orgId,
    userId,
    deptId: users.get(userId)?.deptId ?? null,
    assignedBy: org.managerId,
    deadline: new Date(now + (7 - i * 8) * DAY),
    createdAt: new Date(now - (3 + i) * DAY),
  });
  if (rec) {
    const facets = (await callFacets(db, org.orgId, [rec.id])).get(rec.id)!;
    const [example] = await db
      .insert(callExample)
      .values({
        organizationId: org.orgId,
        recordingId: rec.id,
        kind: 1,
        note: '开场自我介绍清楚，确认需求后再报价，值得学习',
        moments: [
          { startMs: 0, segment: 0, note: '开场白' },
          { startMs: Math.min(10_000, rec.durationMs), note: '确认客户需求' },
        ],
        callOwnerId: rec.ownerUserId ?? rec.uploadedBy,
        callTime: rec.callTime ?? rec.createdAt,
        durationMs: rec.durationMs,
        ...facets,
        markedBy: org.managerId,
      })
      .returning({ id: callExample.id });
    await db.insert(callTrainLog).values(
      org.seatIds.slice(0, 2).map((userId, i) => ({
        ...base(userId, i),
        source: 1,
        exampleId: example.id,
        recordingId: rec.id,
        title: '优秀通话：开场与需求确认',
        ...(i === 1
          ? {
              status: 3,
              startedAt: new Date(now - 2 * DAY),
              completedAt: new Date(now - 2 * DAY + 3_600_000),
              takeaway: '先确认客户的需求和预算，再介绍对应的课程，客户更愿意听下去。',
            }
          : {}),
      })),
    );
  }
  await db.insert(callTrainLog).values({
    ...base(org.seatIds[0], 0),
    source: 2,
    scriptId: 1,
    scriptName: '价格异议处理',
    title: '陪练：价格异议处理',
  });
}
