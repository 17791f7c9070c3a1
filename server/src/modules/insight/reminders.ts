import { DataScope, formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import {
  ReminderMsgType,
  type ReminderSetting,
  type ReminderSignal,
  ReminderSignalName,
  ReminderStatusName,
} from '@crm/core/contract/insight';
import { and, count, desc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { offsetOf, page } from '../../platform/paging';
import type { Session } from '../../platform/session';
import type { AnalysedEvent } from '../analysis';
import { leadOfOrg, liveLeads, visibleLeadIds, visibleLeads } from '../clue';
import * as org from '../org';
import { deliverableAt, shanghaiDay } from './quiet';
import { businessReminder, insightCall, insightMention, reminderSetting } from './schema';

type Calls = typeof contract.insight;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

export const DEFAULT_REMINDER_SETTING: ReminderSetting = {
  signals: ['strongNoFollow', 'churnRose', 'promiseDue', 'calledBack', 'competitor'],
  noFollowHours: 24,
  churnRiseMin: 20,
  remindWho: 1,
  quietEnabled: true,
  quietStart: '21:00',
  quietEnd: '08:00',
};

/** The sweep that raises the time-based signals and delivers deferred reminders (every minute). */
export const REMINDER_SWEEP_JOB = 'insight.reminderSweep';

interface Raise {
  orgId: number;
  clueId: number;
  ownerId: number | null;
  signal: ReminderSignal;
  /** The occurrence: the call, or the promise's call and sentence. */
  key: string;
  content: string;
  recordingId?: number | null;
  startMs?: number | null;
}

/**
 * Business reminders: raised once per user, customer, signal and occurrence (the unique key), to the owner (and, if
 * chosen, the owner's managers), never delivered in the quiet hours (deferred to their end) and never about a
 * customer the user no longer sees (checked when raised, when delivered and when listed).
 */
export class Reminders {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  async setting(orgId: number): Promise<ReminderSetting> {
    const [row] = await this.db.select().from(reminderSetting).where(eq(reminderSetting.organizationId, orgId));
    return { ...DEFAULT_REMINDER_SETTING, ...(row?.setting ?? {}) };
  }

  async saveSetting(s: Session, input: ReminderSetting): Promise<ReminderSetting> {
    const setting = { ...input, signals: [...new Set(input.signals)] };
    await this.db
      .insert(reminderSetting)
      .values({ organizationId: s.orgId, setting, updatedBy: s.userId })
      .onConflictDoUpdate({
        target: reminderSetting.organizationId,
        set: { setting, updatedBy: s.userId, updatedAt: new Date() },
      });
    return setting;
  }

  /** The leads `userId` sees now (its role's data scope and collaborations); none for a disabled user. */
  private async sees(orgId: number, userId: number, clueId: number): Promise<boolean> {
    const su = await org.sessionUser(this.db, orgId, userId);
    if (su?.user.status !== 1) return false;
    const scope = (su.user.isSuperAdmin ? DataScope.ALL : (su.role?.dataScope ?? DataScope.OWN)) as number;
    const visibleUserIds =
      scope === DataScope.ALL
        ? null
        : scope === DataScope.DEPT
          ? [...new Set([userId, ...(su.deptUserIds ?? []).map(Number)])]
          : [userId];
    const as = { orgId, userId, visibleUserIds } as Session;
    const lead = visibleLeads(as);
    const [row] = await this.db.select({ id: lead.id }).from(lead).where(eq(lead.id, clueId)).limit(1);
    return !!row;
  }

  async raise(r: Raise, setting?: ReminderSetting, now = new Date()): Promise<number> {
    const s = setting ?? (await this.setting(r.orgId));
    if (!s.signals.includes(r.signal) || !r.ownerId) return 0;
    const to = [r.ownerId, ...(s.remindWho === 2 ? await org.managersOf(this.db, r.orgId, r.ownerId) : [])];
    const customer = await this.ctx.services.clue.findById(r.orgId, r.clueId);
    if (!customer) return 0;
    const title = `${ReminderSignalName[r.signal]}：${customer.name || customer.company || customer.phone}`.slice(
      0,
      100,
    );
    let raised = 0;
    for (const userId of [...new Set(to)]) {
      if (!(await this.sees(r.orgId, userId, r.clueId))) continue;
      const rows = await this.db
        .insert(businessReminder)
        .values({
          organizationId: r.orgId,
          userId,
          clueId: r.clueId,
          signal: r.signal,
          signalKey: r.key.slice(0, 80),
          title,
          content: r.content.slice(0, 500),
          recordingId: r.recordingId ?? null,
          startMs: r.startMs ?? null,
          remindAt: deliverableAt(s, now),
        })
        .onConflictDoNothing()
        .returning({ id: businessReminder.id });
      raised += rows.length;
    }
    if (raised) await this.deliverDue(r.orgId, now);
    return raised;
  }

  /** Pushes the reminders whose time has come (each once: claimed by setting deliveredAt). */
  async deliverDue(orgId: number | null, now = new Date()): Promise<number> {
    const due = await this.db
      .select()
      .from(businessReminder)
      .where(
        and(
          orgId === null ? undefined : eq(businessReminder.organizationId, orgId),
          isNull(businessReminder.deliveredAt),
          eq(businessReminder.status, 0),
          lte(businessReminder.remindAt, now),
        ),
      )
      .limit(500);
    let sent = 0;
    for (const r of due) {
      const [claimed] = await this.db
        .update(businessReminder)
        .set({ deliveredAt: now })
        .where(and(eq(businessReminder.id, r.id), isNull(businessReminder.deliveredAt)))
        .returning({ id: businessReminder.id });
      if (!claimed) continue;
      if (!(await this.sees(r.organizationId, r.userId, r.clueId))) {
        // the customer left the user's sight meanwhile: the reminder goes away unseen
        await this.db.delete(businessReminder).where(eq(businessReminder.id, r.id));
        continue;
      }
      const c = await leadOfOrg(this.db, r.organizationId, r.clueId);
      await this.ctx.services.notice.notify(r.organizationId, [r.userId], {
        title: r.title,
        content: r.content,
        msgType: ReminderMsgType[r.signal as ReminderSignal] ?? 'clue_remind',
        param: {
          clueInfo: { name: c?.name ?? '', company: c?.company ?? '', time: formatDateTime(now), clueId: r.clueId },
          reminderId: r.id,
          recordingId: r.recordingId,
        },
      });
      sent++;
    }
    return sent;
  }

  /** The signals an analysed call raises at once: churn risk rose, the customer called, a competitor, a promise due today. */
  async onCall(e: AnalysedEvent, now = new Date()): Promise<void> {
    const { orgId, recording: rec, effective } = e;
    if (!rec.clueId) return;
    const s = await this.setting(orgId);
    const base = { orgId, clueId: rec.clueId, ownerId: rec.ownerUserId, recordingId: rec.id };
    const when = formatDateTime(rec.callTime ?? rec.createdAt);
    if (effective.churnRisk !== null) {
      const [prev] = await this.db
        .select({ churnRisk: insightCall.churnRisk })
        .from(insightCall)
        .where(
          and(
            eq(insightCall.organizationId, orgId),
            eq(insightCall.clueId, rec.clueId),
            lt(insightCall.callAt, rec.callTime ?? rec.createdAt),
            sql`${insightCall.churnRisk} is not null`,
          ),
        )
        .orderBy(desc(insightCall.callAt))
        .limit(1);
      if (prev?.churnRisk != null && effective.churnRisk - prev.churnRisk >= s.churnRiseMin)
        await this.raise(
          {
            ...base,
            signal: 'churnRose',
            key: String(rec.id),
            content: `流失风险由 ${prev.churnRisk} 升至 ${effective.churnRisk}（通话 ${when}）`,
          },
          s,
          now,
        );
    }
    if (rec.callType === 2)
      await this.raise({ ...base, signal: 'calledBack', key: String(rec.id), content: `客户于 ${when} 来电` }, s, now);
    const mentions = await this.db
      .select()
      .from(insightMention)
      .where(
        and(
          eq(insightMention.organizationId, orgId),
          eq(insightMention.recordingId, rec.id),
          inArray(insightMention.kind, ['competitor', 'promise']),
        ),
      );
    const competitor = mentions.find((m) => m.kind === 'competitor');
    if (competitor)
      await this.raise(
        {
          ...base,
          signal: 'competitor',
          // once per customer and competitor: naming it again on later calls is no news
          key: `name:${competitor.label}`,
          content: `客户提及竞品「${competitor.label}」：${competitor.sentence}`,
          startMs: competitor.startMs,
        },
        s,
        now,
      );
    for (const m of mentions)
      if (m.kind === 'promise' && m.dueOn === shanghaiDay(now)) await this.raisePromise(m, rec.ownerUserId, s, now);
  }

  private raisePromise(m: typeof insightMention.$inferSelect, ownerId: number | null, s: ReminderSetting, now: Date) {
    const who = m.speaker === 'agent' ? '我方承诺' : '客户承诺';
    return this.raise(
      {
        orgId: m.organizationId,
        clueId: m.clueId!,
        ownerId,
        signal: 'promiseDue',
        // one per customer and due day, however many promises fall on it
        key: `due:${m.dueOn}`,
        content: `${who}今天兑现：${m.sentence}`,
        recordingId: m.recordingId,
        startMs: m.startMs,
      },
      s,
      now,
    );
  }

  /**
   * The time-based signals, for every organisation: strong-intention calls of the last 7 days not followed up
   * within N hours, and promises due today; then the deliveries whose quiet hours are over.
   */
  async sweep(now = new Date()): Promise<void> {
    const since = new Date(now.getTime() - 7 * 86_400_000);
    const lead = liveLeads();
    const strong = await this.db
      .select({
        orgId: insightCall.organizationId,
        clueId: insightCall.clueId,
        recordingId: insightCall.recordingId,
        callAt: insightCall.callAt,
        ownerId: lead.ownerId,
        lastFollow: lead.lastFollowTime,
      })
      .from(insightCall)
      .innerJoin(lead, and(eq(lead.id, insightCall.clueId), eq(lead.organizationId, insightCall.organizationId)))
      .where(
        and(
          eq(insightCall.intention, 1),
          gte(insightCall.callAt, since),
          lte(insightCall.callAt, new Date(now.getTime() - 3600_000)),
          sql`(${lead.lastFollowTime} is null or ${lead.lastFollowTime} < ${insightCall.callAt})`,
          // raised already (for the owner): not looked at again
          sql`not exists (select 1 from ${businessReminder} br where br.organization_id = ${insightCall.organizationId}
            and br.clue_id = ${insightCall.clueId} and br.signal = 'strongNoFollow'
            and br.signal_key = ${insightCall.recordingId}::text)`,
        ),
      )
      .limit(2000);
    const settings = new Map<number, ReminderSetting>();
    const settingOf = async (orgId: number) => {
      if (!settings.has(orgId)) settings.set(orgId, await this.setting(orgId));
      return settings.get(orgId)!;
    };
    for (const c of strong) {
      const s = await settingOf(c.orgId);
      const overdue = c.callAt.getTime() + s.noFollowHours * 3600_000 <= now.getTime();
      const followed = c.lastFollow && c.lastFollow >= c.callAt;
      if (!overdue || followed || !c.clueId) continue;
      await this.raise(
        {
          orgId: c.orgId,
          clueId: c.clueId,
          ownerId: c.ownerId,
          signal: 'strongNoFollow',
          key: String(c.recordingId),
          content: `强意向通话（${formatDateTime(c.callAt)}）后 ${s.noFollowHours} 小时内未跟进`,
          recordingId: c.recordingId,
        },
        s,
        now,
      );
    }
    const today = shanghaiDay(now);
    const due = await this.db
      .select({ m: insightMention, ownerId: lead.ownerId })
      .from(insightMention)
      .innerJoin(lead, and(eq(lead.id, insightMention.clueId), eq(lead.organizationId, insightMention.organizationId)))
      .where(
        and(
          eq(insightMention.dueOn, today),
          eq(insightMention.kind, 'promise'),
          sql`not exists (select 1 from ${businessReminder} br where br.organization_id = ${insightMention.organizationId}
            and br.clue_id = ${insightMention.clueId} and br.signal = 'promiseDue' and br.signal_key = ${`due:${today}`})`,
        ),
      )
      .limit(2000);
    for (const { m, ownerId } of due) await this.raisePromise(m, ownerId, await settingOf(m.organizationId), now);
    await this.deliverDue(null, now);
  }

  // ---------- the list ----------

  async list(s: Session, q: Body<'reminders'>): Promise<Answer<'reminders'>> {
    const mine = and(
      eq(businessReminder.organizationId, s.orgId),
      eq(businessReminder.userId, s.userId),
      sql`${businessReminder.deliveredAt} is not null`,
      // a customer no longer in sight is not listed
      inArray(businessReminder.clueId, visibleLeadIds(s)),
    );
    const where: SQL = and(
      mine,
      q.status === undefined ? undefined : eq(businessReminder.status, q.status),
      q.signal ? eq(businessReminder.signal, q.signal) : undefined,
    )!;
    const lead = visibleLeads(s);
    const rows = await this.db
      .select({ r: businessReminder, name: lead.name, company: lead.company })
      .from(businessReminder)
      .innerJoin(lead, eq(lead.id, businessReminder.clueId))
      .where(where)
      .orderBy(desc(businessReminder.remindAt), desc(businessReminder.id))
      .limit(q.pageSize)
      .offset(offsetOf(q));
    const [total] = await this.db.select({ n: count() }).from(businessReminder).where(where);
    const [todo] = await this.db
      .select({ n: count() })
      .from(businessReminder)
      .where(and(mine, eq(businessReminder.status, 0)));
    const lists = rows.map(({ r, name, company }) => ({
      id: r.id,
      signal: r.signal,
      signalName: ReminderSignalName[r.signal as ReminderSignal] ?? r.signal,
      title: r.title,
      content: r.content,
      clueId: r.clueId,
      clueName: name,
      company,
      recordingId: r.recordingId,
      startMs: r.startMs,
      status: r.status,
      statusName: ReminderStatusName[r.status as 0 | 1 | 2],
      remindTime: formatDateTime(r.remindAt),
      delivered: !!r.deliveredAt,
      createTime: formatDateTime(r.createdAt),
    }));
    return { ...page(lists, total.n, q), todo: todo.n };
  }

  async handle(s: Session, { ids, status }: Body<'handleReminder'>): Promise<Answer<'handleReminder'>> {
    const done = await this.db
      .update(businessReminder)
      .set({ status, handledAt: new Date() })
      .where(
        and(
          eq(businessReminder.organizationId, s.orgId),
          eq(businessReminder.userId, s.userId),
          inArray(businessReminder.id, ids),
        ),
      )
      .returning({ id: businessReminder.id });
    return { count: done.length };
  }
}
