import { ImportWay, normalizePhone } from '@crm/core';
import type { CallAnswer, contract } from '@crm/core/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { seesUser } from '../../platform/scope';
import type { Session } from '../../platform/session';
import type { ClueFieldService } from '../clueField';
import { maskPhone } from '../clueField';
import { orgUsers } from '../org';
import { AREA_TREE, areaName } from './area';
import { clueScope, orgClues } from './query';
import { findClue } from './rows';
import { clue } from './schema';
import { type ClueRow, clueView, type ViewContext, viewContext } from './view';

type Answer<K extends keyof typeof contract.clue> = CallAnswer<(typeof contract.clue)[K]>;

/** A lead as other modules receive it: the row, with the spec's names of its id and owner. */
const forOthers = (row: ClueRow | undefined) => (row ? { ...row, clueId: row.id, ownerUserId: row.ownerId } : null);

/** One lead and what the lead pages look up beside the lists: the detail, locations, users, options. */
export class ClueReader {
  constructor(
    private readonly db: Db,
    private readonly fields: ClueFieldService,
  ) {}

  viewContext(s: Session): Promise<ViewContext> {
    return viewContext(this.db, this.fields, s);
  }

  /** One lead the session may see (see findClue); 404 otherwise. */
  get(s: Session, clueId: number, opts: { deleted?: boolean; forUpdate?: boolean } = {}, db: DbOrTx = this.db) {
    return findClue(db, s, clueId, opts);
  }

  async detail(s: Session, clueId: number): Promise<Answer<'detail'>> {
    const [row, vc] = await Promise.all([this.get(s, clueId), this.viewContext(s)]);
    return clueView(row, vc);
  }

  /** A lead of the organisation by id, whoever owns it (for other modules working on behalf of the organisation). */
  async findById(orgId: number, clueId: number) {
    const [row] = await this.db
      .select()
      .from(clue)
      .where(and(eq(clue.id, clueId), orgClues(orgId)))
      .limit(1);
    return forOthers(row);
  }

  /** Names of leads of the organisation by id, in one query (for lists of other modules that name the lead). */
  async namesByIds(orgId: number, clueIds: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(clueIds)];
    if (!unique.length) return new Map();
    const rows = await this.db
      .select({ id: clue.id, name: clue.name })
      .from(clue)
      .where(and(inArray(clue.id, unique), orgClues(orgId)));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** The live lead with this phone number (main number first, then further numbers), newest first. */
  async findByPhone(orgId: number, phone: string) {
    const p = normalizePhone(phone);
    if (!p) return null;
    const first = (test: SQL) =>
      this.db
        .select()
        .from(clue)
        .where(and(orgClues(orgId), test))
        .orderBy(desc(clue.id))
        .limit(1);
    let [row] = await first(eq(clue.phone, p));
    if (!row) [row] = await first(sql`${clue.phones} <> '{}'::text[] and ${clue.phones} @> ${sql.param([p])}::text[]`);
    return forOthers(row);
  }

  /**
   * findByPhone for many numbers in one set-based query: each (normalised) number to the id of its live lead, a main
   * number before a further one, the newest lead first. Numbers without a lead are left out.
   */
  async idsByPhones(orgId: number, phones: string[]): Promise<Map<string, number>> {
    const wanted = [...new Set(phones.map((p) => normalizePhone(p)).filter((p): p is string => !!p))];
    if (!wanted.length) return new Map();
    const list = sql`${sql.param(wanted)}::text[]`;
    const res = await this.db.execute<{ phone: string; id: number }>(sql`
      select distinct on (phone) phone, id from (
        select ${clue.phone} as phone, ${clue.id} as id, 0 as rank from ${clue}
          where ${orgClues(orgId)} and ${clue.phone} = any(${list})
        union all
        select x.phone, ${clue.id}, 1 from ${clue} cross join unnest(${clue.phones}) as x(phone)
          where ${orgClues(orgId)} and ${clue.phones} <> '{}'::text[] and ${clue.phones} && ${list}
            and x.phone = any(${list})
      ) m order by phone, rank, id desc`);
    return new Map(res.rows.map((r) => [r.phone, Number(r.id)]));
  }

  /** Provinces and cities that the visible leads are in (location, getClueLocationListNew). */
  async locations(s: Session): Promise<Answer<'location'>> {
    const res = await this.db.execute<{ province_code: string; city_code: string | null; n: number }>(sql`
      select province_code, city_code, count(*)::int as n from ${clue}
      where ${clueScope(s)} and province_code is not null
      group by province_code, city_code order by province_code, city_code`);
    const provinces = new Map<string, Answer<'location'>[number]>();
    for (const r of res.rows) {
      const p = provinces.get(r.province_code) ?? {
        value: r.province_code,
        text: areaName(r.province_code),
        count: 0,
        children: [],
      };
      p.count += Number(r.n);
      if (r.city_code) p.children.push({ value: r.city_code, text: areaName(r.city_code), count: Number(r.n) });
      provinces.set(r.province_code, p);
    }
    return [...provinces.values()];
  }

  /** Active users whose leads the session may see: owner filters and assignment (getUserList). */
  async users(s: Session): Promise<Answer<'users'>> {
    return (await orgUsers(this.db, s.orgId))
      .filter((u) => u.status === 1 && seesUser(s, u.id))
      .map((u) => ({ userId: u.id, id: u.id, realName: u.realName, deptId: u.deptId, deptName: u.deptName ?? '' }));
  }

  /** The enabled channel sources, for the list's filter. */
  async channelSources(s: Session): Promise<Answer<'channelSource'>> {
    return (await this.fields.dict(s.orgId, 'channelSource', true)).map((d) => ({ id: d.id, name: d.name }));
  }

  /** Half-masked phone numbers of a lead (queryHalfMaskCode): 138****5678. */
  async halfMask(s: Session, clueId: number): Promise<Answer<'halfMask'>> {
    const c = await this.get(s, clueId);
    return { clueId: c.id, phone: maskPhone(c.phone), phones: c.phones.map(maskPhone) };
  }
}

/** The import ways 1-16 (getClueImportWayList). */
export const importWays = (): Answer<'importWays'> =>
  Object.entries(ImportWay).map(([k, v]) => ({ importWayId: Number(k), importWayName: v }));

/** The province / city / district tree (getAreaList). */
export const areaTree = (): Answer<'areaList'> => AREA_TREE;

/** The import template's file name and where it is downloaded (getImportFileName). */
export const importTemplate = (): Answer<'importFileName'> => ({
  fileName: '线索导入模板.xlsx',
  url: '/api/robot/clueImport/downloadTemplate',
});
