import {
  CallStatus,
  ClueType,
  CustomerStage,
  formatDateTime,
  Gender,
  ImportWay,
  normalizePhone,
  parseDateTime,
  ReceiveType,
  TransferMode,
} from '@crm/core';
import { and, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict, forbidden, must, notFound } from '../../platform/errors';
import { offsetOf, type PageRequest, page } from '../../platform/paging';
import type { Session } from '../../platform/session';
import { customValueText, type FieldDef, isEmpty, isPhone, maskPhone, STANDARD_BY_NAME } from '../clueField/fields';
import type { ClueFieldService, FieldAccess } from '../clueField/service';
import { type OrgUser, orgUser, orgUsers } from '../org/directory';
import { deptSubtree, usersInDepts } from '../org/service';
import { areaFromCodes, areaName } from './area';
import {
  type ClueFilter,
  listConditions,
  orderBy,
  phoneSearchTerm,
  type SortField,
  scopeCondition,
  searchGrams,
} from './query';
import { clue, clueCollaborator, clueEvent } from './schema';

export type ClueRow = typeof clue.$inferSelect;
export type ClueInsert = typeof clue.$inferInsert;

export interface ClueInput {
  type?: 1 | 2;
  name?: string;
  company?: string;
  phone?: string;
  phones?: string[];
  ownerId?: number | null;
  channelSourceId?: number | null;
  sign?: string;
  stage?: number;
  gender?: 1 | 2 | null;
  age?: number | null;
  birthday?: string | null;
  areaCodes?: string[];
  /** '' or null clears it. */
  address?: string | null;
  tagIds?: number[];
  followStatusId?: number | null;
  followPhaseId?: number | null;
  lostReasonId?: number | null;
  /** '' or null clears it. */
  remark?: string | null;
  nextFollowTime?: string | null;
  custom?: Record<string, unknown>;
}

export interface ListRequest extends ClueFilter, PageRequest {
  sortField?: SortField;
  sortOrder?: 'asc' | 'desc';
  deptIds?: number[];
}

export interface InteractionItem {
  type: string;
  id: number | string;
  time: string | null;
  title: string;
  [key: string]: unknown;
}

/** What a list or a detail needs to turn ids into names, and what the role may see. */
export interface ViewContext {
  users: Map<number, OrgUser>;
  dicts: Map<number, string>;
  tags: Map<number, string>;
  defs: FieldDef[];
  access: Map<string, FieldAccess>;
}

/** An interaction event of a lead, as addEvent records it. */
export interface ClueEventInput {
  type: string;
  userId?: number | null;
  title?: string;
  content?: string;
  detail?: Record<string, unknown>;
  time?: Date;
}

/** Above this many matching rows a list reports the planner's estimate instead of counting (totalExact: false). */
export const COUNT_CAP = 10_000;

/** Lead columns that hold an id of one of the organisation's dictionaries, and which dictionary. */
const DICT_REFS = [
  ['channelSourceId', 'channelSource'],
  ['followStatusId', 'followStatus'],
  ['followPhaseId', 'followPhase'],
  ['lostReasonId', 'lostReason'],
] as const;

const EVENT_TITLES: Record<string, string> = {
  create: '新建客户',
  edit: '编辑资料',
  follow: '跟进记录',
  transfer: '跟进人变更',
  lock: '锁定状态变更',
  blacklist: '黑名单',
  recycle: '移入回收站',
  restore: '从回收站还原',
  turn: '线索转客户',
  collaborator: '协作人变更',
};

/** Leads and customers: the one place that reads and writes the clue tables. Other modules call these methods. */
/** The owner to assign: an active user of the organisation inside the session's data scope. */
async function assignableOwner(tx: DbOrTx, s: Session, ownerId: number): Promise<OrgUser> {
  const u = await orgUser(tx, s.orgId, ownerId);
  if (u?.status !== 1) throw badRequest('ownerId：跟进人不存在或已停用');
  if (s.visibleUserIds !== null && !s.visibleUserIds.includes(ownerId))
    throw forbidden('不能把客户分配给数据权限以外的员工');
  return u;
}

export class ClueService {
  constructor(
    private readonly db: Db,
    private readonly fields: ClueFieldService,
    private readonly ctx: AppContext,
  ) {}

  // ---- reading ----

  private async accessOf(s: Session): Promise<Map<string, FieldAccess>> {
    return s.isSuperAdmin ? new Map() : this.fields.accessFor(s.orgId, s.roleId);
  }

  async viewContext(s: Session): Promise<ViewContext> {
    const [users, dicts, tags, defs, access] = await Promise.all([
      orgUsers(this.db, s.orgId),
      this.fields.dictAll(s.orgId),
      this.fields.tags(s.orgId),
      this.fields.customDefs(s.orgId),
      this.accessOf(s),
    ]);
    return {
      users: new Map(users.map((u) => [u.id, u])),
      dicts: new Map(dicts.map((d) => [d.id, d.name])),
      tags: new Map(tags.map((t) => [t.id, t.name])),
      defs,
      access,
    };
  }

  /** A lead as the API sends it: names beside ids, hidden fields left out, masked fields masked. */
  view(row: ClueRow, vc: ViewContext): Record<string, unknown> {
    const owner = row.ownerId ? vc.users.get(row.ownerId) : undefined;
    const out: Record<string, unknown> = {
      id: row.id,
      clueId: row.id,
      type: row.type,
      typeName: ClueType[row.type as 1 | 2] ?? '',
      name: row.name,
      company: row.company,
      phone: row.phone,
      phones: row.phones,
      ownerId: row.ownerId,
      ownerName: owner?.realName ?? '',
      deptId: owner?.deptId ?? null,
      deptName: owner?.deptName ?? '',
      collaboratorIds: row.collaboratorIds,
      collaboratorNames: row.collaboratorIds.map((id) => vc.users.get(id)?.realName ?? '').filter(Boolean),
      channelSourceId: row.channelSourceId,
      channelSourceName: row.channelSourceId ? (vc.dicts.get(row.channelSourceId) ?? '') : '',
      importWay: row.importWay,
      importWayName: ImportWay[row.importWay as keyof typeof ImportWay] ?? '',
      callStatus: row.callStatus,
      callStatusName: CallStatus[row.callStatus as keyof typeof CallStatus] ?? '',
      callCount: row.callCount,
      lastCallTime: formatDateTime(row.lastCallTime),
      lastCallDuration: row.lastCallDuration,
      sign: row.sign,
      lockStatus: row.lockStatus,
      isInSea: row.isInSea,
      receiveType: row.receiveType,
      receiveTypeName: row.receiveType ? (ReceiveType[row.receiveType as keyof typeof ReceiveType] ?? '') : '',
      assignStatus: row.assignStatus,
      risk: row.risk,
      voiceprint: row.voiceprint,
      stage: row.stage,
      stageName: CustomerStage[row.stage as keyof typeof CustomerStage] ?? '',
      gender: row.gender,
      genderName: row.gender ? (Gender[row.gender as 1 | 2] ?? '') : '',
      age: row.age,
      birthday: row.birthday,
      area: [row.provinceCode, row.cityCode, row.districtCode].filter(Boolean),
      areaName: row.areaName,
      address: row.address,
      tagIds: row.tagIds,
      tagNames: row.tagIds.map((id) => vc.tags.get(id)).filter(Boolean),
      followStatusId: row.followStatusId,
      followStatusName: row.followStatusId ? (vc.dicts.get(row.followStatusId) ?? '') : '',
      followPhaseId: row.followPhaseId,
      followPhaseName: row.followPhaseId ? (vc.dicts.get(row.followPhaseId) ?? '') : '',
      lostReasonId: row.lostReasonId,
      lostReasonName: row.lostReasonId ? (vc.dicts.get(row.lostReasonId) ?? '') : '',
      remark: row.remark,
      custom: {} as Record<string, unknown>,
      customText: {} as Record<string, string>,
      nextFollowTime: formatDateTime(row.nextFollowTime),
      lastFollowTime: formatDateTime(row.lastFollowTime),
      turnCustomerTime: formatDateTime(row.turnCustomerTime),
      blacklisted: row.blacklisted ? 1 : 0,
      blacklistReason: row.blacklistReason ?? '',
      deletedAt: formatDateTime(row.deletedAt),
      createdAt: formatDateTime(row.createdAt),
      updatedAt: formatDateTime(row.updatedAt),
    };
    const custom = out.custom as Record<string, unknown>;
    const customText = out.customText as Record<string, string>;
    for (const def of vc.defs) {
      const a = vc.access.get(def.fieldName);
      if (a?.access === 0) continue;
      let v = row.custom[def.fieldName] ?? null;
      if (a?.masked && typeof v === 'string') v = maskPhone(v);
      custom[def.fieldName] = v;
      customText[def.fieldName] = customValueText(def, v);
    }
    for (const [field, a] of vc.access) {
      if (!STANDARD_BY_NAME.has(field)) continue;
      const keys = STANDARD_KEYS[field] ?? [field];
      if (a.access === 0) for (const k of keys) delete out[k];
      else if (a.masked && field === 'phone') {
        out.phone = maskPhone(row.phone);
        out.phones = row.phones.map(maskPhone);
        out.phoneMasked = 1;
      }
    }
    return out;
  }

  /** A live lead the session may see (data scope); 404 otherwise, also for another organisation's id. */
  /** One lead the session may see; `forUpdate` locks its row until the transaction `db` ends. */
  async get(
    s: Session,
    clueId: number,
    opts: { deleted?: boolean; forUpdate?: boolean } = {},
    db: DbOrTx = this.db,
  ): Promise<ClueRow> {
    const conds: (SQL | undefined)[] = [eq(clue.id, clueId), eq(clue.organizationId, s.orgId), scopeCondition(s)];
    conds.push(opts.deleted ? isNotNull(clue.deletedAt) : sql`${clue.deletedAt} is null`);
    const query = db
      .select()
      .from(clue)
      .where(and(...conds))
      .limit(1);
    const [row] = await (opts.forUpdate ? query.for('update') : query);
    return must(row, '客户不存在');
  }

  async detail(s: Session, clueId: number) {
    const [row, vc] = await Promise.all([this.get(s, clueId), this.viewContext(s)]);
    return this.view(row, vc);
  }

  /** A lead of the organisation by id, whoever owns it (for other modules working on behalf of the organisation). */
  async findById(orgId: number, clueId: number) {
    const [row] = await this.db
      .select()
      .from(clue)
      .where(and(eq(clue.id, clueId), eq(clue.organizationId, orgId), sql`${clue.deletedAt} is null`))
      .limit(1);
    return row ? { ...row, clueId: row.id, ownerUserId: row.ownerId } : null;
  }

  /** The live lead with this phone number (main number first, then further numbers), newest first. */
  async findByPhone(orgId: number, phone: string) {
    const p = normalizePhone(phone);
    if (!p) return null;
    const live = and(eq(clue.organizationId, orgId), sql`${clue.deletedAt} is null`);
    let [row] = await this.db
      .select()
      .from(clue)
      .where(and(live, eq(clue.phone, p)))
      .orderBy(desc(clue.id))
      .limit(1);
    if (!row)
      [row] = await this.db
        .select()
        .from(clue)
        .where(and(live, sql`${clue.phones} <> '{}'::text[]`, sql`${clue.phones} @> ${sql.param([p])}::text[]`))
        .orderBy(desc(clue.id))
        .limit(1);
    return row ? { ...row, clueId: row.id, ownerUserId: row.ownerId } : null;
  }

  private async deptUsers(orgId: number, deptIds?: number[]): Promise<number[] | undefined> {
    if (!deptIds?.length) return undefined;
    const all = new Set<number>();
    for (const d of deptIds) for (const id of await deptSubtree(this.db, orgId, d)) all.add(id);
    return usersInDepts(this.db, orgId, [...all]);
  }

  /**
   * A page of leads. Counting a million rows on every page is what makes lists slow, so the total is:
   * exact when this page is the last one (fewer rows than the page size); exact (capped count) when the planner
   * expects at most COUNT_CAP rows; otherwise the planner's estimate, sent with totalExact: false (the list shows
   * 约 N 条). The page, the estimate and the lookups run at the same time.
   */
  async list(s: Session, req: ListRequest) {
    const defs = await this.fields.customDefs(s.orgId);
    const where = await this.whereOf(s, req, defs);
    // text search: the planner cannot estimate the gram test, and the matches are visited for the page anyway,
    // so the capped count runs beside the page instead of after it
    const textSearch = Boolean(
      req.name?.trim() || req.company?.trim() || (req.keyword?.trim() && !phoneSearchTerm(req)),
    );
    const [vc, rows, estimate, counted] = await Promise.all([
      this.viewContext(s),
      this.db
        .select()
        .from(clue)
        .where(where)
        .orderBy(orderBy(req.sortField, req.sortOrder))
        .limit(req.pageSize)
        .offset(offsetOf(req)) as Promise<ClueRow[]>,
      textSearch ? Promise.resolve(0) : this.estimate(where),
      textSearch ? this.cappedCount(where) : Promise.resolve(null),
    ]);
    const { total, exact } =
      counted !== null && !(rows.length < req.pageSize && (rows.length > 0 || req.pageNum === 1))
        ? counted <= COUNT_CAP
          ? { total: counted, exact: true }
          : { total: Math.max(counted, offsetOf(req) + rows.length + 1), exact: false }
        : await this.totalOf(where, req, rows.length, estimate);
    return {
      ...page(
        rows.map((r) => this.view(r, vc)),
        total,
        req,
      ),
      totalExact: exact,
    };
  }

  private async totalOf(
    where: SQL,
    req: PageRequest,
    got: number,
    estimate: number,
  ): Promise<{ total: number; exact: boolean }> {
    if (got < req.pageSize && (got > 0 || req.pageNum === 1)) return { total: offsetOf(req) + got, exact: true };
    if (estimate <= COUNT_CAP) {
      const n = await this.cappedCount(where);
      if (n <= COUNT_CAP) return { total: n, exact: true };
    }
    return { total: Math.max(estimate, offsetOf(req) + got + 1, COUNT_CAP + 1), exact: false };
  }

  async whereOf(s: Session, req: ListRequest, defs?: FieldDef[]): Promise<SQL> {
    const deptUserIds = await this.deptUsers(s.orgId, req.deptIds);
    const p = phoneSearchTerm(req);
    let extraPhoneIds: number[] | undefined;
    if (p) {
      const rows = await this.db
        .select({ id: clue.id })
        .from(clue)
        .where(
          and(
            eq(clue.organizationId, s.orgId),
            sql`${clue.phones} <> '{}'::text[]`,
            sql`${clue.phones} @> ${sql.param([p])}::text[]`,
          ),
        )
        .limit(1000);
      extraPhoneIds = rows.map((r) => r.id);
    }
    const collaborating =
      s.visibleUserIds !== null &&
      (
        await this.db
          .select({ id: clueCollaborator.id })
          .from(clueCollaborator)
          .where(and(eq(clueCollaborator.organizationId, s.orgId), eq(clueCollaborator.userId, s.userId)))
          .limit(1)
      ).length > 0;
    return and(
      ...listConditions(
        s,
        { ...req, deptUserIds, extraPhoneIds },
        defs ?? (await this.fields.customDefs(s.orgId)),
        collaborating,
      ),
    )!;
  }

  private async cappedCount(where: SQL): Promise<number> {
    const res = await this.db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${clue} where ${where} limit ${COUNT_CAP + 1}) t`,
    );
    return Number(res.rows[0].n);
  }

  /** The planner's row estimate for a condition (EXPLAIN, no execution). */
  async estimate(where: SQL): Promise<number> {
    const plan = await this.db.execute<{ 'QUERY PLAN': unknown }>(
      sql`explain (format json) select 1 from ${clue} where ${where}`,
    );
    const raw = plan.rows[0]['QUERY PLAN'];
    const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
    return Math.round(json[0].Plan['Plan Rows']);
  }

  /** Exact up to COUNT_CAP, else the estimate (tabs, exports). */
  async count(where: SQL): Promise<{ total: number; exact: boolean }> {
    const estimate = await this.estimate(where);
    if (estimate <= COUNT_CAP) {
      const n = await this.cappedCount(where);
      if (n <= COUNT_CAP) return { total: n, exact: true };
    }
    return { total: Math.max(estimate, COUNT_CAP + 1), exact: false };
  }

  /** Ids of a list in order (for previous/next in the detail drawer), up to `limit`. */
  async listIds(s: Session, req: ListRequest, limit = 1000): Promise<number[]> {
    const where = await this.whereOf(s, req);
    const rows = await this.db
      .select({ id: clue.id })
      .from(clue)
      .where(where)
      .orderBy(orderBy(req.sortField, req.sortOrder))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /**
   * Previous and next lead of the same list around a lead (the /Detail rules): keyset on the list's sort, so it
   * works on any page without loading the list.
   */
  async neighbours(s: Session, req: ListRequest, clueId: number) {
    const cur = await this.get(s, clueId);
    const where = await this.whereOf(s, req);
    const field = req.sortField ?? 'id';
    const order = req.sortOrder ?? 'desc';
    const one = async (forward: boolean) => {
      const asc = (order === 'asc') === forward;
      const col = field === 'id' || field === 'createdAt' ? null : (clue as any)[field];
      let cond: SQL;
      if (!col) cond = asc ? sql`${clue.id} > ${cur.id}` : sql`${clue.id} < ${cur.id}`;
      else {
        const v = (cur as any)[field] as Date | null;
        // rows ordered by (col nulls per direction, id): compare as a tuple, treating null as beyond the end
        cond =
          v === null
            ? sql`(${col} is null and ${asc ? sql`${clue.id} > ${cur.id}` : sql`${clue.id} < ${cur.id}`})`
            : asc
              ? sql`(${col} > ${v} or (${col} = ${v} and ${clue.id} > ${cur.id}) or ${col} is null)`
              : sql`(${col} < ${v} or (${col} = ${v} and ${clue.id} < ${cur.id}))`;
      }
      const [row] = await this.db
        .select({ id: clue.id })
        .from(clue)
        .where(and(where, cond))
        .orderBy(orderBy(field, asc ? 'asc' : 'desc'))
        .limit(1);
      return row?.id ?? null;
    };
    const [next, prev] = await Promise.all([one(true), one(false)]);
    return { prevId: prev, nextId: next };
  }

  /** Counts of the tabs of the lead list (all, leads, customers, to follow today, overdue, never followed, locked). */
  async tabData(s: Session, req: ListRequest) {
    const { type: _t, nextFollowTime: _n, lastFollowTime: _l, lockStatus: _k, ...base } = req;
    const tabs: [string, string, Partial<ListRequest>][] = [
      ['all', '全部', {}],
      ['clue', '线索', { type: 1 }],
      ['customer', '客户', { type: 2 }],
      ['todayFollow', '今日待跟进', { nextFollowTime: '今天' }],
      ['overdue', '已超时', { nextFollowTime: [null, formatDateTime(new Date())] }],
      ['locked', '已锁定', { lockStatus: 1 }],
    ];
    const defs = await this.fields.customDefs(s.orgId);
    const out = [];
    for (const [tabId, tabName, extra] of tabs) {
      const where = await this.whereOf(s, { ...base, ...extra } as ListRequest, defs);
      const { total, exact } = await this.count(where);
      out.push({ tabId, tabName, count: total, exact, filter: extra });
    }
    return out;
  }

  /** Provinces and cities that the visible leads are in (getClueLocationListNew). */
  async locations(s: Session) {
    const scope = scopeCondition(s);
    const res = await this.db.execute<{ province_code: string; city_code: string | null; n: number }>(sql`
      select province_code, city_code, count(*)::int as n from ${clue}
      where organization_id = ${s.orgId} and deleted_at is null and province_code is not null ${scope ? sql`and ${scope}` : sql``}
      group by province_code, city_code order by province_code, city_code`);
    const provinces = new Map<
      string,
      { value: string; text: string; count: number; children: { value: string; text: string; count: number }[] }
    >();
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

  // ---- writing ----

  /** Turns an input into column values, checking every reference against the organisation. */
  private async columnsOf(
    s: Session,
    input: ClueInput,
    mode: 'create' | 'update',
    tx: DbOrTx,
    current?: ClueRow,
  ): Promise<Partial<ClueInsert>> {
    const v: Partial<ClueInsert> = {};
    if (input.type !== undefined) v.type = input.type;
    if (input.name !== undefined) v.name = input.name.trim();
    if (input.company !== undefined) v.company = input.company.trim();
    if (input.phone !== undefined) {
      const p = normalizePhone(input.phone);
      if (!isPhone(p)) throw badRequest('phone：手机号格式不正确');
      v.phone = p;
    }
    if (input.phones !== undefined) {
      const ps = [...new Set(input.phones.map(normalizePhone).filter(Boolean))];
      for (const p of ps) if (!isPhone(p)) throw badRequest(`phones：电话号码“${p}”格式不正确`);
      v.phones = ps;
    }
    if (input.ownerId !== undefined && input.ownerId !== null) {
      // creating a lead for someone else is an assignment (edits leave the owner to changeFollowUser)
      if (mode === 'create' && input.ownerId !== s.userId && !s.isSuperAdmin && !s.signs.has('clue:assign'))
        throw forbidden('无权限把客户分配给其他员工');
      await assignableOwner(tx, s, input.ownerId);
      v.ownerId = input.ownerId;
    }
    for (const [key, kind] of DICT_REFS) {
      const id = input[key];
      if (id === undefined) continue;
      await this.fields.checkDictId(s.orgId, kind, id, tx);
      v[key] = id;
    }
    if (input.tagIds !== undefined) {
      await this.fields.checkTagIds(s.orgId, input.tagIds, tx);
      v.tagIds = [...new Set(input.tagIds)];
    }
    if (input.sign !== undefined) v.sign = input.sign;
    if (input.stage !== undefined) v.stage = input.stage;
    if (input.gender !== undefined) v.gender = input.gender;
    if (input.age !== undefined) v.age = input.age;
    if (input.birthday !== undefined) {
      if (input.birthday && !parseDateTime(input.birthday)) throw badRequest('birthday：日期格式不正确');
      v.birthday = input.birthday || null;
    }
    if (input.areaCodes !== undefined) {
      const a = areaFromCodes(input.areaCodes);
      if (!a) throw badRequest('areaCodes：所在地区不存在');
      Object.assign(v, a);
    }
    if (input.address !== undefined) v.address = input.address ?? '';
    if (input.remark !== undefined) v.remark = input.remark ?? '';
    if (input.nextFollowTime !== undefined) {
      const d = input.nextFollowTime ? parseDateTime(input.nextFollowTime) : null;
      if (input.nextFollowTime && !d) throw badRequest('nextFollowTime：日期格式不正确');
      v.nextFollowTime = d;
    }
    if (input.custom !== undefined || mode === 'create') {
      const checked = await this.fields.validateCustom(s.orgId, input.custom ?? {}, mode, tx);
      v.custom = mode === 'create' ? checked : dropNulls({ ...(current?.custom ?? {}), ...checked });
    }
    const name = v.name ?? current?.name ?? '';
    const company = v.company ?? current?.company ?? '';
    if (v.name !== undefined || v.company !== undefined) v.searchGrams = searchGrams(name, company);
    return v;
  }

  /** Refuses writes to fields the role may only read (or not see). */
  private async checkWritable(s: Session, input: ClueInput): Promise<void> {
    const access = await this.accessOf(s);
    if (!access.size) return;
    const keys = Object.keys(input).filter(
      (k) => k !== 'custom' && (input as Record<string, unknown>)[k] !== undefined,
    );
    const names = [...keys.map((k) => (k === 'areaCodes' ? 'area' : k)), ...Object.keys(input.custom ?? {})];
    for (const n of names) {
      const a = access.get(n);
      if (a && a.access < 2) throw forbidden(`无权修改字段：${STANDARD_BY_NAME.get(n)?.fieldLabel ?? n}`);
    }
  }

  /** The first enabled duplicate rule a lead matches, with the existing lead; null when none. */
  async findDuplicate(orgId: number, values: Partial<ClueInsert>, exceptId: number | null, tx: DbOrTx = this.db) {
    const rules = await this.fields.activeRepeatRules(orgId, tx);
    // leads holding the number among their further numbers, found first: an OR with the array test in one
    // statement lets the planner choose a whole-table scan
    let extraIds: number[] | null = null;
    const phoneExtra = async (p: unknown) => {
      extraIds ??= (
        await tx
          .select({ id: clue.id })
          .from(clue)
          .where(
            and(
              eq(clue.organizationId, orgId),
              sql`${clue.phones} <> '{}'::text[]`,
              sql`${clue.phones} @> ${sql.param([String(p)])}::text[]`,
            ),
          )
      ).map((r) => r.id);
      return extraIds;
    };
    for (const rule of rules) {
      const conds: SQL[] = [sql`${clue.organizationId} = ${orgId}`];
      if (rule.range === 2) conds.push(sql`${clue.deletedAt} is null`);
      if (exceptId) conds.push(sql`${clue.id} <> ${exceptId}`);
      let usable = true;
      for (const f of rule.fieldNames) {
        const v =
          f === 'phone' || f === 'name' || f === 'company'
            ? (values as Record<string, unknown>)[f]
            : values.custom?.[f];
        if (isEmpty(v)) usable = false;
        else if (f === 'phone') {
          const extra = await phoneExtra(v);
          conds.push(
            extra.length
              ? sql`(${clue.phone} = ${v} or ${clue.id} = any(${sql.param(extra)}::int[]))`
              : sql`${clue.phone} = ${v}`,
          );
        } else if (f === 'name') conds.push(sql`${clue.name} = ${v}`);
        else if (f === 'company') conds.push(sql`${clue.company} = ${v}`);
        else conds.push(sql`${clue.custom} -> ${f} = ${JSON.stringify(v)}::jsonb`);
      }
      if (!usable) continue;
      const [hit] = await tx
        .select({ id: clue.id, ownerId: clue.ownerId, isInSea: clue.isInSea, deletedAt: clue.deletedAt })
        .from(clue)
        .where(and(...conds))
        .limit(1);
      if (hit) return { rule, existing: hit };
    }
    return null;
  }

  private async duplicateError(
    orgId: number,
    dup: NonNullable<Awaited<ReturnType<ClueService['findDuplicate']>>>,
    tx: DbOrTx,
  ) {
    const labels = dup.rule.fieldNames.map((f) => STANDARD_BY_NAME.get(f)?.fieldLabel ?? f).join('+');
    const where = dup.existing.deletedAt
      ? '回收站'
      : dup.existing.isInSea === 1
        ? '公海'
        : `跟进人：${dup.existing.ownerId ? ((await orgUser(tx, orgId, dup.existing.ownerId))?.realName ?? '') : '无'}`;
    return conflict(`客户已存在（${labels}重复，${where}）`);
  }

  async add(s: Session, input: ClueInput, opts: { importWay?: number } = {}) {
    await this.checkWritable(s, input);
    return this.db.transaction(async (tx) => {
      const v = await this.columnsOf(s, input, 'create', tx);
      if (!v.phone) throw badRequest('phone：请输入手机号');
      await tx.execute(sql`select pg_advisory_xact_lock(727200, ${s.orgId})`);
      const dup = await this.findDuplicate(s.orgId, v, null, tx);
      if (dup) throw await this.duplicateError(s.orgId, dup, tx);
      const [row] = await tx
        .insert(clue)
        .values({
          ...v,
          organizationId: s.orgId,
          ownerId: v.ownerId ?? s.userId,
          importWay: opts.importWay ?? 8,
          receiveType: v.ownerId && v.ownerId !== s.userId ? 1 : null,
          searchGrams: searchGrams(v.name, v.company),
          createdBy: s.userId,
          turnCustomerTime: v.type === 2 ? new Date() : null,
        })
        .returning();
      await this.addEvent(tx, s.orgId, row.id, {
        type: 'create',
        userId: s.userId,
        content: `${row.name || row.phone}`,
      });
      return row;
    });
  }

  async edit(s: Session, clueId: number, input: ClueInput) {
    await this.checkWritable(s, input);
    // read before the transaction: PGlite has one connection, so no query may run beside an open transaction
    const vc = await this.viewContext({ ...s, isSuperAdmin: true } as Session);
    return this.db.transaction(async (tx) => {
      const cur = await this.get(s, clueId, {}, tx);
      const v = await this.columnsOf(s, input, 'update', tx, cur);
      delete v.ownerId; // the follow-up person changes through changeFollowUser
      if (v.phone !== undefined || v.name !== undefined || v.company !== undefined || v.custom !== undefined) {
        await tx.execute(sql`select pg_advisory_xact_lock(727200, ${s.orgId})`);
        const dup = await this.findDuplicate(s.orgId, { ...cur, ...v }, cur.id, tx);
        if (dup) throw await this.duplicateError(s.orgId, dup, tx);
      }
      const changes = this.diff(vc, cur, v);
      if (!changes.length) return cur;
      const [row] = await tx
        .update(clue)
        .set({ ...v, updatedAt: new Date() })
        .where(and(eq(clue.id, cur.id), eq(clue.organizationId, s.orgId)))
        .returning();
      await this.addEvent(tx, s.orgId, cur.id, {
        type: 'edit',
        userId: s.userId,
        content: changes.map((c) => c.fieldLabel).join('、'),
        detail: { changes },
      });
      return row;
    });
  }

  /** Field changes between a lead and the values written, as labels and display texts. */
  private diff(vc: ViewContext, cur: ClueRow, v: Partial<ClueInsert>) {
    const before = this.view(cur, vc);
    const after = this.view({ ...cur, ...v } as ClueRow, vc);
    const changes: { fieldName: string; fieldLabel: string; before: string; after: string }[] = [];
    const text = (x: unknown) => (Array.isArray(x) ? x.join('，') : x === null || x === undefined ? '' : String(x));
    const shown: [string, string][] = [
      ['name', 'name'],
      ['company', 'company'],
      ['phone', 'phone'],
      ['phones', 'phones'],
      ['type', 'typeName'],
      ['channelSourceId', 'channelSourceName'],
      ['sign', 'sign'],
      ['stage', 'stageName'],
      ['gender', 'genderName'],
      ['age', 'age'],
      ['birthday', 'birthday'],
      ['area', 'areaName'],
      ['address', 'address'],
      ['tagIds', 'tagNames'],
      ['followStatusId', 'followStatusName'],
      ['followPhaseId', 'followPhaseName'],
      ['lostReasonId', 'lostReasonName'],
      ['remark', 'remark'],
      ['nextFollowTime', 'nextFollowTime'],
    ];
    for (const [field, key] of shown) {
      const a = text(before[key]);
      const b = text(after[key]);
      if (a !== b)
        changes.push({
          fieldName: field,
          fieldLabel: STANDARD_BY_NAME.get(field)?.fieldLabel ?? field,
          before: a,
          after: b,
        });
    }
    const bt = before.customText as Record<string, string>;
    const at = after.customText as Record<string, string>;
    for (const def of vc.defs)
      if ((bt[def.fieldName] ?? '') !== (at[def.fieldName] ?? ''))
        changes.push({
          fieldName: def.fieldName,
          fieldLabel: def.fieldLabel,
          before: bt[def.fieldName] ?? '',
          after: at[def.fieldName] ?? '',
        });
    return changes;
  }

  /** Leads of the session by ids; 404 when any is missing or outside the scope. */
  /** Sets columns on the chosen leads and records one interaction event on each (the batch actions). */
  private async updateEach(
    tx: DbOrTx,
    s: Session,
    rows: ClueRow[],
    set: Partial<typeof clue.$inferInsert>,
    event: (row: ClueRow) => ClueEventInput,
  ): Promise<{ count: number }> {
    await tx
      .update(clue)
      .set({ ...set, updatedAt: new Date() })
      .where(
        inArray(
          clue.id,
          rows.map((r) => r.id),
        ),
      );
    for (const r of rows) await this.addEvent(tx, s.orgId, r.id, { userId: s.userId, ...event(r) });
    return { count: rows.length };
  }

  private async many(s: Session, ids: number[], tx: DbOrTx, opts: { deleted?: boolean } = {}): Promise<ClueRow[]> {
    const unique = [...new Set(ids)];
    const conds: (SQL | undefined)[] = [eq(clue.organizationId, s.orgId), inArray(clue.id, unique), scopeCondition(s)];
    conds.push(opts.deleted ? isNotNull(clue.deletedAt) : sql`${clue.deletedAt} is null`);
    const rows = await tx
      .select()
      .from(clue)
      .where(and(...conds));
    if (rows.length !== unique.length) throw notFound('客户不存在');
    return rows;
  }

  async moveToRecycleBin(s: Session, ids: number[]) {
    return this.db.transaction(async (tx) => {
      const rows = await this.many(s, ids, tx);
      if (rows.some((r) => r.lockStatus === 1)) throw badRequest('所选客户中有已锁定的客户，请先解锁');
      await tx
        .update(clue)
        .set({ deletedAt: new Date(), deletedBy: s.userId })
        .where(
          inArray(
            clue.id,
            rows.map((r) => r.id),
          ),
        );
      for (const r of rows) await this.addEvent(tx, s.orgId, r.id, { type: 'recycle', userId: s.userId });
      return { count: rows.length };
    });
  }

  async restore(s: Session, ids: number[]) {
    return this.db.transaction(async (tx) => {
      const rows = await this.many(s, ids, tx, { deleted: true });
      await tx.execute(sql`select pg_advisory_xact_lock(727200, ${s.orgId})`);
      for (const r of rows) {
        const dup = await this.findDuplicate(s.orgId, r, r.id, tx);
        if (dup && !dup.existing.deletedAt) throw await this.duplicateError(s.orgId, dup, tx);
      }
      await tx
        .update(clue)
        .set({ deletedAt: null, deletedBy: null, updatedAt: new Date() })
        .where(
          inArray(
            clue.id,
            rows.map((r) => r.id),
          ),
        );
      for (const r of rows)
        await this.addEvent(tx, s.orgId, r.id, {
          type: 'restore',
          userId: s.userId,
          detail: { transferMode: 6, transferModeName: TransferMode[6] },
        });
      return { count: rows.length };
    });
  }

  /** Deletes leads from the recycle bin for good, with their collaborators and interaction log. */
  async purge(s: Session, ids: number[]) {
    return this.db.transaction(async (tx) => {
      const rows = await this.many(s, ids, tx, { deleted: true });
      const rowIds = rows.map((r) => r.id);
      await tx.delete(clueEvent).where(and(eq(clueEvent.organizationId, s.orgId), inArray(clueEvent.clueId, rowIds)));
      await tx
        .delete(clueCollaborator)
        .where(and(eq(clueCollaborator.organizationId, s.orgId), inArray(clueCollaborator.clueId, rowIds)));
      await tx.delete(clue).where(and(eq(clue.organizationId, s.orgId), inArray(clue.id, rowIds)));
      return { count: rows.length };
    });
  }

  async recycleBin(s: Session, req: PageRequest & { keyword?: string }) {
    const vc = await this.viewContext(s);
    const conds: (SQL | undefined)[] = [eq(clue.organizationId, s.orgId), isNotNull(clue.deletedAt), scopeCondition(s)];
    if (req.keyword?.trim()) {
      const k = `%${req.keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conds.push(sql`(${clue.name} ilike ${k} or ${clue.company} ilike ${k} or ${clue.phone} like ${k})`);
    }
    const where = and(...conds)!;
    const rows = await this.db
      .select()
      .from(clue)
      .where(where)
      .orderBy(desc(clue.deletedAt), desc(clue.id))
      .limit(req.pageSize)
      .offset(offsetOf(req));
    const { total } = await this.count(where);
    return page(
      rows.map((r) => ({
        ...this.view(r, vc),
        deletedByName: r.deletedBy ? (vc.users.get(r.deletedBy)?.realName ?? '') : '',
      })),
      total,
      req,
    );
  }

  async setBlacklist(s: Session, ids: number[], black: boolean, reason?: string) {
    return this.db.transaction(async (tx) => {
      const rows = await this.many(s, ids, tx);
      return this.updateEach(
        tx,
        s,
        rows,
        { blacklisted: black, blacklistReason: black ? (reason ?? null) : null },
        () => ({
          type: 'blacklist',
          title: black ? '加入黑名单' : '移出黑名单',
          content: reason ?? '',
        }),
      );
    });
  }

  async blacklist(s: Session, req: ListRequest) {
    return this.list(s, { ...req, blacklisted: true });
  }

  async setLock(s: Session, ids: number[], lockStatus: 0 | 1) {
    return this.db.transaction(async (tx) => {
      const rows = await this.many(s, ids, tx);
      return this.updateEach(tx, s, rows, { lockStatus }, () => ({
        type: 'lock',
        title: lockStatus ? '锁定客户' : '解锁客户',
      }));
    });
  }

  async turnToCustomer(s: Session, ids: number[]) {
    return this.db.transaction(async (tx) => {
      const rows = await this.many(s, ids, tx);
      const leads = rows.filter((r) => r.type === 1);
      if (!leads.length) throw badRequest('所选数据已经是客户');
      return this.updateEach(tx, s, leads, { type: 2, turnCustomerTime: new Date() }, () => ({ type: 'turn' }));
    });
  }

  /** Changes the follow-up person (transfer mode 5 follow-up person change, or 4 manual assignment). */
  async changeOwner(s: Session, ids: number[], ownerId: number, mode: 4 | 5 = 5) {
    return this.db.transaction(async (tx) => {
      const u = await assignableOwner(tx, s, ownerId);
      const rows = await this.many(s, ids, tx);
      if (rows.some((r) => r.lockStatus === 1)) throw badRequest('所选客户中有已锁定的客户，请先解锁');
      return this.updateEach(tx, s, rows, { ownerId, isInSea: 2, assignStatus: 2, receiveType: 1 }, (r) => ({
        type: 'transfer',
        content: `跟进人变更为${u.realName}`,
        detail: {
          fromUserId: r.ownerId,
          toUserId: ownerId,
          toUserName: u.realName,
          transferMode: mode,
          transferModeName: TransferMode[mode],
        },
      }));
    });
  }

  // ---- collaborators ----

  async collaborators(s: Session, clueId: number) {
    const c = await this.get(s, clueId);
    const rows = await this.db
      .select()
      .from(clueCollaborator)
      .where(and(eq(clueCollaborator.organizationId, s.orgId), eq(clueCollaborator.clueId, c.id)))
      .orderBy(clueCollaborator.id);
    const users = new Map((await orgUsers(this.db, s.orgId)).map((u) => [u.id, u]));
    return rows.map((r) => ({
      id: r.id,
      clueId: r.clueId,
      userId: r.userId,
      userName: users.get(r.userId)?.realName ?? '',
      deptName: users.get(r.userId)?.deptName ?? '',
      createdAt: formatDateTime(r.createdAt),
    }));
  }

  async setCollaborators(s: Session, clueId: number, userIds: number[], action: 'add' | 'remove') {
    return this.db.transaction(async (tx) => {
      // locked: a concurrent change reads the collaborators only after this one has written collaboratorIds
      const c = await this.get(s, clueId, { forUpdate: true }, tx);
      const ids = [...new Set(userIds)];
      const names: string[] = [];
      for (const id of ids) {
        const u = await orgUser(tx, s.orgId, id);
        if (!u) throw badRequest('userIds：员工不存在');
        names.push(u.realName);
      }
      if (action === 'add') {
        if (ids.includes(c.ownerId ?? -1)) throw badRequest('跟进人不能同时是协作人');
        await tx
          .insert(clueCollaborator)
          .values(ids.map((userId) => ({ organizationId: s.orgId, clueId: c.id, userId, addedBy: s.userId })))
          .onConflictDoNothing();
      } else {
        await tx
          .delete(clueCollaborator)
          .where(and(eq(clueCollaborator.clueId, c.id), inArray(clueCollaborator.userId, ids)));
      }
      const rows = await tx
        .select({ userId: clueCollaborator.userId })
        .from(clueCollaborator)
        .where(eq(clueCollaborator.clueId, c.id));
      await tx
        .update(clue)
        .set({ collaboratorIds: rows.map((r) => r.userId) })
        .where(eq(clue.id, c.id));
      await this.addEvent(tx, s.orgId, c.id, {
        type: 'collaborator',
        userId: s.userId,
        content: `${action === 'add' ? '添加' : '移除'}协作人：${names.join('、')}`,
      });
      return { collaboratorIds: rows.map((r) => r.userId) };
    });
  }

  // ---- follow-ups and the interaction log ----

  /**
   * Appends to a lead's interaction log. Other modules (calls, messages, the public sea, assignment) call this to
   * make their events part of getCustomerInteractionAllList.
   */
  async addEvent(db: DbOrTx, orgId: number, clueId: number, e: ClueEventInput) {
    const [row] = await db
      .insert(clueEvent)
      .values({
        organizationId: orgId,
        clueId,
        type: e.type,
        userId: e.userId ?? null,
        title: e.title ?? EVENT_TITLES[e.type] ?? e.type,
        content: e.content ?? '',
        detail: e.detail ?? {},
        createdAt: e.time ?? new Date(),
      })
      .returning();
    return row;
  }

  /** addEvent outside a transaction, for other modules: checks that the lead belongs to the organisation. */
  async addInteraction(orgId: number, clueId: number, e: Parameters<ClueService['addEvent']>[3]) {
    const c = await this.findById(orgId, clueId);
    if (!c) throw notFound('客户不存在');
    return this.addEvent(this.db, orgId, clueId, e);
  }

  /** After a call (call module): status, count, last call time and duration. */
  async recordCall(orgId: number, clueId: number, call: { callStatus: 2 | 3; durationSeconds: number; time?: Date }) {
    await this.db
      .update(clue)
      .set({
        callStatus: call.callStatus,
        callCount: sql`${clue.callCount} + 1`,
        lastCallTime: call.time ?? new Date(),
        lastCallDuration: Math.round(call.durationSeconds),
      })
      .where(and(eq(clue.id, clueId), eq(clue.organizationId, orgId)));
  }

  async addFollow(
    s: Session,
    input: {
      clueId: number;
      followWayId?: number | null;
      followStatusId?: number | null;
      followPhaseId?: number | null;
      nextFollowTime?: string | null;
      content: string;
    },
  ) {
    return this.db.transaction(async (tx) => {
      const c = await this.get(s, input.clueId, {}, tx);
      await this.fields.checkDictId(s.orgId, 'followWay', input.followWayId, tx);
      await this.fields.checkDictId(s.orgId, 'followStatus', input.followStatusId, tx);
      await this.fields.checkDictId(s.orgId, 'followPhase', input.followPhaseId, tx);
      const next = input.nextFollowTime ? parseDateTime(input.nextFollowTime) : null;
      if (input.nextFollowTime && !next) throw badRequest('nextFollowTime：日期格式不正确');
      const now = new Date();
      const names = async (kind: 'followWay' | 'followStatus' | 'followPhase', id?: number | null) =>
        id ? ((await this.fields.dictItem(s.orgId, kind, id, tx))?.name ?? '') : '';
      const detail = {
        followWayId: input.followWayId ?? null,
        followWayName: await names('followWay', input.followWayId),
        followStatusId: input.followStatusId ?? null,
        followStatusName: await names('followStatus', input.followStatusId),
        followPhaseId: input.followPhaseId ?? null,
        followPhaseName: await names('followPhase', input.followPhaseId),
        nextFollowTime: formatDateTime(next),
      };
      const ev = await this.addEvent(tx, s.orgId, c.id, {
        type: 'follow',
        userId: s.userId,
        content: input.content,
        detail,
        time: now,
      });
      await tx
        .update(clue)
        .set({
          lastFollowTime: now,
          nextFollowTime: input.nextFollowTime !== undefined ? next : c.nextFollowTime,
          followStatusId: input.followStatusId ?? c.followStatusId,
          followPhaseId: input.followPhaseId ?? c.followPhaseId,
          updatedAt: now,
        })
        .where(eq(clue.id, c.id));
      return { id: ev.id, ...detail, content: input.content, createdAt: formatDateTime(now) };
    });
  }

  /**
   * Everything that happened with a lead, newest first: follow-ups, transfers, edits and the rest of the log,
   * plus its calls from the recording module when that module is present.
   */
  async interactions(s: Session, req: PageRequest & { clueId: number; types?: string[] }) {
    const c = await this.get(s, req.clueId);
    const [events, users] = await Promise.all([
      this.db
        .select()
        .from(clueEvent)
        .where(and(eq(clueEvent.organizationId, s.orgId), eq(clueEvent.clueId, c.id)))
        .orderBy(desc(clueEvent.createdAt), desc(clueEvent.id))
        .limit(2000),
      orgUsers(this.db, s.orgId),
    ]);
    const names = new Map(users.map((u) => [u.id, u.realName]));
    const items: InteractionItem[] = events.map((e) => ({
      type: e.type,
      id: e.id,
      time: formatDateTime(e.createdAt),
      title: e.title,
      content: e.content,
      userId: e.userId,
      userName: e.userId ? (names.get(e.userId) ?? '') : '',
      ...e.detail,
    }));
    const recording = (
      this.ctx.services as {
        recording?: { interactionsForClue?(orgId: number, clueId: number): Promise<InteractionItem[]> };
      }
    ).recording;
    if (recording?.interactionsForClue) {
      const calls = await recording.interactionsForClue(s.orgId, c.id);
      items.push(
        ...calls.map((x) => ({ ...x, time: typeof x.time === 'string' ? x.time : formatDateTime(x.time as never) })),
      );
    }
    const wanted = req.types?.length ? items.filter((i) => req.types!.includes(i.type)) : items;
    wanted.sort((a, b) => String(b.time ?? '').localeCompare(String(a.time ?? '')));
    return page(wanted.slice(offsetOf(req), offsetOf(req) + req.pageSize), wanted.length, req);
  }

  async fieldChangeLog(s: Session, req: PageRequest & { clueId: number }) {
    const c = await this.get(s, req.clueId);
    const where = and(eq(clueEvent.organizationId, s.orgId), eq(clueEvent.clueId, c.id), eq(clueEvent.type, 'edit'));
    const [rows, users, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(clueEvent)
        .where(where)
        .orderBy(desc(clueEvent.createdAt), desc(clueEvent.id))
        .limit(req.pageSize)
        .offset(offsetOf(req)),
      orgUsers(this.db, s.orgId),
      this.db.select({ n: sql<number>`count(*)::int` }).from(clueEvent).where(where),
    ]);
    const names = new Map(users.map((u) => [u.id, u.realName]));
    const access = await this.accessOf(s);
    return page(
      rows.map((r) => ({
        id: r.id,
        userName: r.userId ? (names.get(r.userId) ?? '') : '',
        createdAt: formatDateTime(r.createdAt),
        changes: ((r.detail.changes ?? []) as { fieldName: string; before: string; after: string }[])
          .filter((ch) => access.get(ch.fieldName)?.access !== 0)
          .map((ch) =>
            access.get(ch.fieldName)?.masked ? { ...ch, before: maskPhone(ch.before), after: maskPhone(ch.after) } : ch,
          ),
      })),
      Number(n),
      req,
    );
  }

  /** Half-masked phone numbers of a lead (queryHalfMaskCode): 138****5678. */
  async halfMask(s: Session, clueId: number) {
    const c = await this.get(s, clueId);
    return { clueId: c.id, phone: maskPhone(c.phone), phones: c.phones.map(maskPhone) };
  }
}

/** Output keys of a standard field (left out together when the role may not see the field). */
const STANDARD_KEYS: Record<string, string[]> = {
  phone: ['phone', 'phones'],
  ownerId: ['ownerId', 'ownerName', 'deptId', 'deptName'],
  channelSourceId: ['channelSourceId', 'channelSourceName'],
  importWay: ['importWay', 'importWayName'],
  callStatus: ['callStatus', 'callStatusName'],
  receiveType: ['receiveType', 'receiveTypeName'],
  stage: ['stage', 'stageName'],
  gender: ['gender', 'genderName'],
  area: ['area', 'areaName'],
  tagIds: ['tagIds', 'tagNames'],
  followStatusId: ['followStatusId', 'followStatusName'],
  followPhaseId: ['followPhaseId', 'followPhaseName'],
  lostReasonId: ['lostReasonId', 'lostReasonName'],
  type: ['type', 'typeName'],
};

function dropNulls(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
}
