import { formatDateTime, parseDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext, Services } from '../../platform/context';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { offsetOf, page, pageRows } from '../../platform/paging';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import type { ClueFieldService } from '../clueField';
import { maskPhone } from '../clueField';
import { orgUsers } from '../org';
import { addEvent, type ClueEventInput } from './events';
import { orgClues } from './query';
import { findClue } from './rows';
import { clue, clueEvent } from './schema';
import { accessOf, type FieldChange } from './view';

type Body<K extends keyof typeof contract.interaction> = CallBody<(typeof contract.interaction)[K]>;
type Answer<K extends keyof typeof contract.interaction> = CallAnswer<(typeof contract.interaction)[K]>;
type Interaction = Answer<'list'>['lists'][number];

/** The calls of a lead as the recording module answers them (when that module is present). */
/** What happened with a lead: follow-ups written here, the events of every write, calls; and its field change log. */
export class ClueInteractions {
  constructor(
    private readonly db: Db,
    private readonly fields: ClueFieldService,
    private readonly ctx: AppContext,
  ) {}

  /** Appends an event of another module (calls, messages …) to a lead of the organisation; 404 for another's. */
  async addInteraction(orgId: number, clueId: number, e: ClueEventInput) {
    const [c] = await this.db
      .select({ id: clue.id })
      .from(clue)
      .where(and(eq(clue.id, clueId), orgClues(orgId)))
      .limit(1);
    if (!c) throw notFound('客户不存在');
    return addEvent(this.db, orgId, clueId, e);
  }

  /** Writes a follow-up: the log entry, and the lead's last and next follow-up times, status and phase. */
  async addFollow(s: Session, input: Body<'addFollow'>): Promise<Answer<'addFollow'>> {
    return this.db.transaction(async (tx) => {
      const c = await findClue(tx, s, input.clueId);
      await this.fields.checkDictId(s.orgId, 'followWay', input.followWayId, tx);
      await this.fields.checkDictId(s.orgId, 'followStatus', input.followStatusId, tx);
      await this.fields.checkDictId(s.orgId, 'followPhase', input.followPhaseId, tx);
      const next = input.nextFollowTime ? parseDateTime(input.nextFollowTime) : null;
      if (input.nextFollowTime && !next) throw badRequest('下次跟进时间：日期格式不正确');
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
      const ev = await addEvent(tx, s.orgId, c.id, {
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
  async list(s: Session, req: Body<'list'>): Promise<Answer<'list'>> {
    const c = await findClue(this.db, s, req.clueId);
    const [events, users] = await Promise.all([
      this.db
        .select()
        .from(clueEvent)
        .where(and(scoped(s, clueEvent), eq(clueEvent.clueId, c.id)))
        .orderBy(desc(clueEvent.createdAt), desc(clueEvent.id))
        .limit(2000),
      orgUsers(this.db, s.orgId),
    ]);
    const names = new Map(users.map((u) => [u.id, u.realName]));
    const items: Interaction[] = events.map((e) => ({
      type: e.type,
      id: e.id,
      time: formatDateTime(e.createdAt),
      title: e.title,
      content: e.content,
      userId: e.userId,
      userName: e.userId ? (names.get(e.userId) ?? '') : '',
      ...e.detail,
    }));
    const { recording }: Partial<Services> = this.ctx.services;
    if (recording) {
      const calls = await recording.interactionsForClue(s.orgId, c.id);
      items.push(
        ...calls.map((x) => ({ ...x, time: typeof x.time === 'string' ? x.time : formatDateTime(x.time as never) })),
      );
    }
    const wanted = req.types?.length ? items.filter((i) => req.types?.includes(i.type)) : items;
    wanted.sort((a, b) => String(b.time ?? '').localeCompare(String(a.time ?? '')));
    return page(wanted.slice(offsetOf(req), offsetOf(req) + req.pageSize), wanted.length, req);
  }

  /** The edits of a lead, newest first: fields hidden from the role left out, masked ones masked. */
  async fieldChangeLog(s: Session, req: Body<'fieldChangeLog'>): Promise<Answer<'fieldChangeLog'>> {
    const c = await findClue(this.db, s, req.clueId);
    const where = and(scoped(s, clueEvent), eq(clueEvent.clueId, c.id), eq(clueEvent.type, 'edit'));
    const [{ rows, total }, users, access] = await Promise.all([
      pageRows(this.db, clueEvent, where, [desc(clueEvent.createdAt), desc(clueEvent.id)], req),
      orgUsers(this.db, s.orgId),
      accessOf(this.fields, s),
    ]);
    const names = new Map(users.map((u) => [u.id, u.realName]));
    return page(
      rows.map((r) => ({
        id: r.id,
        userName: r.userId ? (names.get(r.userId) ?? '') : '',
        createdAt: formatDateTime(r.createdAt),
        changes: ((r.detail.changes ?? []) as FieldChange[])
          .filter((ch) => access.get(ch.fieldName)?.access !== 0)
          .map((ch) =>
            access.get(ch.fieldName)?.masked ? { ...ch, before: maskPhone(ch.before), after: maskPhone(ch.after) } : ch,
          ),
      })),
      total,
      req,
    );
  }
}
