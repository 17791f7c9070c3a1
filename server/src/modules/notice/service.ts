import { AI_MESSAGE_TYPES, formatDateTime } from '@crm/core';
import { and, count, desc, eq, ilike, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../platform/db';
import { must, notFound } from '../../platform/errors';
import { offsetOf, type PageRequest, page } from '../../platform/paging';
import { type Push, userTopic } from '../../platform/push';
import type { Session } from '../../platform/session';
import * as org from '../org/service';
import { appNotice, notice } from './schema';

/** Notice status: published notices are visible to everyone of the organisation; drafts only to editors. */
export const NoticeStatus = { PUBLISHED: 1, DRAFT: 2 } as const;
/** msgType of the message that announces an organisation notice. */
export const NOTICE_MSG_TYPE = 'notice';

const AI_TYPES: string[] = [...AI_MESSAGE_TYPES];
export const isAiMessage = (msgType: string) => AI_TYPES.includes(msgType);

export interface NewMessage {
  title: string;
  content?: string;
  msgType: string;
  param?: Record<string, unknown> | null;
}

type MessageRow = typeof appNotice.$inferSelect;
type NoticeRow = typeof notice.$inferSelect;

/** A message as the API and the push deliver it (spec: id, content, param, data, msgType; popup title). */
export function messageView(m: MessageRow) {
  return {
    id: m.id,
    title: m.title,
    content: m.content,
    msgType: m.msgType,
    param: m.param ?? {},
    data: m.param ?? {},
    noticeId: m.noticeId,
    isRead: m.readAt ? 1 : 0,
    readTime: formatDateTime(m.readAt),
    createTime: formatDateTime(m.createdAt),
  };
}

function noticeView(n: NoticeRow) {
  return {
    id: n.id,
    title: n.title,
    content: n.content,
    status: n.status,
    createUserId: n.createdBy,
    createUserName: n.createdByName,
    publishTime: formatDateTime(n.publishedAt),
    createTime: formatDateTime(n.createdAt),
    updateTime: formatDateTime(n.updatedAt),
  };
}

export interface UnreadCounts {
  /** Unread messages of the normal list. */
  unreadCount: number;
  /** Unread AI messages (msgType ai_*). */
  aiUnreadCount: number;
  totalUnreadCount: number;
}

/** Organisation notices and per-user messages; `notify` is what other modules call to message users. */
export class NoticeService {
  constructor(
    private readonly db: Db,
    private readonly push: Push,
    private readonly log: FastifyBaseLogger,
  ) {}

  // ---------- messages to users ----------

  /**
   * Stores one message per user (ids that are not enabled users of the organisation are skipped) and publishes each
   * to the user's MQTT topic. To write with a change of your own, use `store(tx, …)` in your transaction and
   * `publish(rows)` after it commits.
   */
  async notify(orgId: number, userIds: number[], msg: NewMessage): Promise<MessageRow[]> {
    const rows = await this.store(this.db, orgId, userIds, msg);
    await this.publish(rows);
    return rows;
  }

  /** Writes the messages inside a transaction; call `publish(rows)` after the commit. */
  async store(
    tx: DbOrTx,
    orgId: number,
    userIds: number[],
    msg: NewMessage & { noticeId?: number },
  ): Promise<MessageRow[]> {
    const targets = [...new Set(userIds)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
    return this.insertMessages(tx, orgId, await org.activeUserIds(tx, orgId, targets), msg);
  }

  private async insertMessages(tx: DbOrTx, orgId: number, targets: number[], msg: NewMessage & { noticeId?: number }) {
    const out: MessageRow[] = [];
    for (let i = 0; i < targets.length; i += 1000) {
      const chunk = targets.slice(i, i + 1000);
      out.push(
        ...(await tx
          .insert(appNotice)
          .values(
            chunk.map((userId) => ({
              organizationId: orgId,
              userId,
              title: msg.title,
              content: msg.content ?? '',
              msgType: msg.msgType,
              param: msg.param ?? null,
              noticeId: msg.noticeId ?? null,
            })),
          )
          .returning()),
      );
    }
    return out;
  }

  /** Pushes stored messages to their users' topics; a push failure is logged, the message stays stored. */
  async publish(rows: MessageRow[]): Promise<void> {
    await Promise.all(
      rows.map((m) =>
        this.push
          .publish(userTopic(m.organizationId, m.userId), { type: 'message', ...messageView(m) })
          .catch((err) => {
            this.log.warn({ err, messageId: m.id }, 'push of a message failed');
          }),
      ),
    );
  }

  async unreadCounts(session: Session): Promise<UnreadCounts> {
    const [row] = await this.db
      .select({
        ai: sql<number>`count(*) filter (where ${inArray(appNotice.msgType, AI_TYPES)})`.mapWith(Number),
        all: count(),
      })
      .from(appNotice)
      .where(
        and(
          eq(appNotice.userId, session.userId),
          eq(appNotice.organizationId, session.orgId),
          isNull(appNotice.readAt),
        ),
      );
    const ai = row?.ai ?? 0;
    const all = row?.all ?? 0;
    return { unreadCount: all - ai, aiUnreadCount: ai, totalUnreadCount: all };
  }

  /** Marks the caller's messages read; an id that is not one of the caller's messages refuses the whole request. */
  async setRead(session: Session, ids: number[]): Promise<UnreadCounts> {
    const unique = [...new Set(ids)];
    await this.db.transaction(async (tx) => {
      const own = await tx
        .select({ id: appNotice.id })
        .from(appNotice)
        .where(
          and(
            inArray(appNotice.id, unique),
            eq(appNotice.userId, session.userId),
            eq(appNotice.organizationId, session.orgId),
          ),
        );
      if (own.length !== unique.length) throw notFound();
      await tx
        .update(appNotice)
        .set({ readAt: new Date() })
        .where(and(inArray(appNotice.id, unique), eq(appNotice.userId, session.userId), isNull(appNotice.readAt)));
    });
    return this.unreadCounts(session);
  }

  /** Marks every unread message of the caller read (one list, or both). */
  async setAllRead(session: Session, kind?: 'ai' | 'normal'): Promise<UnreadCounts> {
    await this.db
      .update(appNotice)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(appNotice.userId, session.userId),
          eq(appNotice.organizationId, session.orgId),
          isNull(appNotice.readAt),
          kindFilter(kind),
        ),
      );
    return this.unreadCounts(session);
  }

  async listMessages(session: Session, q: PageRequest & { kind?: 'ai' | 'normal'; msgType?: string; isRead?: 0 | 1 }) {
    const where = and(
      eq(appNotice.userId, session.userId),
      eq(appNotice.organizationId, session.orgId),
      kindFilter(q.kind),
      q.msgType ? eq(appNotice.msgType, q.msgType) : undefined,
      q.isRead === undefined ? undefined : q.isRead ? sql`${appNotice.readAt} is not null` : isNull(appNotice.readAt),
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(appNotice)
        .where(where)
        .orderBy(desc(appNotice.createdAt), desc(appNotice.id))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      this.db.select({ total: count() }).from(appNotice).where(where),
    ]);
    return page(rows.map(messageView), total, q);
  }

  // ---------- organisation notices ----------

  private canEdit(session: Session) {
    return session.isSuperAdmin || session.signs.has('notice:edit');
  }

  async listNotices(session: Session, q: PageRequest & { title?: string; status?: number }) {
    const where = and(
      eq(notice.organizationId, session.orgId),
      this.canEdit(session)
        ? q.status
          ? eq(notice.status, q.status)
          : undefined
        : eq(notice.status, NoticeStatus.PUBLISHED),
      q.title ? ilike(notice.title, `%${q.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(notice)
        .where(where)
        .orderBy(desc(notice.createdAt), desc(notice.id))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      this.db.select({ total: count() }).from(notice).where(where),
    ]);
    return page(rows.map(noticeView), total, q);
  }

  async detail(session: Session, id: number) {
    const row = must(await this.find(this.db, session, id));
    if (row.status !== NoticeStatus.PUBLISHED && !this.canEdit(session)) throw notFound();
    return noticeView(row);
  }

  save(session: Session, input: { title: string; content: string; publish: boolean }) {
    return this.create(session.orgId, { id: session.userId, name: session.username }, input);
  }

  /** Writes a notice by an author of the organisation; publishing it messages every enabled user. */
  async create(
    orgId: number,
    author: { id: number; name: string },
    input: { title: string; content: string; publish: boolean },
  ) {
    const { row, messages } = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(notice)
        .values({
          organizationId: orgId,
          title: input.title,
          content: input.content,
          status: input.publish ? NoticeStatus.PUBLISHED : NoticeStatus.DRAFT,
          createdBy: author.id,
          createdByName: author.name,
          publishedAt: input.publish ? new Date() : null,
        })
        .returning();
      const messages = input.publish ? await this.announce(tx, row) : [];
      return { row, messages };
    });
    await this.publish(messages);
    return noticeView(row);
  }

  /** Edits a notice; publishing a draft notifies everyone (an already published notice is not announced again). */
  async update(session: Session, input: { id: number; title: string; content: string; publish?: boolean }) {
    const { row, messages } = await this.db.transaction(async (tx) => {
      const before = must(await this.find(tx, session, input.id, true));
      const publishNow = input.publish === true && before.status !== NoticeStatus.PUBLISHED;
      const [row] = await tx
        .update(notice)
        .set({
          title: input.title,
          content: input.content,
          updatedAt: new Date(),
          ...(publishNow ? { status: NoticeStatus.PUBLISHED, publishedAt: new Date() } : {}),
        })
        .where(and(eq(notice.id, before.id), eq(notice.organizationId, session.orgId)))
        .returning();
      const messages = publishNow ? await this.announce(tx, row) : [];
      return { row, messages };
    });
    await this.publish(messages);
    return noticeView(row);
  }

  /** Deletes a notice and its unread announcements. */
  async remove(session: Session, id: number) {
    await this.db.transaction(async (tx) => {
      const row = must(await this.find(tx, session, id, true));
      await tx
        .delete(appNotice)
        .where(
          and(eq(appNotice.noticeId, row.id), eq(appNotice.organizationId, session.orgId), isNull(appNotice.readAt)),
        );
      await tx.delete(notice).where(and(eq(notice.id, row.id), eq(notice.organizationId, session.orgId)));
    });
    return { id };
  }

  private async find(db: DbOrTx, session: Session, id: number, forUpdate = false): Promise<NoticeRow | undefined> {
    const q = db
      .select()
      .from(notice)
      .where(and(eq(notice.id, id), eq(notice.organizationId, session.orgId)))
      .limit(1);
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  }

  private async announce(tx: DbOrTx, n: NoticeRow): Promise<MessageRow[]> {
    return this.insertMessages(tx, n.organizationId, await org.activeUserIds(tx, n.organizationId), {
      title: n.title,
      content: n.content,
      msgType: NOTICE_MSG_TYPE,
      param: { noticeId: n.id },
      noticeId: n.id,
    });
  }
}

function kindFilter(kind?: 'ai' | 'normal'): SQL | undefined {
  if (kind === 'ai') return inArray(appNotice.msgType, AI_TYPES);
  if (kind === 'normal') return notInArray(appNotice.msgType, AI_TYPES);
  return undefined;
}
