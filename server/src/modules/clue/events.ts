import type { DbOrTx } from '../../platform/db';
import { clueEvent } from './schema';

/** An interaction event of a lead, as addEvent records it. */
export interface ClueEventInput {
  type: string;
  userId?: number | null;
  title?: string;
  content?: string;
  detail?: Record<string, unknown>;
  time?: Date;
}

const EVENT_TITLES: Record<string, string> = {
  create: '新建客户',
  edit: '编辑资料',
  follow: '跟进记录',
  transfer: '跟进人变更',
  lock: '锁定状态变更',
  blacklist: '黑名单',
  recycle: '移入回收站',
  restore: '从回收站还原',
  turn: '线索转客户',
  collaborator: '协作人变更',
};

/**
 * Appends to a lead's interaction log (in the caller's transaction). The writes of this module record their events
 * here; other modules (calls, messages, the public sea, assignment) go through Clues.addInteraction.
 */
export async function addEvent(db: DbOrTx, orgId: number, clueId: number, e: ClueEventInput) {
  const [row] = await db
    .insert(clueEvent)
    .values({
      organizationId: orgId,
      clueId,
      type: e.type,
      userId: e.userId ?? null,
      title: e.title ?? EVENT_TITLES[e.type] ?? e.type,
      content: e.content ?? '',
      detail: e.detail ?? {},
      createdAt: e.time ?? new Date(),
    })
    .returning();
  return row;
}
