import { normalizePhone, parseDateTime, phoneProblem, TransferMode } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, forbidden } from '../../platform/errors';
import { seesUser, unscoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import type { ClueFieldService } from '../clueField';
import { isPhone, STANDARD_BY_NAME } from '../clueField';
import { type OrgUser, orgUser } from '../org';
import { areaFromCodes } from './area';
import type { AutoAssigner } from './autoAssign';
import { lockLeads, lockLeadValues, refuseDuplicate } from './duplicates';
import { addEvent, type ClueEventInput } from './events';
import { orgClues, searchGrams } from './query';
import { findClue, findClues } from './rows';
import { clue } from './schema';
import { autoMove, logTransfers, recordMoves } from './sea';
import { accessOf, type ClueInsert, type ClueRow, clueView, fieldChanges, viewContext } from './view';

type Body<K extends keyof typeof contract.clue> = CallBody<(typeof contract.clue)[K]>;
type Answer<K extends keyof typeof contract.clue> = CallAnswer<(typeof contract.clue)[K]>;
/** What add and edit take (contract.clue.add). */
export type ClueInput = Body<'add'>;
export type AddOptions = { importWay?: number; receiveType?: number; keepCreator?: boolean };

/** Lead columns that hold an id of one of the organisation's dictionaries, and which dictionary. */
const DICT_REFS = [
  ['channelSourceId', 'channelSource'],
  ['followStatusId', 'followStatus'],
  ['followPhaseId', 'followPhase'],
  ['lostReasonId', 'lostReason'],
] as const;

const LOCKED = '所选客户中有已锁定的客户，请先解锁';

/** The owner to assign: an active user of the organisation inside the session's data scope. */
async function assignableOwner(tx: DbOrTx, s: Session, ownerId: number): Promise<OrgUser> {
  const u = await orgUser(tx, s.orgId, ownerId);
  if (u?.status !== 1) throw badRequest('ownerId：跟进人不存在或已停用');
  if (!seesUser(s, ownerId)) throw forbidden('不能把客户分配给数据权限以外的员工');
  return u;
}

const dropNulls = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

/**
 * The writes of a lead: create and edit (field access, references, duplicate rules, the change log), and the batch
 * operations of the lists (blacklist, lock, turn into a customer, change of owner, to the recycle bin).
 */
export class ClueWriter {
  constructor(
    private readonly db: Db,
    private readonly fields: ClueFieldService,
  ) {}

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
      if (!isPhone(p)) throw badRequest(phoneProblem(input.phone) ?? '请输入手机号');
      v.phone = p;
    }
    if (input.phones !== undefined) {
      for (const typed of input.phones) {
        const problem = phoneProblem(typed);
        if (problem) throw badRequest(`其他电话：${problem}`);
      }
      const ps = [...new Set(input.phones.map(normalizePhone).filter(Boolean))];
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
      if (input.birthday && !parseDateTime(input.birthday)) throw badRequest('生日：日期格式不正确');
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
      if (input.nextFollowTime && !d) throw badRequest('下次跟进时间：日期格式不正确');
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
    const access = await accessOf(this.fields, s);
    if (!access.size) return;
    const keys = Object.entries(input)
      .filter(([k, v]) => k !== 'custom' && v !== undefined)
      .map(([k]) => (k === 'areaCodes' ? 'area' : k));
    for (const n of [...keys, ...Object.keys(input.custom ?? {})]) {
      const a = access.get(n);
      if (a && a.access < 2) throw forbidden(`无权修改字段：${STANDARD_BY_NAME.get(n)?.fieldLabel ?? n}`);
    }
  }

  /** The rules that give new leads an owner (the assign module, through Clues.useAutoAssign), when present. */
  autoAssign?: AutoAssigner;

  /**
   * Creates a lead (the caller's unless another owner is chosen) and answers it as the detail does. With no owner
   * given, the automatic assignment rules choose one: for the open API and other sources always, for a lead created
   * by hand only when its creator may assign leads (a seat's own lead stays the seat's). `keepCreator`: the creator
   * keeps it whatever the rules (a number the seat dialled). `receiveType` records how it was received.
   */
  async add(s: Session, input: ClueInput, opts: AddOptions = {}): Promise<Answer<'add'>> {
    const { row, picked } = await this.create(s, input, opts);
    // the creator may not see the colleague the rule chose: the answer is the lead just created all the same
    return this.answer(
      picked ? { ...s, ...unscoped(s.orgId, 'the creator sees the lead a rule gave away') } : s,
      row.id,
    );
  }

  /** `add` without its answer (the open API answers with its own view): the row, and whether a rule assigned it. */
  async create(s: Session, input: ClueInput, opts: AddOptions = {}): Promise<{ row: ClueRow; picked: boolean }> {
    // read side by side before the transaction (each statement of one reads its own snapshot all the same)
    const [rules] = await Promise.all([this.fields.activeRepeatRules(s.orgId), this.checkWritable(s, input)]);
    const importWay = opts.importWay ?? 8;
    const ruled =
      !opts.keepCreator &&
      input.ownerId === undefined &&
      this.autoAssign !== undefined &&
      (importWay !== 8 || s.isSuperAdmin || s.signs.has('clue:assign'));
    let picked = false;
    const row = await this.db.transaction(async (tx) => {
      const v = await this.columnsOf(s, input, 'create', tx);
      if (!v.phone) throw badRequest('phone：请输入手机号');
      await lockLeadValues(tx, s.orgId, rules, v);
      await refuseDuplicate(tx, this.fields, s.orgId, v, null, rules);
      const time = new Date();
      const [pick] =
        ruled && this.autoAssign
          ? await this.autoAssign(
              tx,
              s.orgId,
              [
                {
                  importWay,
                  channelSourceId: v.channelSourceId ?? null,
                  provinceCode: v.provinceCode ?? null,
                  cityCode: v.cityCode ?? null,
                  custom: v.custom ?? {},
                },
              ],
              time,
            )
          : [null];
      const [row] = await tx
        .insert(clue)
        .values({
          ...v,
          organizationId: s.orgId,
          ownerId: pick?.userId ?? v.ownerId ?? s.userId,
          importWay,
          receiveType: pick ? 4 : (opts.receiveType ?? (v.ownerId && v.ownerId !== s.userId ? 1 : null)),
          receivedAt: time,
          searchGrams: searchGrams(v.name, v.company),
          createdBy: s.userId,
          turnCustomerTime: v.type === 2 ? new Date() : null,
        })
        .returning();
      await addEvent(tx, s.orgId, row.id, { type: 'create', userId: s.userId, content: `${row.name || row.phone}` });
      if (pick) {
        picked = true;
        await recordMoves(tx, s.orgId, [{ id: row.id, fromUserId: null }], autoMove(pick, time));
      }
      return row;
    });
    return { row, picked };
  }

  /** Writes the fields sent (the owner changes through changeOwner) and logs what changed. */
  async edit(s: Session, clueId: number, input: ClueInput): Promise<Answer<'edit'>> {
    await this.checkWritable(s, input);
    // read before the transaction: PGlite has one connection, so no query may run beside an open transaction
    const vc = await viewContext(this.db, this.fields, { ...s, isSuperAdmin: true });
    await this.db.transaction(async (tx) => {
      const cur = await findClue(tx, s, clueId);
      const v = await this.columnsOf(s, input, 'update', tx, cur);
      delete v.ownerId; // the follow-up person changes through changeFollowUser
      if (v.phone !== undefined || v.name !== undefined || v.company !== undefined || v.custom !== undefined) {
        await lockLeads(tx, s.orgId);
        await refuseDuplicate(tx, this.fields, s.orgId, { ...cur, ...v }, cur.id);
      }
      const changes = fieldChanges(vc, cur, v);
      if (!changes.length) return;
      await tx
        .update(clue)
        .set({ ...v, updatedAt: new Date() })
        .where(and(eq(clue.id, cur.id), orgClues(s.orgId)));
      await addEvent(tx, s.orgId, cur.id, {
        type: 'edit',
        userId: s.userId,
        content: changes.map((c) => c.fieldLabel).join('、'),
        detail: { changes },
      });
    });
    return this.answer(s, clueId);
  }

  /** The lead after a write, as the detail answers it. */
  private async answer(s: Session, clueId: number) {
    const [row, vc] = await Promise.all([findClue(this.db, s, clueId), viewContext(this.db, this.fields, s)]);
    return clueView(row, vc);
  }

  /** Sets columns on the chosen leads and records one interaction event on each (the batch actions). */
  private async updateEach(
    tx: DbOrTx,
    s: Session,
    rows: ClueRow[],
    set: Partial<ClueInsert>,
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
    for (const r of rows) await addEvent(tx, s.orgId, r.id, { userId: s.userId, ...event(r) });
    return { count: rows.length };
  }

  async setBlacklist(s: Session, ids: number[], black: boolean, reason?: string): Promise<Answer<'setBlacklist'>> {
    return this.db.transaction(async (tx) => {
      const rows = await findClues(tx, s, ids);
      return this.updateEach(
        tx,
        s,
        rows,
        { blacklisted: black, blacklistReason: black ? (reason ?? null) : null },
        () => ({ type: 'blacklist', title: black ? '加入黑名单' : '移出黑名单', content: reason ?? '' }),
      );
    });
  }

  async setLock(s: Session, ids: number[], lockStatus: 0 | 1): Promise<Answer<'lock'>> {
    return this.db.transaction(async (tx) => {
      const rows = await findClues(tx, s, ids);
      return this.updateEach(tx, s, rows, { lockStatus }, () => ({
        type: 'lock',
        title: lockStatus ? '锁定客户' : '解锁客户',
        detail: { lockStatus },
      }));
    });
  }

  async turnToCustomer(s: Session, ids: number[]): Promise<Answer<'turnToCustomer'>> {
    return this.db.transaction(async (tx) => {
      const rows = await findClues(tx, s, ids);
      const leads = rows.filter((r) => r.type === 1);
      if (!leads.length) throw badRequest('所选数据已经是客户');
      return this.updateEach(tx, s, leads, { type: 2, turnCustomerTime: new Date() }, () => ({ type: 'turn' }));
    });
  }

  /** Changes the follow-up person (transfer mode 5 follow-up person change, or 4 manual assignment). */
  async changeOwner(s: Session, ids: number[], ownerId: number, mode: 4 | 5 = 5): Promise<Answer<'changeOwner'>> {
    return this.db.transaction(async (tx) => {
      const u = await assignableOwner(tx, s, ownerId);
      const rows = await findClues(tx, s, ids);
      if (rows.some((r) => r.lockStatus === 1)) throw badRequest(LOCKED);
      const time = new Date();
      await logTransfers(
        tx,
        s.orgId,
        rows.map((r) => ({ id: r.id, fromUserId: r.ownerId })),
        { action: 'change', operatorId: s.userId, toUserId: ownerId, receiveType: 1, transferMode: mode, time },
      );
      const set = { ownerId, isInSea: 2, assignStatus: 2, receiveType: 1, receivedAt: time };
      return this.updateEach(tx, s, rows, set, (r) => ({
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

  /** Deletes to the recycle bin (locked leads refused). */
  async moveToRecycleBin(s: Session, ids: number[]): Promise<Answer<'delete'>> {
    return this.db.transaction(async (tx) => {
      const rows = await findClues(tx, s, ids);
      if (rows.some((r) => r.lockStatus === 1)) throw badRequest(LOCKED);
      await tx
        .update(clue)
        .set({ deletedAt: new Date(), deletedBy: s.userId })
        .where(
          inArray(
            clue.id,
            rows.map((r) => r.id),
          ),
        );
      for (const r of rows) await addEvent(tx, s.orgId, r.id, { type: 'recycle', userId: s.userId });
      return { count: rows.length };
    });
  }

  /** After a call (call module): status, count, last call time and duration. */
  /** The lead's risk (1 是, 2 否), as the AI analysis of its calls finds it. */
  async setRisk(orgId: number, clueId: number, risk: 1 | 2) {
    await this.db
      .update(clue)
      .set({ risk })
      .where(and(eq(clue.id, clueId), orgClues(orgId)));
  }

  async recordCall(orgId: number, clueId: number, call: { callStatus: 2 | 3; durationSeconds: number; time?: Date }) {
    await this.db
      .update(clue)
      .set({
        callStatus: call.callStatus,
        callCount: sql`${clue.callCount} + 1`,
        lastCallTime: call.time ?? new Date(),
        lastCallDuration: Math.round(call.durationSeconds),
      })
      .where(and(eq(clue.id, clueId), orgClues(orgId, { deleted: true })));
  }
}
