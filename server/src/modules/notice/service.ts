import { AI_MESSAGE_TYPES, formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { type MessageKind, type MessageParam, NoticeStatus } from '@crm/core/contract/notice';
import type { PushMessage } from '@crm/core/contract/push';
import { and, count, desc, eq, ilike, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../platform/db';
import { must, notFound } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { type Push, userTopic } from '../../platform/push';
import { anyOf, findScoped, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import * as org from '../org';
import { appNotice, notice } from './schema';

type Body<K extends keyof typeof contract.notice> = CallBody<(typeof contract.notice)[K]>;
type Answer<K extends keyof typeof contract.notice> = CallAnswer<(typeof contract.notice)[K]>;
type NoticeView = Answer<'detail'>;
type MessageView = Answer<'messages'>['lists'][number];
type UnreadCounts = Answer<'unreadCounts'>;

/** msgType of the message that announces an organisation notice. */
export const NOTICE_MSG_TYPE = 'notice';

const AI_TYPES: string[] = [...AI_MESSAGE_TYPES];
export const isAiMessage = (msgType: string) => AI_TYPES.includes(msgType);

export interface NewMessage {
  title: string;
  content?: string;
  msgType: string;
  param?: MessageParam | null;
}

type MessageRow = typeof appNotice.$inferSelect;
type NoticeRow = typeof notice.$inferSelect;

/** A message as the API and the push deliver it (spec: id, content, param, data, msgType; popup title). */
export function messageView(m: MessageRow): MessageView {
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

function noticeView(n: NoticeRow): NoticeView {
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
    await Promise.all(rows.map((m) => this.pushTo(m.organizationId, m.userId, { type: 'message', ...messageView(m) })));
  }

  /** A push failure is logged: what was stored or changed stays, the browser catches up on its next refresh. */
  private async pushTo(orgId: number, userId: number, message: PushMessage): Promise<void> {
    await this.push.publish(userTopic(orgId, userId), message).catch((err) => {
      this.log.warn({ err, userId, kind: message.type }, 'push to a user failed');
    });
  }

  /** The caller's other tabs and devices follow the counts after messages were read here. */
  private async pushUnread(session: Session, counts: UnreadCounts): Promise<UnreadCounts> {
    await this.pushTo(session.orgId, session.userId, { type: 'unread', ...counts });
    return counts;
  }

  async unreadCounts(session: Session): Promise<UnreadCounts> {
    return (await this.unreadCountsOf(session, [session.userId]))[0];
  }

  /** The unread counts of users of the session's organisation, in the order of `userIds`. */
  private async unreadCountsOf(session: Session, userIds: number[]): Promise<UnreadCounts[]> {
    if (!userIds.length) return [];
    const rows = await this.db
      .select({
        userId: appNotice.userId,
        ai: sql<number>`count(*) filter (where ${inArray(appNotice.msgType, AI_TYPES)})`.mapWith(Number),
        all: count(),
      })
      .from(appNotice)
      .where(and(scoped(session, appNotice), anyOf(appNotice.userId, userIds), isNull(appNotice.readAt)))
      .groupBy(appNotice.userId);
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    return userIds.map((id) => {
      const ai = byUser.get(id)?.ai ?? 0;
      const all = byUser.get(id)?.all ?? 0;
      return { unreadCount: all - ai, aiUnreadCount: ai, totalUnreadCount: all };
    });
  }

  /** Marks the caller's messages read; an id that is not one of the caller's messages refuses the whole request. */
  async setRead(session: Session, ids: number[]): Promise<UnreadCounts> {
    const unique = [...new Set(ids)];
    await this.db.transaction(async (tx) => {
      const own = await tx
        .select({ id: appNotice.id })
        .from(appNotice)
        .where(and(inArray(appNotice.id, unique), mine(session)));
      if (own.length !== unique.length) throw notFound();
      await tx
        .update(appNotice)
        .set({ readAt: new Date() })
        .where(and(inArray(appNotice.id, unique), mine(session), isNull(appNotice.readAt)));
    });
    return this.pushUnread(session, await this.unreadCounts(session));
  }

  /** Marks every unread message of the caller read (one list, or both). */
  async setAllRead(session: Session, kind?: MessageKind): Promise<UnreadCounts> {
    await this.db
      .update(appNotice)
      .set({ readAt: new Date() })
      .where(and(mine(session), isNull(appNotice.readAt), kindFilter(kind)));
    return this.pushUnread(session, await this.unreadCounts(session));
  }

  async listMessages(session: Session, q: Body<'messages'>): Promise<Answer<'messages'>> {
    const where = and(
      mine(session),
      kindFilter(q.kind),
      q.msgType ? eq(appNotice.msgType, q.msgType) : undefined,
      q.isRead === undefined ? undefined : q.isRead ? sql`${appNotice.readAt} is not null` : isNull(appNotice.readAt),
    );
    const order = [desc(appNotice.createdAt), desc(appNotice.id)];
    const { rows, total } = await pageRows(this.db, appNotice, where, order, q);
    return page(rows.map(messageView), total, q);
  }

  // ---------- organisation notices ----------

  private canEdit(session: Session) {
    return session.isSuperAdmin || session.signs.has('notice:edit');
  }

  async listNotices(session: Session, q: Body<'list'>): Promise<Answer<'list'>> {
    const where = and(
      scoped(session, notice),
      this.canEdit(session)
        ? q.status
          ? eq(notice.status, q.status)
          : undefined
        : eq(notice.status, NoticeStatus.PUBLISHED),
      q.title ? ilike(notice.title, likePattern(q.title)) : undefined,
    );
    const { rows, total } = await pageRows(this.db, notice, where, [desc(notice.createdAt), desc(notice.id)], q);
    return page(rows.map(noticeView), total, q);
  }

  async detail(session: Session, id: number): Promise<Answer<'detail'>> {
    const row = await findScoped(this.db, session, notice, id);
    if (row.status !== NoticeStatus.PUBLISHED && !this.canEdit(session)) throw notFound();
    return noticeView(row);
  }

  save(session: Session, input: Body<'save'>): Promise<Answer<'save'>> {
    return this.create(session.orgId, { id: session.userId, name: session.username }, input);
  }

  /** Writes a notice by an author of the organisation; publishing it messages every enabled user. */
  async create(orgId: number, author: { id: number; name: string }, input: Body<'save'>): Promise<NoticeView> {
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
  async update(session: Session, input: Body<'update'>): Promise<Answer<'update'>> {
    const { row, messages } = await this.db.transaction(async (tx) => {
      const before = must(await this.lock(tx, session, input.id));
      const publishNow = input.publish === true && before.status !== NoticeStatus.PUBLISHED;
      const [row] = await tx
        .update(notice)
        .set({
          title: input.title,
          content: input.content,
          updatedAt: new Date(),
          ...(publishNow ? { status: NoticeStatus.PUBLISHED, publishedAt: new Date() } : {}),
        })
        .where(and(eq(notice.id, before.id), scoped(session, notice)))
        .returning();
      const messages = publishNow ? await this.announce(tx, row) : [];
      return { row, messages };
    });
    await this.publish(messages);
    return noticeView(row);
  }

  /** Deletes a notice and its unread announcements; the badges of those who had not read it follow. */
  async remove(session: Session, id: number): Promise<Answer<'remove'>> {
    const unannounced = await this.db.transaction(async (tx) => {
      const row = must(await this.lock(tx, session, id));
      const gone = await tx
        .delete(appNotice)
        .where(and(eq(appNotice.noticeId, row.id), scoped(session, appNotice), isNull(appNotice.readAt)))
        .returning({ userId: appNotice.userId });
      await tx.delete(notice).where(and(eq(notice.id, row.id), scoped(session, notice)));
      return gone.map((m) => m.userId);
    });
    const counts = await this.unreadCountsOf(session, unannounced);
    await Promise.all(
      unannounced.map((userId, i) => this.pushTo(session.orgId, userId, { type: 'unread', ...counts[i] })),
    );
    return { id };
  }

  /** A notice of the organisation, locked for the rest of the transaction (update, delete). */
  private async lock(tx: DbOrTx, session: Session, id: number): Promise<NoticeRow | undefined> {
    const [row] = await tx
      .select()
      .from(notice)
      .where(and(eq(notice.id, id), scoped(session, notice)))
      .limit(1)
      .for('update');
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

/** The caller's own messages. */
function mine(session: Session): SQL {
  return and(scoped(session, appNotice), eq(appNotice.userId, session.userId))!;
}

function kindFilter(kind?: MessageKind): SQL | undefined {
  if (kind === 'ai') return inArray(appNotice.msgType, AI_TYPES);
  if (kind === 'normal') return notInArray(appNotice.msgType, AI_TYPES);
  return undefined;
}
