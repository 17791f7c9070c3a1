/**
 * 企微员工 and 企微客户: the synced members and contacts, their CRM user or lead, bound and unbound by hand, and a
 * contact turned into a new lead (import way 11 企业微信). Administrators (org:edit) see every contact; other users
 * the contacts followed by the members bound to them.
 */
import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { ADD_WAY_NAMES, BIND_WAY_NAMES, CONTACT_BIND_WAY_NAMES } from '@crm/core/contract/wecom';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import { orgUser, orgUsersByIds } from '../org';
import { wecomContact, wecomFollow, wecomMember } from './schema';

type U = typeof contract.wechatUser;
type K = typeof contract.wechatCustomer;
type Member = CallAnswer<U['bindUser']>;
type Customer = CallAnswer<K['detail']>;
type MemberRow = typeof wecomMember.$inferSelect;
type ContactRow = typeof wecomContact.$inferSelect;

/** ImportWay 11 企业微信 (core enums). */
export const WECOM_IMPORT_WAY = 11;

const isAdmin = (s: Session) => s.isSuperAdmin || s.signs.has('org:edit');

export class WeComDirectory {
  constructor(private readonly ctx: AppContext) {}
  private get db() {
    return this.ctx.db;
  }

  // ---------- members ----------

  async members(s: Session, f: CallBody<U['pagelist']>) {
    const where = and(
      eq(wecomMember.organizationId, s.orgId),
      f.keyword
        ? or(ilike(wecomMember.name, likePattern(f.keyword)), ilike(wecomMember.userid, likePattern(f.keyword)))
        : undefined,
      f.bound === 1 ? isNotNull(wecomMember.crmUserId) : f.bound === 2 ? isNull(wecomMember.crmUserId) : undefined,
    );
    const { rows, total } = await pageRows(
      this.db,
      wecomMember,
      where,
      [sql`${wecomMember.removedAt} is not null`, asc(wecomMember.name), asc(wecomMember.userid)],
      f,
    );
    return page(await this.memberViews(s.orgId, rows), total, f);
  }

  async bindUser(s: Session, b: CallBody<U['bindUser']>): Promise<Member> {
    const where = and(eq(wecomMember.organizationId, s.orgId), eq(wecomMember.userid, b.userid));
    const [m] = await this.db.select().from(wecomMember).where(where).limit(1);
    if (!m) throw notFound('企微员工不存在');
    if (b.crmUserId !== null) {
      if (!(await orgUser(this.db, s.orgId, b.crmUserId))) throw notFound('系统用户不存在');
      const [taken] = await this.db
        .select({ userid: wecomMember.userid, name: wecomMember.name })
        .from(wecomMember)
        .where(and(eq(wecomMember.organizationId, s.orgId), eq(wecomMember.crmUserId, b.crmUserId)))
        .limit(1);
      if (taken && taken.userid !== b.userid) throw conflict(`该用户已绑定企微员工 ${taken.name || taken.userid}`);
    }
    const [row] = await this.db
      .update(wecomMember)
      .set({ crmUserId: b.crmUserId, bindWay: b.crmUserId === null ? 0 : 2 })
      .where(where)
      .returning();
    return (await this.memberViews(s.orgId, [row]))[0];
  }

  private async memberViews(orgId: number, rows: MemberRow[]): Promise<Member[]> {
    const users = await orgUsersByIds(
      this.db,
      orgId,
      rows.flatMap((r) => [r.crmUserId, r.suggestedUserId].filter((x): x is number => x !== null)),
    );
    const counts = new Map<string, number>();
    if (rows.length)
      for (const c of await this.db
        .select({ userid: wecomFollow.userid, n: sql<number>`count(*)::int` })
        .from(wecomFollow)
        .where(
          and(
            eq(wecomFollow.organizationId, orgId),
            inArray(
              wecomFollow.userid,
              rows.map((r) => r.userid),
            ),
            isNull(wecomFollow.removedAt),
          ),
        )
        .groupBy(wecomFollow.userid))
        counts.set(c.userid, c.n);
    return rows.map((r) => ({
      userid: r.userid,
      name: r.name,
      departments: r.departments,
      position: r.position,
      status: r.status,
      crmUserId: r.crmUserId,
      crmUserName: r.crmUserId ? (users.get(r.crmUserId)?.realName ?? null) : null,
      bindWay: r.bindWay,
      bindWayName: BIND_WAY_NAMES[r.bindWay as keyof typeof BIND_WAY_NAMES] ?? '',
      suggestedUserId: r.crmUserId ? null : r.suggestedUserId,
      suggestedUserName: !r.crmUserId && r.suggestedUserId ? (users.get(r.suggestedUserId)?.realName ?? null) : null,
      customerCount: counts.get(r.userid) ?? 0,
      removed: r.removedAt !== null,
      syncedAt: formatDateTime(r.syncedAt),
    }));
  }

  // ---------- customers ----------

  /** What the session may see: every contact (administrators) or those its own members follow. */
  private async contactScope(s: Session): Promise<SQL> {
    const own = eq(wecomContact.organizationId, s.orgId);
    if (isAdmin(s)) return own;
    return and(
      own,
      sql`exists (select 1 from ${wecomFollow} f join ${wecomMember} m on m.organization_id = f.organization_id
        and m.userid = f.userid where f.organization_id = ${s.orgId}
        and f.external_userid = ${wecomContact.externalUserid} and m.crm_user_id = ${s.userId})`,
    )!;
  }

  async customers(s: Session, f: CallBody<K['pagelist']>) {
    const where = and(
      await this.contactScope(s),
      f.keyword ? ilike(wecomContact.name, likePattern(f.keyword)) : undefined,
      f.bound === 1 ? isNotNull(wecomContact.clueId) : f.bound === 2 ? isNull(wecomContact.clueId) : undefined,
      f.userid
        ? sql`exists (select 1 from ${wecomFollow} f where f.organization_id = ${s.orgId}
            and f.external_userid = ${wecomContact.externalUserid} and f.userid = ${f.userid})`
        : undefined,
    );
    const { rows, total } = await pageRows(
      this.db,
      wecomContact,
      where,
      [sql`${wecomContact.removedAt} is not null`, desc(wecomContact.syncedAt), asc(wecomContact.externalUserid)],
      f,
    );
    return page(await this.customerViews(s.orgId, rows), total, f);
  }

  async customer(s: Session, externalUserid: string): Promise<Customer> {
    return (await this.customerViews(s.orgId, [await this.findContact(s, externalUserid)]))[0];
  }

  private async findContact(s: Session, externalUserid: string): Promise<ContactRow> {
    const [row] = await this.db
      .select()
      .from(wecomContact)
      .where(and(await this.contactScope(s), eq(wecomContact.externalUserid, externalUserid)))
      .limit(1);
    if (!row) throw notFound('企微客户不存在');
    return row;
  }

  async bindClue(s: Session, b: CallBody<K['bindClue']>): Promise<Customer> {
    await this.findContact(s, b.externalUserid);
    if (b.clueId !== null) await this.ctx.services.clue.get(s, b.clueId);
    await this.setClue(s.orgId, b.externalUserid, b.clueId, b.clueId === null ? 0 : 3);
    return this.customer(s, b.externalUserid);
  }

  /** A new lead for the contact: its name (remark first), the phone given or its first remark mobile. */
  async toClue(s: Session, b: CallBody<K['toClue']>): Promise<Customer> {
    const c = await this.findContact(s, b.externalUserid);
    if (c.clueId) throw conflict('该客户已关联线索');
    const follows = await this.follows(s.orgId, [c.externalUserid]);
    const phone = b.phone ?? follows.flatMap((f) => f.remarkMobiles).find((m) => /^1\d{10}$/.test(m));
    if (!phone) throw badRequest('phone：该客户没有备注手机号，请输入手机号');
    const existing = await this.ctx.services.clue.findByPhone(s.orgId, phone);
    if (existing) throw conflict('该手机号已有线索，请使用“关联线索”');
    const name = follows.find((f) => f.remark)?.remark || c.name;
    const lead = await this.ctx.services.clue.write.add(
      s,
      { phone, name },
      { importWay: WECOM_IMPORT_WAY, keepCreator: true },
    );
    await this.setClue(s.orgId, c.externalUserid, lead.id, 4);
    return this.customer(s, c.externalUserid);
  }

  private async setClue(orgId: number, externalUserid: string, clueId: number | null, bindWay: number) {
    await this.db
      .update(wecomContact)
      .set({ clueId, bindWay })
      .where(and(eq(wecomContact.organizationId, orgId), eq(wecomContact.externalUserid, externalUserid)));
  }

  private follows(orgId: number, externalUserids: string[]) {
    if (!externalUserids.length) return Promise.resolve([]);
    return this.db
      .select({ f: wecomFollow, memberName: wecomMember.name })
      .from(wecomFollow)
      .leftJoin(
        wecomMember,
        and(eq(wecomMember.organizationId, wecomFollow.organizationId), eq(wecomMember.userid, wecomFollow.userid)),
      )
      .where(and(eq(wecomFollow.organizationId, orgId), inArray(wecomFollow.externalUserid, externalUserids)))
      .orderBy(asc(wecomFollow.addedAt))
      .then((rows) => rows.map((r) => ({ ...r.f, memberName: r.memberName ?? '' })));
  }

  private async customerViews(orgId: number, rows: ContactRow[]): Promise<Customer[]> {
    const follows = await this.follows(
      orgId,
      rows.map((r) => r.externalUserid),
    );
    const clueNames = await this.ctx.services.clue.namesByIds(
      orgId,
      rows.flatMap((r) => (r.clueId ? [r.clueId] : [])),
    );
    return rows.map((r) => ({
      externalUserid: r.externalUserid,
      name: r.name,
      type: r.type,
      corpName: r.corpName,
      avatar: r.avatar,
      hasUnionid: !!r.unionid,
      clueId: r.clueId,
      clueName: r.clueId ? (clueNames.get(r.clueId) ?? null) : null,
      bindWay: r.bindWay,
      bindWayName: CONTACT_BIND_WAY_NAMES[r.bindWay as keyof typeof CONTACT_BIND_WAY_NAMES] ?? '',
      followers: follows
        .filter((f) => f.externalUserid === r.externalUserid)
        .map((f) => ({
          userid: f.userid,
          name: f.memberName,
          remark: f.remark,
          description: f.description,
          remarkMobiles: f.remarkMobiles,
          tagIds: f.tagIds,
          addedAt: formatDateTime(f.addedAt),
          addWay: f.addWay,
          addWayName: ADD_WAY_NAMES[f.addWay] ?? '其他',
          removed: f.removedAt !== null,
        })),
      removed: r.removedAt !== null,
      syncedAt: formatDateTime(r.syncedAt),
    }));
  }
}
