import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { STANDARD_BY_NAME } from '../clueField';
import type { AutoAssigner, AutoPick } from './autoAssign';
import { lockLeads } from './duplicates';
import { orgClues } from './query';
import { clue } from './schema';
import { autoMove, recordMoves } from './sea';

/**
 * Leads written in bulk by the import job (clueImport): a batch of checked rows tested against the duplicate rules
 * and inserted with one statement, and the removal of an earlier attempt's leads when a job is retried.
 */

/** The values of a new lead read from a spreadsheet row (organisation, owner and import details come per batch). */
export interface NewLead {
  name: string;
  company: string;
  phone: string;
  phones: string[];
  ownerId: number | null;
  channelSourceId: number | null;
  sign: string;
  stage: number;
  gender: number | null;
  age: number | null;
  birthday: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  areaName: string;
  address: string;
  tagIds: number[];
  followStatusId: number | null;
  remark: string;
  nextFollowTime: Date | null;
  custom: Record<string, unknown>;
  searchGrams: string[];
}

/** What the leads of one import share: where they come from, who gets them, their type and tags. */
export interface ImportBatch {
  importRecordId: number | null;
  importWay: number;
  /** The importer. */
  createdBy: number;
  clueType?: 1 | 2;
  /** Into the public sea instead of an owner. */
  toSea?: boolean;
  /** The pool of leads into the sea (/highSeasImport). */
  poolId?: number | null;
  /** Rows that name no owner go through the automatic assignment rules (then to ownerId when none matches). */
  autoAssign?: boolean;
  /** The owner of rows that name none. */
  ownerId?: number | null;
  channelSourceId?: number | null;
  /** Tags added to every row. */
  tagIds?: number[];
}

type Rule = { fieldNames: string[]; range: number };

export class ClueBulk {
  /** The automatic assignment rules (Clues.useAutoAssign), when present. */
  autoAssign?: AutoAssigner;

  constructor(private readonly db: Db) {}

  /**
   * One batch in one transaction under the organisation's lead lock: the rows that duplicate an existing lead or an
   * earlier row of the batch are left out, the rest inserted with one statement. Answers, per row, the label of the
   * rule it duplicates (null for the rows inserted).
   */
  insertBatch(orgId: number, batch: ImportBatch, rows: NewLead[], rules: Rule[]): Promise<(string | null)[]> {
    return this.db.transaction(async (tx) => {
      await lockLeads(tx, orgId);
      const dup = await duplicatesOf(tx, orgId, rows, rules);
      const fresh = rows.filter((_, i) => !dup[i]);
      if (!fresh.length) return dup;
      const time = new Date();
      const picks: (AutoPick | null)[] =
        batch.autoAssign && !batch.toSea && this.autoAssign
          ? await this.autoAssign(
              tx,
              orgId,
              fresh.map((r) => ({
                importWay: batch.importWay,
                channelSourceId: r.channelSourceId ?? batch.channelSourceId ?? null,
                provinceCode: r.provinceCode,
                cityCode: r.cityCode,
                custom: r.custom,
              })),
              time,
            )
          : [];
      const owners = fresh.map((r, i) =>
        batch.toSea ? null : (r.ownerId ?? picks[i]?.userId ?? batch.ownerId ?? null),
      );
      const receive = fresh.map((r, i) => (batch.toSea ? null : !r.ownerId && picks[i] ? 4 : 1));
      const ids = await insertLeads(tx, orgId, batch, fresh, owners, receive, time);
      // the rows a rule gave an owner: one move per rule and owner
      const byPick = new Map<string, { pick: AutoPick; ids: number[] }>();
      fresh.forEach((r, i) => {
        const pick = picks[i];
        if (!pick || r.ownerId) return;
        const key = `${pick.ruleId}:${pick.userId}`;
        const g = byPick.get(key) ?? { pick, ids: [] };
        g.ids.push(ids[i]);
        byPick.set(key, g);
      });
      for (const { pick, ids: got } of byPick.values())
        await recordMoves(
          tx,
          orgId,
          got.map((id) => ({ id, fromUserId: null })),
          autoMove(pick, time),
        );
      return dup;
    });
  }

  /** Deletes the leads an import wrote (a retried job starts over), in the caller's transaction. */
  async deleteImported(tx: DbOrTx, orgId: number, importRecordId: number): Promise<void> {
    await tx.delete(clue).where(and(orgClues(orgId, { deleted: true }), eq(clue.importRecordId, importRecordId)));
  }
}

const arrayLiteral = (xs: (string | number)[]) =>
  `{${xs.map((x) => (typeof x === 'number' ? String(x) : `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
const pgIntArray = (xs: (number | null)[]) =>
  `{${xs.map((x) => (x === null || x === undefined ? 'NULL' : String(Math.trunc(x)))).join(',')}}`;
const pgTextArray = (xs: (string | null)[]) =>
  `{${xs.map((x) => (x === null ? 'NULL' : `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;

/**
 * Which rows of a batch are duplicates under the rules (of an existing lead, or of an earlier row of the batch):
 * the label of the rule for a duplicate, null otherwise. One query per rule for the whole batch.
 */
async function duplicatesOf(db: DbOrTx, orgId: number, rows: NewLead[], rules: Rule[]): Promise<(string | null)[]> {
  const out: (string | null)[] = rows.map(() => null);
  for (const rule of rules) {
    const keyOf = (
      v: { name: string; company: string; phone: string; custom: Record<string, unknown> },
      phone?: string,
    ) => {
      const parts = rule.fieldNames.map((f) =>
        f === 'phone'
          ? (phone ?? v.phone)
          : f === 'name'
            ? v.name
            : f === 'company'
              ? v.company
              : v.custom[f] === undefined || v.custom[f] === null
                ? ''
                : JSON.stringify(v.custom[f]),
      );
      return parts.some((p) => !p) ? null : parts.join('\u0001');
    };
    const label = rule.fieldNames.map((f) => STANDARD_BY_NAME.get(f)?.fieldLabel ?? f).join('+');
    const first = rule.fieldNames[0];
    const vals = [
      ...new Set(
        rows
          .map((r) =>
            first === 'phone' ? r.phone : first === 'name' ? r.name : first === 'company' ? r.company : r.custom[first],
          )
          .filter((x) => x !== undefined && x !== null && x !== ''),
      ),
    ];
    if (!vals.length) continue;
    // range 2: live leads only; otherwise the recycle bin's count too
    const inOrg = orgClues(orgId, { deleted: rule.range !== 2 });
    const strs = vals.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
    // one statement per index: main numbers on the phone btree, further numbers on the partial GIN (an OR of the
    // two makes the planner scan the table)
    const tests: SQL[] =
      first === 'phone'
        ? [
            sql`phone = any(${arrayLiteral(strs)}::text[])`,
            sql`phones <> '{}'::text[] and phones && ${arrayLiteral(strs)}::text[]`,
          ]
        : first === 'name' || first === 'company'
          ? [sql`${sql.identifier(first)} = any(${arrayLiteral(strs)}::text[])`]
          : [sql`(custom -> ${first})::text = any(${arrayLiteral(strs)}::text[])`];
    type Found = {
      name: string;
      company: string;
      phone: string;
      phones: string[] | string;
      custom: Record<string, unknown> | string;
    };
    const found: Found[] = [];
    for (const test of tests)
      found.push(
        ...(
          await db.execute<Found>(sql`select name, company, phone, phones, custom from clue where ${inOrg} and ${test}`)
        ).rows,
      );
    const existing = new Set<string>();
    for (const e of found) {
      const custom = typeof e.custom === 'string' ? JSON.parse(e.custom) : e.custom;
      const phones = Array.isArray(e.phones)
        ? e.phones
        : String(e.phones ?? '')
            .replace(/^\{|\}$/g, '')
            .split(',')
            .filter(Boolean);
      for (const p of [e.phone, ...phones]) {
        const k = keyOf({ ...e, custom }, p);
        if (k) existing.add(k);
      }
    }
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      const k = keyOf(r);
      if (!k) return;
      if (!out[i] && (existing.has(k) || seen.has(k))) out[i] = label;
      if (!out[i]) seen.add(k);
    });
  }
  return out;
}

/**
 * One multi-row insert of a batch (unnest of column arrays: a handful of parameters whatever the batch size); answers
 * the new ids in the order of the rows.
 */
async function insertLeads(
  tx: DbOrTx,
  orgId: number,
  batch: ImportBatch,
  rows: NewLead[],
  owners: (number | null)[],
  receive: (number | null)[],
  time: Date,
): Promise<number[]> {
  const col = <T>(f: (r: NewLead) => T) => rows.map(f);
  const toSea = batch.toSea === true;
  const seaPool = toSea ? (batch.poolId ?? null) : null;
  const tags = (r: NewLead) => arrayLiteral([...new Set([...r.tagIds, ...(batch.tagIds ?? [])])]);
  const res = await tx.execute<{ id: number }>(sql`
    insert into clue (organization_id, type, name, company, phone, phones, owner_id, channel_source_id, import_way, import_record_id,
      sign, stage, gender, age, birthday, province_code, city_code, district_code, area_name, address, tag_ids, follow_status_id,
      remark, next_follow_time, custom, search_grams, is_in_sea, assign_status, receive_type, created_by, turn_customer_time,
      pool_id, sea_entry_type, sea_time, received_at)
    select ${orgId}, ${batch.clueType ?? 1}, t.name, t.company, t.phone, t.phones::text[], t.owner_id, t.channel_source_id, ${batch.importWay}, ${batch.importRecordId},
      t.sign, t.stage, t.gender, t.age, t.birthday::date, t.province_code, t.city_code, t.district_code, t.area_name, t.address, t.tag_ids::int[],
      t.follow_status_id, t.remark, t.next_follow_time::timestamptz, t.custom::jsonb, t.grams::text[], ${toSea ? 1 : 2}, ${toSea ? 1 : 2},
      t.receive_type, ${batch.createdBy}, ${batch.clueType === 2 ? sql`now()` : sql`null`},
      ${seaPool}::int, ${toSea ? 3 : null}::smallint, ${toSea ? time : null}::timestamptz, ${toSea ? null : time}::timestamptz
    from unnest(
      ${arrayLiteral(col((r) => r.name))}::text[], ${arrayLiteral(col((r) => r.company))}::text[], ${arrayLiteral(col((r) => r.phone))}::text[],
      ${arrayLiteral(col((r) => arrayLiteral(r.phones)))}::text[],
      ${pgIntArray(owners)}::int[],
      ${pgIntArray(col((r) => r.channelSourceId ?? batch.channelSourceId ?? null))}::int[],
      ${arrayLiteral(col((r) => r.sign))}::text[], ${pgIntArray(col((r) => r.stage))}::int[], ${pgIntArray(col((r) => r.gender))}::int[],
      ${pgIntArray(col((r) => r.age))}::int[], ${pgTextArray(col((r) => r.birthday))}::text[],
      ${pgTextArray(col((r) => r.provinceCode))}::text[], ${pgTextArray(col((r) => r.cityCode))}::text[], ${pgTextArray(col((r) => r.districtCode))}::text[],
      ${arrayLiteral(col((r) => r.areaName))}::text[], ${arrayLiteral(col((r) => r.address))}::text[], ${arrayLiteral(col(tags))}::text[],
      ${pgIntArray(col((r) => r.followStatusId))}::int[], ${arrayLiteral(col((r) => r.remark))}::text[],
      ${pgTextArray(col((r) => (r.nextFollowTime ? r.nextFollowTime.toISOString() : null)))}::text[],
      ${arrayLiteral(col((r) => JSON.stringify(r.custom)))}::text[], ${arrayLiteral(col((r) => arrayLiteral(r.searchGrams)))}::text[],
      ${pgIntArray(receive)}::int[]
    ) with ordinality as t(name, company, phone, phones, owner_id, channel_source_id, sign, stage, gender, age, birthday, province_code, city_code,
      district_code, area_name, address, tag_ids, follow_status_id, remark, next_follow_time, custom, grams, receive_type, n)
    order by t.n
    returning id`);
  return res.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
