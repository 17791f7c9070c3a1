/**
 * The chat sidebar (/weComSidebar/customerAnalysis): the contact WeCom's JS-SDK names, found locally or fetched from
 * WeCom when the sync has not brought it yet (a contact added minutes ago), matched to its lead, and the lead's AI
 * briefing, risks, recent calls and follow-ups, each within the session's data scope.
 */
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { findClue } from '../clue';
import type { WeComDirectory } from './directory';
import { WeComError } from './errors';
import { wecomContact, wecomMember } from './schema';
import type { WeComSync } from './sync';

type S = typeof contract.wecomSidebar;
const RECENT = 5;
const MOBILE = /^1\d{10}$/;

export class WeComSidebar {
  constructor(
    private readonly ctx: AppContext,
    private readonly sync: WeComSync,
    private readonly dir: WeComDirectory,
  ) {}

  async contact(
    s: Session,
    b: CallBody<S['getCustomerDetailInWechat']>,
  ): Promise<CallAnswer<S['getCustomerDetailInWechat']>> {
    const id = b.externalUserid;
    const [local] = await this.ctx.db
      .select({ clueId: wecomContact.clueId })
      .from(wecomContact)
      .where(and(eq(wecomContact.organizationId, s.orgId), eq(wecomContact.externalUserid, id)))
      .limit(1);
    if (!local) await this.fetch(s.orgId, id);
    else if (local.clueId === null) await this.sync.matchContacts(s.orgId, [id]);
    const contact = await this.ownFollowFirst(s, await this.dir.customer(s, id));
    let clueId = contact.clueId;
    let clueHidden = false;
    if (clueId !== null)
      try {
        await findClue(this.ctx.db, s, clueId);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        clueId = null;
        clueHidden = true;
      }
    const suggestedPhone =
      contact.clueId === null
        ? (contact.followers.flatMap((f) => f.remarkMobiles).find((m) => MOBILE.test(m)) ?? null)
        : null;
    return { contact: clueHidden ? { ...contact, clueName: null } : contact, clueId, clueHidden, suggestedPhone };
  }

  /** The follow-up of the session's own WeCom member first: its remark is the name the user knows the contact by. */
  private async ownFollowFirst<C extends { followers: { userid: string }[] }>(s: Session, contact: C): Promise<C> {
    const [own] = await this.ctx.db
      .select({ userid: wecomMember.userid })
      .from(wecomMember)
      .where(and(eq(wecomMember.organizationId, s.orgId), eq(wecomMember.crmUserId, s.userId)))
      .limit(1);
    if (!own) return contact;
    const mine = (f: { userid: string }) => (f.userid === own.userid ? 0 : 1);
    return { ...contact, followers: [...contact.followers].sort((a, b) => mine(a) - mine(b)) };
  }

  /** A contact the sync has not brought yet: read from WeCom now (externalcontact/get) and stored. */
  private async fetch(orgId: number, externalUserid: string): Promise<void> {
    try {
      await this.sync.contactChanged(orgId, externalUserid, '', false);
    } catch (e) {
      if (e instanceof WeComError && e.errcode === 84061) throw notFound('企微客户不存在');
      if (e instanceof WeComError) throw new AppError(503, `读取企业微信客户失败：${e.message}`);
      throw e;
    }
  }

  async customerInfo(
    s: Session,
    { clueId }: CallBody<S['getCustomerInfoByClueIdNew']>,
  ): Promise<CallAnswer<S['getCustomerInfoByClueIdNew']>> {
    const customer = await this.ctx.services.insight.customers.customerInfo(s, clueId);
    const recent = (type: string) =>
      this.ctx.services.clue.interactions
        .list(s, { clueId, pageNum: 1, pageSize: RECENT as never, types: [type] })
        .then((p) => p.lists);
    const [calls, follows] = await Promise.all([recent('call'), recent('follow')]);
    return { customer, calls, follows };
  }

  async briefing(
    s: Session,
    { clueId }: CallBody<S['getAiCommBriefing']>,
  ): Promise<CallAnswer<S['getAiCommBriefing']>> {
    const c = this.ctx.services.insight.customers;
    const briefing = await c.briefing(s, clueId);
    return { briefing, risks: (await c.risks(s, clueId)).slice(0, RECENT) };
  }
}
