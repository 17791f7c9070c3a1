/**
 * Staff and customer sync from WeCom, as jobs: resumable page by page (wecom_sync.cursor is written after each page,
 * so a run killed midway goes on from there) and without doubles (every row is an upsert on its WeCom id).
 *
 *   staff      department/simplelist, user/list_id (cursor) + user/get; members gone from WeCom are marked removed;
 *              each unbound member matched to a CRM user by phone (where WeCom gives it), else a user of the same
 *              name is suggested
 *   customers  externalcontact/batch/get_by_user for the members, 100 at a time (cursor); contacts and their
 *              follow-up info upserted; unbound contacts matched to leads by remark mobile
 *   events     the callback's contact changes, one member or contact at a time
 */
import { normalizePhone } from '@crm/core';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { findUserByPhone, orgUsers } from '../org';
import type { WeComAnswer, WeComClient } from './client';
import { writeContacts } from './contactWrite';
import { GroupWriter } from './groupWriter';
import { wecomConfig, wecomContact, wecomDept, wecomFollow, wecomMember, wecomSync } from './schema';
import { activeSettings, clientOf, reasonOf } from './settings';

export type SyncKind = 'user' | 'customer';
const MEMBER_PAGE = 1000;
const USERS_PER_BATCH = 100;
const CONTACT_PAGE = 100;
const USER_GET_CONCURRENCY = 8;
/** Member batches whose contact pages are read at the same time. */
const BATCH_CONCURRENCY = 12;
/** Pages written by one statement at most. */
const PAGES_PER_WRITE = 20;
/** How often a customer run writes its cursor and count (ms). */
const PROGRESS_MS = 500;

interface RunState {
  startedAt: Date;
  cursor: Record<string, unknown>;
  done: number;
}

export class WeComSync {
  private readonly db: Db;
  constructor(private readonly ctx: AppContext) {
    this.db = ctx.db;
  }

  // ---------- run bookkeeping ----------

  /** Marks a run as asked for; false when one is already running (and not stale). */
  async request(orgId: number, kind: SyncKind): Promise<boolean> {
    const [row] = await this.db
      .insert(wecomSync)
      .values({
        organizationId: orgId,
        kind,
        status: 1,
        message: '等待同步',
        done: 0,
        cursor: {},
        startedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: [wecomSync.organizationId, wecomSync.kind],
        set: { status: 1, message: '等待同步', done: 0, cursor: {}, startedAt: new Date(), finishedAt: null },
        // a run that has not written for 30 minutes is taken as dead
        setWhere: sql`${wecomSync.status} <> 1 or ${wecomSync.startedAt} < now() - interval '30 minutes'`,
      })
      .returning({ kind: wecomSync.kind });
    return !!row;
  }

  /** The run's state: a new one, or the one a killed worker left (its cursor kept). */
  private async begin(orgId: number, kind: SyncKind): Promise<RunState> {
    const [row] = await this.db
      .select()
      .from(wecomSync)
      .where(and(eq(wecomSync.organizationId, orgId), eq(wecomSync.kind, kind)))
      .limit(1);
    if (row?.status === 1 && row.startedAt) return { startedAt: row.startedAt, cursor: row.cursor, done: row.done };
    const startedAt = new Date();
    await this.db
      .insert(wecomSync)
      .values({ organizationId: orgId, kind, status: 1, message: '同步中', startedAt })
      .onConflictDoUpdate({
        target: [wecomSync.organizationId, wecomSync.kind],
        set: { status: 1, message: '同步中', done: 0, cursor: {}, startedAt, finishedAt: null },
      });
    return { startedAt, cursor: {}, done: 0 };
  }

  private async progress(orgId: number, kind: SyncKind, st: RunState) {
    await this.db
      .update(wecomSync)
      .set({ cursor: st.cursor, done: st.done, message: '同步中' })
      .where(and(eq(wecomSync.organizationId, orgId), eq(wecomSync.kind, kind)));
  }

  /** Ends the run; `done` is the final count (progress is saved at most every PROGRESS_MS, so it may lag). */
  private async finish(orgId: number, kind: SyncKind, status: 2 | 3, message: string, done?: number) {
    await this.db
      .update(wecomSync)
      .set({
        status,
        message: message.slice(0, 500),
        finishedAt: new Date(),
        cursor: {},
        ...(done === undefined ? {} : { done }),
      })
      .where(and(eq(wecomSync.organizationId, orgId), eq(wecomSync.kind, kind)));
  }

  /** Runs one kind; a WeCom refusal ends the run as failed with its Chinese reason (not retried). */
  async run(orgId: number, kind: SyncKind): Promise<void> {
    const st = await this.begin(orgId, kind);
    try {
      if (kind === 'user') await this.staff(orgId, st);
      else await this.customers(orgId, st);
      await this.finish(
        orgId,
        kind,
        2,
        `同步完成，共 ${st.done} ${kind === 'user' ? '名员工' : '条客户关系'}`,
        st.done,
      );
    } catch (e) {
      const network = !(e instanceof Error) || e.name === 'OutboundError';
      if (network || transientDb(e)) throw e; // the job retries, from the cursor
      await this.finish(orgId, kind, 3, reasonOf(e));
    }
  }

  /** The nightly staff sync of every organisation whose integration is on. */
  async nightly(): Promise<void> {
    const orgs = await this.db
      .select({ orgId: wecomConfig.organizationId })
      .from(wecomConfig)
      .where(eq(wecomConfig.open, 1));
    for (const { orgId } of orgs) if (await this.request(orgId, 'user')) await this.run(orgId, 'user');
  }

  // ---------- staff ----------

  private async staff(orgId: number, st: RunState): Promise<void> {
    const s = await activeSettings(this.db, orgId);
    const c = clientOf(this.db, this.ctx.config, s, true);
    if (!st.cursor.depts) {
      const depts = ((await c.get('department/simplelist')).department_id ?? []) as {
        id: number;
        parentid?: number;
        order?: number;
      }[];
      for (const d of depts)
        await this.db
          .insert(wecomDept)
          .values({ organizationId: orgId, deptId: d.id, parentId: d.parentid ?? 0, sortNo: d.order ?? 0 })
          .onConflictDoUpdate({
            target: [wecomDept.organizationId, wecomDept.deptId],
            set: { parentId: d.parentid ?? 0, sortNo: d.order ?? 0, syncedAt: new Date() },
          });
      st.cursor = { depts: true, cursor: '' };
      await this.progress(orgId, 'user', st);
    }
    for (;;) {
      const page = await c.post('user/list_id', {
        cursor: (st.cursor.cursor as string) || undefined,
        limit: MEMBER_PAGE,
      });
      const ids = [...new Set(((page.dept_user ?? []) as { userid: string }[]).map((d) => d.userid))];
      const members = await mapLimit(ids, USER_GET_CONCURRENCY, (userid) => c.get('user/get', { userid }));
      await this.upsertMembers(orgId, members);
      st.done += ids.length;
      st.cursor = { ...st.cursor, cursor: page.next_cursor ?? '' };
      await this.progress(orgId, 'user', st);
      if (!page.next_cursor) break;
    }
    await this.db
      .update(wecomMember)
      .set({ removedAt: new Date() })
      .where(
        and(
          eq(wecomMember.organizationId, orgId),
          lt(wecomMember.syncedAt, st.startedAt),
          isNull(wecomMember.removedAt),
        ),
      );
    await this.matchMembers(orgId);
  }

  private async upsertMembers(orgId: number, members: WeComAnswer[]) {
    const now = new Date();
    const rows = members.map((m) => ({
      organizationId: orgId,
      userid: String(m.userid),
      name: String(m.name ?? '').slice(0, 100),
      departments: ((m.department ?? []) as number[]).map(Number),
      position: String(m.position ?? '').slice(0, 100),
      mobile: String(m.mobile ?? '').slice(0, 32),
      status: Number(m.status ?? 1),
      syncedAt: now,
      removedAt: null,
    }));
    if (!rows.length) return;
    await this.db
      .insert(wecomMember)
      .values(rows)
      .onConflictDoUpdate({
        target: [wecomMember.organizationId, wecomMember.userid],
        set: {
          name: sql`excluded.name`,
          departments: sql`excluded.departments`,
          position: sql`excluded.position`,
          mobile: sql`excluded.mobile`,
          status: sql`excluded.status`,
          syncedAt: now,
          removedAt: null,
        },
      });
  }

  /** Binds unbound members by phone; proposes a CRM user of the same name (one only) otherwise. */
  async matchMembers(orgId: number): Promise<void> {
    const unbound = await this.db
      .select()
      .from(wecomMember)
      .where(and(eq(wecomMember.organizationId, orgId), isNull(wecomMember.crmUserId), isNull(wecomMember.removedAt)));
    if (!unbound.length) return;
    const users = (await orgUsers(this.db, orgId)).filter((u) => u.status === 1);
    const taken = new Set(
      (
        await this.db
          .select({ id: wecomMember.crmUserId })
          .from(wecomMember)
          .where(and(eq(wecomMember.organizationId, orgId), sql`${wecomMember.crmUserId} is not null`))
      ).map((r) => r.id),
    );
    const byName = new Map<string, number[]>();
    for (const u of users) byName.set(u.realName, [...(byName.get(u.realName) ?? []), u.id]);
    for (const m of unbound) {
      let bound: number | null = null;
      if (m.mobile) {
        const u = await findUserByPhone(this.db, m.mobile);
        if (u && u.organizationId === orgId && !taken.has(u.id)) bound = u.id;
      }
      const same = (byName.get(m.name) ?? []).filter((id) => !taken.has(id));
      const where = and(eq(wecomMember.organizationId, orgId), eq(wecomMember.userid, m.userid));
      if (bound) {
        taken.add(bound);
        await this.db.update(wecomMember).set({ crmUserId: bound, bindWay: 1, suggestedUserId: null }).where(where);
      } else if (same.length === 1 && m.suggestedUserId !== same[0])
        await this.db.update(wecomMember).set({ suggestedUserId: same[0] }).where(where);
    }
  }

  // ---------- customers ----------

  /**
   * The members' contacts, BATCH_CONCURRENCY batches of 100 members at a time (each batch's pages follow its cursor).
   * The pages fetched meanwhile are written together (GroupWriter: one upsert of contacts and follow-ups, one lead
   * match), and only then does each batch's cursor move past them. The run's cursor keeps the next batch to start and
   * the cursor of every batch under way: a killed run resumes them all, and rewriting a page it had already written
   * is an upsert (no doubles).
   */
  private async customers(orgId: number, st: RunState): Promise<void> {
    const s = await activeSettings(this.db, orgId);
    const c = clientOf(this.db, this.ctx.config, s);
    const members = (
      await this.db
        .select({ userid: wecomMember.userid })
        .from(wecomMember)
        .where(and(eq(wecomMember.organizationId, orgId), isNull(wecomMember.removedAt), eq(wecomMember.status, 1)))
        .orderBy(asc(wecomMember.userid))
    ).map((m) => m.userid);
    if (!members.length) throw new Error('还没有企微员工：请先同步员工');
    const batches = Math.ceil(members.length / USERS_PER_BATCH);
    const open = new Map<number, string>(Object.entries(resumeOf(st.cursor)).map(([b, cur]) => [Number(b), cur]));
    let next = Math.max(Number(st.cursor.next ?? st.cursor.batch ?? 0), ...[...open.keys()].map((b) => b + 1));
    // progress is written after the pages it counts, at most every PROGRESS_MS
    // (a resumed run writes again the pages since, as upserts)
    let savedAt = 0;
    const writer = new GroupWriter<ContactPage>(async (pages) => {
      const list = pages.flatMap((p) => p.list);
      await writeContacts(
        this.db,
        orgId,
        list.map((x) => x.external_contact),
        list.map((x) => ({ ...x.follow_info, external_userid: String(x.external_contact.external_userid) })),
      );
      await this.bindByMobiles(
        orgId,
        list.map((x) => ({
          externalUserid: String(x.external_contact.external_userid),
          mobiles: ((x.follow_info.remark_mobiles ?? []) as string[]).map(String),
        })),
      );
      for (const p of pages) {
        st.done += p.list.length;
        if (p.next) open.set(p.batch, p.next);
        else open.delete(p.batch);
      }
      if (Date.now() - savedAt < PROGRESS_MS) return;
      savedAt = Date.now();
      await this.progress(orgId, 'customer', { ...st, cursor: { next, open: Object.fromEntries(open) } });
    }, PAGES_PER_WRITE);
    const runBatch = async (batch: number) => {
      const userids = members.slice(batch * USERS_PER_BATCH, (batch + 1) * USERS_PER_BATCH);
      let cursor = open.get(batch) ?? '';
      // the next page is fetched while the last one waits for its write
      let written = Promise.resolve();
      do {
        const page = await c.post('externalcontact/batch/get_by_user', {
          userid_list: userids,
          cursor: cursor || undefined,
          limit: CONTACT_PAGE,
        });
        await written;
        cursor = String(page.next_cursor ?? '');
        written = writer.write({ batch, list: page.external_contact_list ?? [], next: cursor });
        written.catch(() => {}); // awaited above or below; a failed fetch in between must not leave it unhandled
      } while (cursor);
      await written;
    };
    const resumed = [...open.keys()];
    const take = () => (resumed.length ? resumed.shift() : next < batches ? next++ : undefined);
    const worker = async () => {
      for (let b = take(); b !== undefined; b = take()) {
        if (!open.has(b)) open.set(b, '');
        await runBatch(b);
      }
    };
    await Promise.all(Array.from({ length: BATCH_CONCURRENCY }, worker));
    // follow-ups not seen in a whole run are gone in WeCom
    await this.db
      .update(wecomFollow)
      .set({ removedAt: new Date() })
      .where(
        and(
          eq(wecomFollow.organizationId, orgId),
          lt(wecomFollow.syncedAt, st.startedAt),
          isNull(wecomFollow.removedAt),
        ),
      );
  }

  /**
   * Binds the given unbound contacts to the lead having one of their remark mobiles: one read of their mobiles, one
   * set-based lead lookup (clue.idsByPhones) and one update for the whole page.
   */
  async matchContacts(orgId: number, externalUserids: string[]): Promise<void> {
    if (!externalUserids.length) return;
    const rows = await this.db
      .select({ externalUserid: wecomFollow.externalUserid, mobiles: wecomFollow.remarkMobiles })
      .from(wecomFollow)
      .innerJoin(
        wecomContact,
        and(
          eq(wecomContact.organizationId, wecomFollow.organizationId),
          eq(wecomContact.externalUserid, wecomFollow.externalUserid),
        ),
      )
      .where(
        and(
          eq(wecomFollow.organizationId, orgId),
          isNull(wecomContact.clueId),
          sql`${wecomFollow.remarkMobiles} <> '{}'::text[]`,
          sql`${wecomFollow.externalUserid} = any(${sql.param(externalUserids)}::text[])`,
        ),
      )
      .orderBy(asc(wecomFollow.addedAt));
    await this.bindByMobiles(orgId, rows);
  }

  /** Binds each contact still without a lead to the lead of its first remark mobile that has one (set-based). */
  private async bindByMobiles(orgId: number, rows: { externalUserid: string; mobiles: string[] }[]): Promise<void> {
    rows = rows.filter((r) => r.mobiles.length);
    if (!rows.length) return;
    const leads = await this.ctx.services.clue.idsByPhones(
      orgId,
      rows.flatMap((r) => r.mobiles),
    );
    const matched = new Map<string, number>();
    for (const r of rows)
      for (const mobile of r.mobiles) {
        const id = leads.get(normalizePhone(mobile) ?? '');
        if (id && !matched.has(r.externalUserid)) matched.set(r.externalUserid, id);
      }
    if (!matched.size) return;
    const values = sql.join(
      [...matched].map(([ext, id]) => sql`(${ext}::text, ${id}::int)`),
      sql`, `,
    );
    await this.db.execute(sql`
      update ${wecomContact} set clue_id = m.clue_id, bind_way = 1
      from (values ${values}) as m(external_userid, clue_id)
      where ${wecomContact.organizationId} = ${orgId} and ${wecomContact.externalUserid} = m.external_userid
        and ${wecomContact.clueId} is null`);
  }

  // ---------- callback events ----------

  /** A member created, changed or deleted in WeCom. */
  async memberChanged(orgId: number, userid: string, deleted: boolean): Promise<void> {
    const where = and(eq(wecomMember.organizationId, orgId), eq(wecomMember.userid, userid));
    if (deleted) {
      await this.db.update(wecomMember).set({ removedAt: new Date() }).where(where);
      return;
    }
    const s = await activeSettings(this.db, orgId);
    await this.upsertMembers(orgId, [await clientOf(this.db, this.ctx.config, s, true).get('user/get', { userid })]);
    await this.matchMembers(orgId);
  }

  /** A contact added, changed or deleted by a member (or the member deleted by the contact). */
  async contactChanged(orgId: number, externalUserid: string, userid: string, deleted: boolean): Promise<void> {
    if (deleted) {
      await this.db
        .update(wecomFollow)
        .set({ removedAt: new Date() })
        .where(
          and(
            eq(wecomFollow.organizationId, orgId),
            eq(wecomFollow.externalUserid, externalUserid),
            eq(wecomFollow.userid, userid),
          ),
        );
      await this.db
        .update(wecomContact)
        .set({ removedAt: new Date() })
        .where(
          and(
            eq(wecomContact.organizationId, orgId),
            eq(wecomContact.externalUserid, externalUserid),
            sql`not exists (select 1 from ${wecomFollow} f where f.organization_id = ${orgId} and f.external_userid = ${externalUserid} and f.removed_at is null)`,
          ),
        );
      return;
    }
    const s = await activeSettings(this.db, orgId);
    const c = clientOf(this.db, this.ctx.config, s);
    const { contact, follows } = await contactWithFollows(c, externalUserid);
    await writeContacts(
      this.db,
      orgId,
      [contact],
      follows.map((f) => ({ ...f, external_userid: externalUserid })),
    );
    await this.matchContacts(orgId, [externalUserid]);
  }
}

/** A page of a member batch's contacts, with the batch's cursor after it ('' at its end). */
interface ContactPage {
  batch: number;
  list: { external_contact: WeComAnswer; follow_info: WeComAnswer }[];
  next: string;
}

/** A database error worth retrying from the cursor: a deadlock or a serialization failure (SQLSTATE). */
const transientDb = (e: unknown) =>
  !!e && typeof e === 'object' && 'code' in e && (e.code === '40P01' || e.code === '40001');

/** The batches under way in a run's cursor ({ open: { batch: cursor } }). */
function resumeOf(cursor: Record<string, unknown>): Record<string, string> {
  const open = cursor.open;
  if (open && typeof open === 'object') return open as Record<string, string>;
  // a cursor written before batches ran side by side: { batch, cursor }
  return cursor.cursor ? { [String(cursor.batch ?? 0)]: String(cursor.cursor) } : {};
}

/** externalcontact/get, following its cursor (a contact with over 500 followers comes in pages). */
async function contactWithFollows(c: WeComClient, externalUserid: string) {
  let cursor = '';
  let contact: WeComAnswer = {};
  const follows: WeComAnswer[] = [];
  do {
    const a = await c.get('externalcontact/get', { external_userid: externalUserid, cursor: cursor || undefined });
    contact = a.external_contact;
    follows.push(...((a.follow_user ?? []) as WeComAnswer[]));
    cursor = String(a.next_cursor ?? '');
  } while (cursor);
  return { contact, follows };
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
