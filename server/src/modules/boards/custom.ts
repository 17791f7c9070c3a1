import { randomBytes } from 'node:crypto';
import type { DatePresetKey } from '@crm/core';
import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import type { BoardMetric } from '@crm/core/contract/boards';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { findScoped, type Scope, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { People } from './directory';
import type { Figures } from './figures';
import { customBoard } from './schema';

type Row = typeof customBoard.$inferSelect;
type BoardView = CallAnswer<typeof contract.customBoard.list>[number];
type BoardData = CallAnswer<typeof contract.customBoard.data>;

const MISSING = '看板不存在';

/**
 * Custom boards (/customBoard): panels of figures saved by name, visible to the organisation's board editors. A shared
 * board has a random token (24 bytes, base64url) that the public /dashboard/:id opens read-only; sharing again keeps
 * it, unsharing drops it so that the old link stops working.
 */
export class CustomBoards {
  constructor(
    private readonly db: Db,
    private readonly figures: Figures,
  ) {}

  private view(r: Row, people: People): BoardView {
    return {
      id: r.id,
      name: r.name,
      panels: r.panels,
      shareToken: r.shareToken,
      createdByName: people.name(r.createdBy),
      updatedAt: formatDateTime(r.updatedAt),
    };
  }

  async list(s: Scope): Promise<BoardView[]> {
    const [rows, people] = await Promise.all([
      this.db.select().from(customBoard).where(scoped(s, customBoard)).orderBy(desc(customBoard.id)),
      People.of(this.db, s.orgId),
    ]);
    return rows.map((r) => this.view(r, people));
  }

  async save(s: Session, input: CallBody<typeof contract.customBoard.save>): Promise<{ id: number }> {
    const values = { name: input.name, panels: input.panels, updatedAt: new Date() };
    if (!input.id) {
      const [row] = await this.db
        .insert(customBoard)
        .values({ ...values, organizationId: s.orgId, createdBy: s.userId })
        .returning({ id: customBoard.id });
      return row;
    }
    await findScoped(this.db, s, customBoard, input.id, { missing: MISSING });
    await this.db
      .update(customBoard)
      .set(values)
      .where(and(eq(customBoard.id, input.id), scoped(s, customBoard)));
    return { id: input.id };
  }

  async delete(s: Scope, id: number): Promise<{ id: number }> {
    await findScoped(this.db, s, customBoard, id, { missing: MISSING });
    await this.db.delete(customBoard).where(and(eq(customBoard.id, id), scoped(s, customBoard)));
    return { id };
  }

  /** Shares with the sharer's data scope (what the link shows), or revokes the link. */
  async share(s: Session, id: number, enable: boolean): Promise<{ id: number; shareToken: string | null }> {
    const row = await findScoped(this.db, s, customBoard, id, { missing: MISSING });
    const shareToken = enable ? (row.shareToken ?? randomBytes(24).toString('base64url')) : null;
    await this.db
      .update(customBoard)
      .set({
        shareToken,
        shareUserIds: enable ? s.visibleUserIds : null,
        sharedBy: enable ? s.userId : null,
      })
      .where(and(eq(customBoard.id, id), scoped(s, customBoard)));
    return { id, shareToken };
  }

  async data(s: Scope, id: number): Promise<BoardData> {
    return this.dataOf(s, await findScoped(this.db, s, customBoard, id, { missing: MISSING }));
  }

  /** The public view: the board of a live token, with the figures of the scope it was shared with. */
  async shared(token: string): Promise<BoardData> {
    const [row] = await this.db.select().from(customBoard).where(eq(customBoard.shareToken, token)).limit(1);
    if (!row) throw notFound('分享链接已失效');
    return this.dataOf({ orgId: row.organizationId, visibleUserIds: row.shareUserIds }, row);
  }

  private async dataOf(s: Scope, row: Row): Promise<BoardData> {
    const [people, figures] = await Promise.all([
      People.of(this.db, s.orgId),
      Promise.all(row.panels.map((p) => this.figures.of(s, p.metric as BoardMetric, p.range as DatePresetKey))),
    ]);
    return { board: this.view(row, people), figures };
  }
}
