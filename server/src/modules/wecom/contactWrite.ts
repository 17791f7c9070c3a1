/**
 * Writes external contacts and their follow-up info as WeCom gives them: one statement upserts both tables, whatever
 * the number of rows (they travel as one jsonb parameter each, read back with jsonb_to_recordset), so a sync can write
 * several pages at once.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { WeComAnswer } from './client';
import { wecomContact, wecomFollow } from './schema';

/** A follow-up as externalcontact/batch/get_by_user and externalcontact/get give it, with its contact's id. */
export type FollowInfo = WeComAnswer & { external_userid: string };

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One row per contact id (the last given wins), in key order. */
function contactRows(contacts: WeComAnswer[]) {
  const unique = new Map(contacts.map((x) => [String(x.external_userid), x]));
  return [...unique]
    .sort(([a], [b]) => cmp(a, b))
    .map(([id, x]) => ({
      external_userid: id,
      name: String(x.name ?? '').slice(0, 100),
      type: Number(x.type ?? 1),
      unionid: x.unionid ? String(x.unionid) : null,
      avatar: String(x.avatar ?? '').slice(0, 500),
      gender: Number(x.gender ?? 0),
      corp_name: String(x.corp_name ?? '').slice(0, 100),
    }));
}

/** One row per (contact, member) pair (the last given wins), in key order. */
function followRows(follows: FollowInfo[]) {
  const unique = new Map(follows.map((f) => [`${f.external_userid}\n${f.userid}`, f]));
  return [...unique]
    .sort(([a], [b]) => cmp(a, b))
    .map(([, f]) => ({
      external_userid: String(f.external_userid),
      userid: String(f.userid),
      remark: String(f.remark ?? '').slice(0, 100),
      description: String(f.description ?? '').slice(0, 500),
      remark_mobiles: ((f.remark_mobiles ?? []) as string[]).map(String),
      tag_ids: ((f.tag_id ?? (f.tags ?? []).map((t: { tag_id: string }) => t.tag_id)) as string[]).map(String),
      added_at: f.createtime ? new Date(Number(f.createtime) * 1000).toISOString() : null,
      add_way: Number(f.add_way ?? 0),
    }));
}

/**
 * Upserts the contacts and follow-ups (marked seen now, not removed). Rows go in key order: writers side by side
 * (a callback event during a sync) lock the rows they share in the same order, so they cannot deadlock.
 */
export async function writeContacts(
  db: DbOrTx,
  orgId: number,
  contacts: WeComAnswer[],
  follows: FollowInfo[],
): Promise<void> {
  const c = contactRows(contacts);
  const f = followRows(follows);
  if (!c.length && !f.length) return;
  const now = new Date().toISOString();
  await db.execute(sql`
    with c as (
      insert into ${wecomContact}
        (organization_id, external_userid, name, type, unionid, avatar, gender, corp_name, synced_at, removed_at)
      select ${orgId}::int, x.external_userid, x.name, x.type, x.unionid, x.avatar, x.gender, x.corp_name,
        ${now}::timestamptz, null
      from jsonb_to_recordset(${JSON.stringify(c)}::jsonb) as x(
        external_userid text, name text, type smallint, unionid text, avatar text, gender smallint, corp_name text)
      on conflict (organization_id, external_userid) do update set
        name = excluded.name, type = excluded.type, unionid = excluded.unionid, avatar = excluded.avatar,
        gender = excluded.gender, corp_name = excluded.corp_name, synced_at = excluded.synced_at, removed_at = null
    )
    insert into ${wecomFollow}
        (organization_id, external_userid, userid, remark, description, remark_mobiles, tag_ids, added_at, add_way,
         synced_at, removed_at)
      select ${orgId}::int, x.external_userid, x.userid, x.remark, x.description, x.remark_mobiles, x.tag_ids,
        x.added_at, x.add_way, ${now}::timestamptz, null
      from jsonb_to_recordset(${JSON.stringify(f)}::jsonb) as x(
        external_userid text, userid text, remark text, description text, remark_mobiles text[], tag_ids text[],
        added_at timestamptz, add_way int)
      on conflict (organization_id, external_userid, userid) do update set
        remark = excluded.remark, description = excluded.description, remark_mobiles = excluded.remark_mobiles,
        tag_ids = excluded.tag_ids, added_at = excluded.added_at, add_way = excluded.add_way,
        synced_at = excluded.synced_at, removed_at = null`);
}
