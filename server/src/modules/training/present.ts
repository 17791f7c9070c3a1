import { formatDateTime } from '@crm/core';
import type { CallAnswer, contract } from '@crm/core/contract';
import { ExampleKindName, TrainSourceName, TrainStatusName } from '@crm/core/contract/training';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { deptNamesByIds, orgUsersByIds } from '../org';
import { callExample, type callTrainLog } from './schema';

type TrainRow = typeof callTrainLog.$inferSelect;
type TrainView = CallAnswer<typeof contract.training.callTrainPage>['lists'][number];

/** 4 已逾期: not completed and past its deadline. */
export const statusOf = (r: Pick<TrainRow, 'status' | 'deadline'>, now = Date.now()): number =>
  r.status !== 3 && r.deadline.getTime() < now ? 4 : r.status;

const name = <K extends number>(map: Record<K, string>, code: number | null) =>
  code === null ? null : ((map as Record<number, string>)[code] ?? null);

/** Trainings as the list shows them: names of trainee, department and assigner; the example's kind. */
export async function trainViews(db: DbOrTx, orgId: number, rows: TrainRow[]): Promise<TrainView[]> {
  const exampleIds = [...new Set(rows.flatMap((r) => (r.exampleId ? [r.exampleId] : [])))];
  const [users, depts, examples] = await Promise.all([
    orgUsersByIds(
      db,
      orgId,
      rows.flatMap((r) => [r.userId, r.assignedBy]),
    ),
    deptNamesByIds(
      db,
      orgId,
      rows.flatMap((r) => (r.deptId ? [r.deptId] : [])),
    ),
    exampleIds.length
      ? db
          .select({ id: callExample.id, kind: callExample.kind })
          .from(callExample)
          .where(and(eq(callExample.organizationId, orgId), inArray(callExample.id, exampleIds)))
      : [],
  ]);
  const kinds = new Map(examples.map((e) => [e.id, e.kind]));
  const now = Date.now();
  return rows.map((r) => {
    const kind = r.exampleId ? (kinds.get(r.exampleId) ?? null) : null;
    const status = statusOf(r, now);
    return {
      id: r.id,
      title: r.title,
      source: r.source,
      sourceName: name(TrainSourceName, r.source) ?? '',
      exampleId: r.exampleId,
      recordingId: r.recordingId,
      kind,
      kindName: name(ExampleKindName, kind),
      scriptId: r.scriptId,
      scriptName: r.scriptName,
      note: r.note,
      userId: r.userId,
      userName: users.get(r.userId)?.realName ?? null,
      deptId: r.deptId,
      deptName: r.deptId ? (depts.get(r.deptId) ?? null) : null,
      assignedBy: r.assignedBy,
      assignedByName: users.get(r.assignedBy)?.realName ?? null,
      status,
      statusName: name(TrainStatusName, status) ?? '',
      deadline: formatDateTime(r.deadline),
      startedAt: formatDateTime(r.startedAt),
      completedAt: formatDateTime(r.completedAt),
      takeaway: r.takeaway,
      createdAt: formatDateTime(r.createdAt),
    };
  });
}
