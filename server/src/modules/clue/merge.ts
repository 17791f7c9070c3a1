import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import type { Session } from '../../platform/session';
import type { ClueFieldService } from '../clueField';
import { maskPhone, STANDARD_BY_NAME } from '../clueField';
import { addEvent } from './events';
import { clueScope, searchGrams } from './query';
import { clue, clueCollaborator, clueEvent, clueTransfer } from './schema';
import { type ClueInsert, type ClueRow, clueView, viewContext } from './view';

/** The standard fields a merge lets the user choose among the leads, with the columns each carries. */
export const MERGE_FIELDS: Record<string, (keyof ClueRow)[]> = {
  name: ['name'],
  company: ['company'],
  phone: ['phone'],
  type: ['type', 'turnCustomerTime'],
  ownerId: ['ownerId', 'isInSea', 'poolId', 'seaEntryType', 'seaTime', 'assignStatus', 'receiveType', 'receivedAt'],
  stage: ['stage'],
  channelSourceId: ['channelSourceId'],
  followStatusId: ['followStatusId'],
  followPhaseId: ['followPhaseId'],
  gender: ['gender'],
  age: ['age'],
  birthday: ['birthday'],
  area: ['provinceCode', 'cityCode', 'districtCode', 'areaName'],
  address: ['address'],
  remark: ['remark'],
  nextFollowTime: ['nextFollowTime'],
};

const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length);

/** What other modules do when leads are merged (their rows of the merged leads follow the lead kept). */
export type MergeHook = (tx: DbOrTx, orgId: number, fromIds: number[], toId: number) => Promise<void>;

/**
 * Duplicate groups under the organisation's rules, and the merge of leads into one: in one transaction the kept lead
 * takes the chosen value of each field (by default its own, or the first other lead's where its own is empty), the
 * numbers, tags and collaborators of all, their interaction records, move log and (hooks) recordings; the other leads
 * are removed. A refused merge changes nothing.
 */
export class ClueMerge {
  readonly hooks: MergeHook[] = [];

  constructor(
    private readonly db: Db,
    private readonly fields: ClueFieldService,
  ) {}

  /** The session's live leads by id, as views (masks and hidden fields applied); 404 when any is missing. */
  async views(s: Session, ids: number[]) {
    if (!ids.length) return [];
    const [rows, vc] = await Promise.all([
      this.db
        .select()
        .from(clue)
        .where(and(inArray(clue.id, ids), clueScope(s))),
      viewContext(this.db, this.fields, s),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [clueView(r, vc)] : [];
    });
  }

  /** Rows kept in a merge record, shown as the detail shows a lead. */
  async snapshotViews(s: Session, rows: Record<string, unknown>[]) {
    const vc = await viewContext(this.db, this.fields, s);
    return rows.map((r) => clueView(r as ClueRow, vc));
  }

  /** The key expressions of a duplicate rule over the alias c, or null when a field cannot be grouped. */
  private keyOf(fieldNames: string[]): SQL[] {
    return fieldNames.map((f) =>
      f === 'phone' || f === 'name' || f === 'company'
        ? sql`${sql.identifier('c')}.${sql.identifier(f)}`
        : sql`(c.custom ->> ${f})`,
    );
  }

  /**
   * Groups of live leads (those the session sees) that share the fields of a rule, newest group first, a page of
   * them and how many there are. The key is grouped by a hash aggregate over the organisation's leads.
   */
  async groups(s: Session, rule: { fieldNames: string[] }, page: { limit: number; offset: number; clueId?: number }) {
    const keys = this.keyOf(rule.fieldNames);
    const conds: SQL[] = [
      sql`c.organization_id = ${s.orgId}`,
      sql`c.deleted_at is null`,
      ...keys.map((k) => sql`coalesce(${k}, '') <> ''`),
    ];
    if (s.visibleUserIds !== null) conds.push(sql`c.owner_id = any(${`{${s.visibleUserIds.join(',')}}`}::int[])`);
    const where = sql.join(conds, sql` and `);
    const keyList = sql.join(keys, sql`, `);
    const grouped = sql`select ${keyList}, array_agg(c.id order by c.id) as ids, max(c.id) as newest
      from clue c where ${where} group by ${keyList} having count(*) > 1`;
    const one = page.clueId ? sql`where ${page.clueId} = any(g.ids)` : sql``;
    const [rows, count] = await Promise.all([
      this.db.execute<{ ids: number[] | string }>(
        sql`select g.ids from (${grouped}) g ${one} order by g.newest desc limit ${page.limit} offset ${page.offset}`,
      ),
      page.clueId
        ? Promise.resolve(null)
        : this.db.execute<{ n: number }>(sql`select count(*)::int as n from (${grouped}) g`),
    ]);
    const ids = (v: number[] | string) =>
      Array.isArray(v) ? v.map(Number) : String(v).replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
    return {
      groups: rows.rows.map((r) => ids(r.ids)),
      total: count ? Number(count.rows[0]?.n ?? 0) : rows.rows.length,
    };
  }

  /**
   * Merges `otherIds` into `keepId`. `choices` names, per field (standard field name or custom field name), the lead
   * whose value is kept. Answers the rows before the merge (the kept one first) for the merge record.
   */
  async merge(
    tx: DbOrTx,
    s: Session,
    keepId: number,
    otherIds: number[],
    choices: Record<string, number>,
  ): Promise<ClueRow[]> {
    const all = [keepId, ...otherIds.filter((id) => id !== keepId)];
    if (all.length < 2) throw badRequest('clueIds：请至少选择两个客户进行合并');
    const rows = await tx
      .select()
      .from(clue)
      .where(and(inArray(clue.id, all), clueScope(s)))
      .orderBy(clue.id)
      .for('update');
    if (rows.length !== all.length) throw badRequest('所选客户不存在或已被合并');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const kept = byId.get(keepId)!;
    const others = all.slice(1).map((id) => byId.get(id)!);
    if (others.some((r) => r.lockStatus === 1)) throw badRequest('被合并的客户中有已锁定的客户，请先解锁');
    const defs = await this.fields.customDefs(s.orgId, tx);
    for (const [f, id] of Object.entries(choices)) {
      if (!MERGE_FIELDS[f] && !defs.some((d) => d.fieldName === f)) throw badRequest(`choices：字段不存在：${f}`);
      if (!byId.has(id))
        throw badRequest(`choices：字段“${STANDARD_BY_NAME.get(f)?.fieldLabel ?? f}”选择的客户不在合并范围内`);
    }
    const pick = (f: string, get: (r: ClueRow) => unknown): ClueRow => {
      if (choices[f]) return byId.get(choices[f])!;
      return empty(get(kept)) ? (others.find((r) => !empty(get(r))) ?? kept) : kept;
    };
    const set: Record<string, unknown> = {};
    for (const [f, cols] of Object.entries(MERGE_FIELDS)) {
      const from = pick(f, (r) => r[cols[0]]);
      for (const c of cols) set[c] = from[c];
    }
    const custom: Record<string, unknown> = { ...kept.custom };
    for (const d of defs) {
      const v = pick(d.fieldName, (r) => r.custom[d.fieldName]).custom[d.fieldName];
      if (empty(v)) delete custom[d.fieldName];
      else custom[d.fieldName] = v;
    }
    const phone = set.phone as string;
    const phones = [...new Set(rows.flatMap((r) => [r.phone, ...r.phones]))].filter((p) => p && p !== phone);
    const ownerId = set.ownerId as number | null;
    const collaborators = [...new Set(rows.flatMap((r) => r.collaboratorIds))].filter((id) => id !== ownerId);
    const latest = (get: (r: ClueRow) => Date | null) =>
      rows.map(get).reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);
    const values: Partial<ClueInsert> = {
      ...(set as Partial<ClueInsert>),
      custom,
      phones: phones.slice(0, 10),
      tagIds: [...new Set(rows.flatMap((r) => r.tagIds))],
      collaboratorIds: collaborators,
      callCount: rows.reduce((n, r) => n + r.callCount, 0),
      lastCallTime: latest((r) => r.lastCallTime),
      lastFollowTime: latest((r) => r.lastFollowTime),
      searchGrams: searchGrams(set.name as string, set.company as string),
      updatedAt: new Date(),
    };
    const otherIdList = others.map((r) => r.id);
    await tx.update(clue).set(values).where(eq(clue.id, kept.id));
    await tx
      .update(clueEvent)
      .set({ clueId: kept.id })
      .where(and(eq(clueEvent.organizationId, s.orgId), inArray(clueEvent.clueId, otherIdList)));
    await tx
      .update(clueTransfer)
      .set({ clueId: kept.id })
      .where(and(eq(clueTransfer.organizationId, s.orgId), inArray(clueTransfer.clueId, otherIdList)));
    await tx.execute(sql`
      insert into clue_collaborator (organization_id, clue_id, user_id, added_by)
      select ${s.orgId}, ${kept.id}, u, ${s.userId} from unnest(${`{${collaborators.join(',')}}`}::int[]) as u
      on conflict do nothing`);
    await tx
      .delete(clueCollaborator)
      .where(and(eq(clueCollaborator.organizationId, s.orgId), inArray(clueCollaborator.clueId, otherIdList)));
    for (const hook of this.hooks) await hook(tx, s.orgId, otherIdList, kept.id);
    await tx.delete(clue).where(and(eq(clue.organizationId, s.orgId), inArray(clue.id, otherIdList)));
    await addEvent(tx, s.orgId, kept.id, {
      type: 'merge',
      userId: s.userId,
      title: '合并客户',
      content: `合并了${others.length}个重复客户：${others.map((r) => r.name || maskPhone(r.phone)).join('、')}`,
      detail: { mergedClueIds: otherIdList },
    });
    return [kept, ...others];
  }
}
