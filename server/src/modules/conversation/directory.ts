import { formatDateTime } from '@crm/core';
import type { CallBody, contract } from '@crm/core/contract';
import { MatchWayName } from '@crm/core/contract/conversation';
import { and, desc, eq, exists, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { page } from '../../platform/paging';
import { anyOf } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import { orgUser, orgUsersByIds } from '../org';
import { visibleChats } from './chats';
import { chat, chatAccount, chatContact } from './schema';
import type { ChatStore } from './store';

const PERSONAL = 2;
const matchName = (w: number) => MatchWayName[w as 0 | 1 | 2] ?? '';

/**
 * 个微员工 and 个微客户: the personal WeChat accounts and contacts the store has met, matched to CRM users and leads
 * by phone when they arrive, or by hand here. Accounts are seen by the administrators (org:edit) and, for the rest,
 * those of the users their data scope covers; a contact is seen when one of its chats is.
 */
export class ChatDirectory {
  constructor(
    private readonly ctx: AppContext,
    private readonly store: ChatStore,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  private accountScope(s: Session): SQL {
    const all = s.isSuperAdmin || s.signs.has('org:edit') || s.visibleUserIds === null;
    return and(
      eq(chatAccount.organizationId, s.orgId),
      eq(chatAccount.channel, PERSONAL),
      all ? undefined : anyOf(chatAccount.userId, s.visibleUserIds ?? []),
    )!;
  }

  async accounts(s: Session, b: CallBody<typeof contract.wxuser.pagelist>) {
    const kw = b.keyword ? likePattern(b.keyword) : null;
    const where = and(
      this.accountScope(s),
      kw ? or(ilike(chatAccount.nickname, kw), ilike(chatAccount.wxid, kw), ilike(chatAccount.phone, kw)) : undefined,
      b.bound === 1 ? isNotNull(chatAccount.userId) : b.bound === 2 ? isNull(chatAccount.userId) : undefined,
    );
    const [{ total }] = await this.db.select({ total: sql<number>`count(*)::int` }).from(chatAccount).where(where);
    const rows = await this.db
      .select({
        a: chatAccount,
        // written out: drizzle leaves the table name off the columns of a one-table select, which a subquery needs
        contacts: sql<number>`(select count(*)::int from chat_contact x where x.account_id = "chat_account"."id")`,
        chats: sql<number>`(select count(*)::int from chat x where x.account_id = "chat_account"."id")`,
      })
      .from(chatAccount)
      .where(where)
      .orderBy(desc(chatAccount.id))
      .limit(b.pageSize)
      .offset((b.pageNum - 1) * b.pageSize);
    const users = await orgUsersByIds(
      this.db,
      s.orgId,
      rows.map((r) => r.a.userId).filter((x): x is number => x != null),
    );
    const lists = rows.map(({ a, contacts, chats }) => ({
      id: a.id,
      wxid: a.wxid,
      nickname: a.nickname,
      phone: a.phone,
      userId: a.userId,
      userName: a.userId ? (users.get(a.userId)?.realName ?? null) : null,
      matchWay: a.matchWay,
      matchWayName: matchName(a.matchWay),
      contactCount: contacts,
      chatCount: chats,
      createTime: formatDateTime(a.createdAt),
    }));
    return page(lists, total, b);
  }

  private async account(s: Session, id: number) {
    const [row] = await this.db
      .select({ id: chatAccount.id })
      .from(chatAccount)
      .where(and(this.accountScope(s), eq(chatAccount.id, id)));
    if (!row) throw notFound('个微员工不存在');
  }

  async bindUser(s: Session, b: CallBody<typeof contract.wxuser.bindUser>) {
    await this.account(s, b.id);
    if (b.userId !== null && !(await orgUser(this.db, s.orgId, b.userId))) throw badRequest('userId：系统用户不存在');
    await this.db.transaction(async (tx) => {
      await tx
        .update(chatAccount)
        .set({ userId: b.userId, matchWay: b.userId === null ? 0 : 2 })
        .where(eq(chatAccount.id, b.id));
      // the chats with no lead are the account user's
      await tx
        .update(chat)
        .set({ ownerUserId: b.userId })
        .where(and(eq(chat.organizationId, s.orgId), eq(chat.accountId, b.id), isNull(chat.clueId)));
    });
    const page1 = await this.accounts(s, { pageNum: 1, pageSize: 100, keyword: undefined, bound: undefined });
    const row = page1.lists.find((a) => a.id === b.id);
    if (row) return row;
    // a seat may have bound the account away from their own scope
    throw notFound('个微员工不存在');
  }

  private contactScope(s: Session): SQL {
    return and(
      eq(chatContact.organizationId, s.orgId),
      eq(chatContact.channel, PERSONAL),
      s.visibleUserIds === null
        ? undefined
        : exists(
            this.db
              .select({ one: sql`1` })
              .from(chat)
              .where(and(eq(chat.contactId, chatContact.id), visibleChats(s))),
          ),
    )!;
  }

  async contacts(s: Session, b: CallBody<typeof contract.wxcustomer.pagelist>, only?: number) {
    const kw = b.keyword ? likePattern(b.keyword) : null;
    const where = and(
      this.contactScope(s),
      only ? eq(chatContact.id, only) : undefined,
      b.accountId ? eq(chatContact.accountId, b.accountId) : undefined,
      kw
        ? or(
            ilike(chatContact.nickname, kw),
            ilike(chatContact.remark, kw),
            ilike(chatContact.wxid, kw),
            ilike(chatContact.phone, kw),
          )
        : undefined,
      b.bound === 1 ? isNotNull(chatContact.clueId) : b.bound === 2 ? isNull(chatContact.clueId) : undefined,
    );
    const [{ total }] = await this.db.select({ total: sql<number>`count(*)::int` }).from(chatContact).where(where);
    const rows = await this.db
      .select({
        c: chatContact,
        accountName: sql<
          string | null
        >`(select coalesce(nullif(x.nickname, ''), x.wxid) from chat_account x where x.id = "chat_contact"."account_id")`,
        lastAt: sql<string | null>`(select max(x.last_msg_at) from chat x where x.contact_id = "chat_contact"."id")`,
      })
      .from(chatContact)
      .where(where)
      .orderBy(desc(chatContact.id))
      .limit(b.pageSize)
      .offset((b.pageNum - 1) * b.pageSize);
    const names = await this.ctx.services.clue.namesByIds(
      s.orgId,
      rows.map((r) => r.c.clueId).filter((x): x is number => x != null),
    );
    const lists = rows.map(({ c, accountName, lastAt }) => ({
      id: c.id,
      wxid: c.wxid,
      nickname: c.nickname,
      remark: c.remark,
      phone: c.phone,
      accountId: c.accountId,
      accountName,
      clueId: c.clueId,
      clueName: c.clueId ? (names.get(c.clueId) ?? null) : null,
      matchWay: c.matchWay,
      matchWayName: matchName(c.matchWay),
      importWay: c.importWay,
      lastMsgTime: formatDateTime(lastAt ? new Date(lastAt) : null),
      createTime: formatDateTime(c.createdAt),
    }));
    return page(lists, total, b);
  }

  private async contact(s: Session, id: number) {
    const { lists } = await this.contacts(s, { pageNum: 1, pageSize: 10 } as never, id);
    if (!lists[0]) throw notFound('个微客户不存在');
    return lists[0];
  }

  private async setClue(s: Session, contactId: number, clueId: number | null, matchWay: number) {
    const chats = await this.db
      .select({ id: chat.id, account: chatAccount.userId })
      .from(chat)
      .innerJoin(chatAccount, eq(chatAccount.id, chat.accountId))
      .where(and(eq(chat.organizationId, s.orgId), eq(chat.contactId, contactId)));
    // owners are read before the transaction: the lead's owner is the clue module's read, on its own connection
    const owners = await Promise.all(chats.map((c) => this.store.ownerOf(s.orgId, clueId, c.account, s.userId)));
    await this.db.transaction(async (tx) => {
      await tx.update(chatContact).set({ clueId, matchWay }).where(eq(chatContact.id, contactId));
      for (const [i, c] of chats.entries())
        await tx.update(chat).set({ clueId, ownerUserId: owners[i] }).where(eq(chat.id, c.id));
    });
  }

  async bindClue(s: Session, b: CallBody<typeof contract.wxcustomer.bindClue>) {
    await this.contact(s, b.id);
    if (b.clueId !== null) await this.ctx.services.clue.get(s, b.clueId);
    await this.setClue(s, b.id, b.clueId, b.clueId === null ? 0 : 2);
    return this.contact(s, b.id);
  }

  /** A new lead for the contact, with the import way it came by (10 助手导入, 12 个人微信). */
  async toClue(s: Session, b: CallBody<typeof contract.wxcustomer.toClue>) {
    const c = await this.contact(s, b.id);
    if (c.clueId) throw conflict('该客户已关联线索');
    const phone = b.phone ?? c.phone;
    if (!phone) throw badRequest('phone：该客户没有手机号，请输入手机号');
    if (await this.ctx.services.clue.findByPhone(s.orgId, phone)) throw conflict('该手机号已有线索，请使用“关联线索”');
    const lead = await this.ctx.services.clue.write.add(
      s,
      { phone, name: c.remark || c.nickname || phone },
      { importWay: c.importWay, keepCreator: true },
    );
    await this.db.update(chatContact).set({ phone }).where(eq(chatContact.id, c.id));
    await this.setClue(s, c.id, lead.id, 2);
    return this.contact(s, b.id);
  }
}
