import { TransferMode } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { page, pageSlice } from '../../platform/paging';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import type { ClueFieldService } from '../clueField';
import { countClues } from './counting';
import { duplicateError, findDuplicate, lockLeads } from './duplicates';
import { addEvent } from './events';
import { clueScope } from './query';
import { findClues } from './rows';
import { clue, clueCollaborator, clueEvent } from './schema';
import { clueView, viewContext } from './view';

type Body<K extends keyof typeof contract.clue> = CallBody<(typeof contract.clue)[K]>;
type Answer<K extends keyof typeof contract.clue> = CallAnswer<(typeof contract.clue)[K]>;

/** The recycle bin of leads: the deleted leads of the session's scope, restored or deleted for good. */
export class ClueRecycleBin {
  constructor(
    private readonly db: Db,
    private readonly fields: ClueFieldService,
  ) {}

  async list(s: Session, req: Body<'recycleBin'>): Promise<Answer<'recycleBin'>> {
    const vc = await viewContext(this.db, this.fields, s);
    const conds: SQL[] = [clueScope(s, { deleted: true })];
    const kw = req.keyword?.trim();
    if (kw) {
      const k = likePattern(kw);
      conds.push(sql`(${clue.name} ilike ${k} or ${clue.company} ilike ${k} or ${clue.phone} like ${k})`);
    }
    const where = and(...conds)!;
    const rows = await pageSlice(this.db, clue, where, [desc(clue.deletedAt), desc(clue.id)], req);
    const { total } = await countClues(this.db, where);
    return page(
      rows.map((r) => ({
        ...clueView(r, vc),
        deletedByName: r.deletedBy ? (vc.users.get(r.deletedBy)?.realName ?? '') : '',
      })),
      total,
      req,
    );
  }

  /** Back to the lists, unless a live lead now duplicates one of them. */
  async restore(s: Session, ids: number[]): Promise<Answer<'restore'>> {
    return this.db.transaction(async (tx) => {
      const rows = await findClues(tx, s, ids, { deleted: true });
      await lockLeads(tx, s.orgId);
      for (const r of rows) {
        const dup = await findDuplicate(tx, this.fields, s.orgId, r, r.id);
        if (dup && !dup.existing.deletedAt) throw await duplicateError(tx, s.orgId, dup);
      }
      await tx
        .update(clue)
        .set({ deletedAt: null, deletedBy: null, updatedAt: new Date() })
        .where(
          inArray(
            clue.id,
            rows.map((r) => r.id),
          ),
        );
      for (const r of rows)
        await addEvent(tx, s.orgId, r.id, {
          type: 'restore',
          userId: s.userId,
          detail: { transferMode: 6, transferModeName: TransferMode[6] },
        });
      return { count: rows.length };
    });
  }

  /** Deletes leads from the recycle bin for good, with their collaborators and interaction log. */
  async purge(s: Session, ids: number[]): Promise<Answer<'purge'>> {
    return this.db.transaction(async (tx) => {
      const rows = await findClues(tx, s, ids, { deleted: true });
      const rowIds = rows.map((r) => r.id);
      await tx.delete(clueEvent).where(and(scoped(s, clueEvent), inArray(clueEvent.clueId, rowIds)));
      await tx
        .delete(clueCollaborator)
        .where(and(scoped(s, clueCollaborator), inArray(clueCollaborator.clueId, rowIds)));
      await tx.delete(clue).where(and(clueScope(s, { deleted: true }), inArray(clue.id, rowIds)));
      return { count: rows.length };
    });
  }
}
