import { randomBytes } from 'node:crypto';
import type { DatePresetKey } from '@crm/core';
import { formatDateTime, parseDateTime, ResultCode } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import {
  type BoardMetric,
  SHARE_DEFAULT_DAYS,
  SHARE_LINK_EXPIRED,
  SHARE_LINK_REVOKED,
  SHARE_MAX_DAYS,
} from '@crm/core/contract/boards';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError, badRequest, notFound, tooManyRequests } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rateLimit';
import { findScoped, type Scope, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { currentRights, sessionUser } from '../org';
import { People } from './directory';
import type { Figures } from './figures';
import { customBoard } from './schema';

type Row = typeof customBoard.$inferSelect;
type BoardView = CallAnswer<typeof contract.customBoard.list>[number];
type BoardData = CallAnswer<typeof contract.customBoard.data>;
type ShareInput = CallBody<typeof contract.customBoard.share>;

const MISSING = '看板不存在';
const DAY_MS = 86_400_000;
/** The sign a sharer must still hold for the link to work: that of sharing (and editing) custom boards. */
const SHARE_SIGN = 'board:edit';

/** A link's token while it works by the clock (its sharer is checked apart). */
const liveToken = (r: Row, now = new Date()): string | null =>
  r.shareToken && r.shareExpiresAt && r.shareExpiresAt > now ? r.shareToken : null;

/** When a link shared now stops working: N days from now, or the end of the chosen Shanghai day. */
export function shareExpiry(input: Pick<ShareInput, 'expireDays' | 'expireDate'>, now = new Date()): Date {
  if (!input.expireDate) return new Date(now.getTime() + (input.expireDays ?? SHARE_DEFAULT_DAYS) * DAY_MS);
  const end = new Date(parseDateTime(input.expireDate)!.getTime() + DAY_MS);
  if (end <= now) throw badRequest('有效期截止日期不能早于今天');
  if (end.getTime() - now.getTime() > SHARE_MAX_DAYS * DAY_MS) throw badRequest('有效期最长一年');
  return end;
}

/**
 * Custom boards (/customBoard): panels of figures saved by name, visible to the organisation's board editors. A shared
 * board has a random token (24 bytes, base64url) that the public /dashboard/:id opens read-only until its expiry
 * (chosen when sharing, 30 days by default). Sharing again by the same person while the link works keeps the token
 * and sets the new expiry; otherwise a new token is drawn. Unsharing drops it so that the old link stops working. A
 * link also stops working when its sharer is disabled or no longer holds board:edit, and it shows no more than the
 * sharer may see now. The public lookup is limited per IP (`SHARE_LINK_LIMIT_PER_IP` a minute).
 */
export class CustomBoards {
  constructor(
    private readonly db: Db,
    private readonly figures: Figures,
    private readonly limiter: RateLimiter,
    private readonly lookupsPerIp: number,
  ) {}

  private view(r: Row, people: People): BoardView {
    const sharerEnabled = r.sharedBy !== null && people.byId.get(r.sharedBy)?.status === 1;
    return {
      id: r.id,
      name: r.name,
      panels: r.panels,
      shareToken: sharerEnabled ? liveToken(r) : null,
      shareExpiresAt: r.shareToken ? formatDateTime(r.shareExpiresAt) : null,
      sharedByName: r.shareToken && r.sharedBy !== null ? people.name(r.sharedBy) : null,
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

  /** Shares with the sharer's data scope (what the link shows) until the chosen expiry, or revokes the link. */
  async share(s: Session, input: ShareInput): Promise<CallAnswer<typeof contract.customBoard.share>> {
    const { id } = input;
    const row = await findScoped(this.db, s, customBoard, id, { missing: MISSING });
    const now = new Date();
    const enable = input.enable === 1;
    const expiresAt = enable ? shareExpiry(input, now) : null;
    const keep = row.sharedBy === s.userId ? liveToken(row, now) : null;
    const shareToken = enable ? (keep ?? randomBytes(24).toString('base64url')) : null;
    await this.db
      .update(customBoard)
      .set({
        shareToken,
        shareUserIds: enable ? s.visibleUserIds : null,
        sharedBy: enable ? s.userId : null,
        shareExpiresAt: expiresAt,
      })
      .where(and(eq(customBoard.id, id), scoped(s, customBoard)));
    return { id, shareToken, shareExpiresAt: formatDateTime(expiresAt) };
  }

  async data(s: Scope, id: number): Promise<BoardData> {
    return this.dataOf(s, await findScoped(this.db, s, customBoard, id, { missing: MISSING }));
  }

  /**
   * The public view: the board of a live token, with the figures of the scope it was shared with, narrowed to what
   * the sharer may see now. Expired: 链接已过期 (410); revoked, deleted, or its sharer disabled or without the right
   * to share boards: 分享链接已失效 (404).
   */
  async shared(token: string, ip: string): Promise<BoardData> {
    if ((await this.limiter.hit(`boardshare:ip:${ip}`, 60)) > this.lookupsPerIp)
      throw tooManyRequests('访问过于频繁，请 1 分钟后再试');
    const [row] = await this.db.select().from(customBoard).where(eq(customBoard.shareToken, token)).limit(1);
    if (!row?.sharedBy) throw notFound(SHARE_LINK_REVOKED);
    if (!liveToken(row)) throw new AppError(ResultCode.GONE, SHARE_LINK_EXPIRED, 410);
    const su = await sessionUser(this.db, row.organizationId, row.sharedBy);
    const rights = su ? currentRights(su) : null;
    if (!rights || (!rights.isSuperAdmin && !rights.signs.has(SHARE_SIGN))) throw notFound(SHARE_LINK_REVOKED);
    const shared = row.shareUserIds;
    const now = rights.visibleUserIds;
    const visibleUserIds = shared === null ? now : now === null ? shared : shared.filter((id) => now.includes(id));
    return this.dataOf({ orgId: row.organizationId, visibleUserIds }, row);
  }

  private async dataOf(s: Scope, row: Row): Promise<BoardData> {
    const [people, figures] = await Promise.all([
      People.of(this.db, s.orgId),
      Promise.all(row.panels.map((p) => this.figures.of(s, p.metric as BoardMetric, p.range as DatePresetKey))),
    ]);
    return { board: this.view(row, people), figures };
  }
}
