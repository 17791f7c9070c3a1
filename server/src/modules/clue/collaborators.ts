import { formatDateTime } from '@crm/core';
import type { CallAnswer, contract } from '@crm/core/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { orgUser, orgUsers } from '../org';
import { addEvent } from './events';
import { findClue } from './rows';
import { clue, clueCollaborator } from './schema';

type Answer<K extends keyof typeof contract.interaction> = CallAnswer<(typeof contract.interaction)[K]>;

/**
 * Who else works on a lead besides its owner (/clue/collaborator). The lead keeps their ids (collaboratorIds), which
 * its data scope reads: a collaborator sees the lead (see clueScope).
 */
export class ClueCollaborators {
  constructor(private readonly db: Db) {}

  async list(s: Session, clueId: number): Promise<Answer<'collaborators'>> {
    const c = await findClue(this.db, s, clueId);
    const [rows, users] = await Promise.all([
      this.db
        .select()
        .from(clueCollaborator)
        .where(and(scoped(s, clueCollaborator), eq(clueCollaborator.clueId, c.id)))
        .orderBy(clueCollaborator.id),
      orgUsers(this.db, s.orgId),
    ]);
    const byId = new Map(users.map((u) => [u.id, u]));
    return rows.map((r) => ({
      id: r.id,
      clueId: r.clueId,
      userId: r.userId,
      userName: byId.get(r.userId)?.realName ?? '',
      deptName: byId.get(r.userId)?.deptName ?? '',
      createdAt: formatDateTime(r.createdAt),
    }));
  }

  async change(
    s: Session,
    clueId: number,
    userIds: number[],
    action: 'add' | 'remove',
  ): Promise<Answer<'addCollaborators'>> {
    return this.db.transaction(async (tx) => {
      // locked: a concurrent change reads the collaborators only after this one has written collaboratorIds
      const c = await findClue(tx, s, clueId, { forUpdate: true });
      const ids = [...new Set(userIds)];
      const names: string[] = [];
      for (const id of ids) {
        const u = await orgUser(tx, s.orgId, id);
        if (!u) throw badRequest('userIds：员工不存在');
        names.push(u.realName);
      }
      const ofLead = and(scoped(s, clueCollaborator), eq(clueCollaborator.clueId, c.id));
      if (action === 'add') {
        if (ids.includes(c.ownerId ?? -1)) throw badRequest('跟进人不能同时是协作人');
        await tx
          .insert(clueCollaborator)
          .values(ids.map((userId) => ({ organizationId: s.orgId, clueId: c.id, userId, addedBy: s.userId })))
          .onConflictDoNothing();
      } else await tx.delete(clueCollaborator).where(and(ofLead, inArray(clueCollaborator.userId, ids)));
      const rows = await tx.select({ userId: clueCollaborator.userId }).from(clueCollaborator).where(ofLead);
      await tx
        .update(clue)
        .set({ collaboratorIds: rows.map((r) => r.userId) })
        .where(eq(clue.id, c.id));
      await addEvent(tx, s.orgId, c.id, {
        type: 'collaborator',
        userId: s.userId,
        content: `${action === 'add' ? '添加' : '移除'}协作人：${names.join('、')}`,
      });
      return { collaboratorIds: rows.map((r) => r.userId) };
    });
  }
}
