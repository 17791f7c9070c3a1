/**
 * Sign-in inside WeCom: the OAuth2 authorize URL (snsapi_base, the app's agent id), the code exchanged for the
 * member (auth/getuserinfo) and a session for its bound CRM user; an unbound member gets a bind ticket (HMAC, 10
 * minutes) for /userBindOrg/userBindOrg, where an account and password or a phone and SMS code (the account module's
 * own sign-in, with its limits and captcha) bind and sign in. And the JS-SDK signatures (config with the corp's
 * jsapi ticket, agentConfig with the app's), the tickets cached like the access token.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CallAnswer, CallBody, CallQuery, contract } from '@crm/core/contract';
import { WECOM_OAUTH_BASE } from '@crm/core/contract/wecom';
import { getJsApiSignature } from '@wecom/crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import { joinUrl } from '../../platform/outbound';
import type { Session } from '../../platform/session';
import { getUser } from '../org';
import { wecomMember } from './schema';
import { activeSettings, asked, clientOf } from './settings';

type A = typeof contract.wecomAuth;
const TICKET_TTL_S = 600;

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

export class WeComAuth {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  async oauthUrl(q: CallQuery<A['oauthUrl']>, origin: string): Promise<CallAnswer<A['oauthUrl']>> {
    const s = await activeSettings(this.db, q.org);
    const back = new URL(`${origin}/weComAuth`);
    back.searchParams.set('org', String(q.org));
    if (q.redirect) back.searchParams.set('redirect', q.redirect);
    const u = new URL(joinUrl(s.oauthBaseUrl || WECOM_OAUTH_BASE, 'connect/oauth2/authorize'));
    u.searchParams.set('appid', s.corpId);
    u.searchParams.set('redirect_uri', back.href);
    u.searchParams.set('response_type', 'code');
    u.searchParams.set('scope', 'snsapi_base');
    u.searchParams.set('state', randomBytes(8).toString('hex'));
    u.searchParams.set('agentid', s.agentId);
    return { url: `${u.href}#wechat_redirect` };
  }

  async login(b: CallBody<A['oauthLogin']>, meta: RequestMeta): Promise<CallAnswer<A['oauthLogin']>> {
    const s = await activeSettings(this.db, b.org);
    const who = await asked(clientOf(this.db, this.ctx.config, s).get('auth/getuserinfo', { code: b.code }));
    if (!who.userid) throw forbidden('仅企业成员可以登录，请使用企业微信账号打开');
    const userid = String(who.userid);
    const [m] = await this.db
      .select()
      .from(wecomMember)
      .where(and(eq(wecomMember.organizationId, b.org), eq(wecomMember.userid, userid), isNull(wecomMember.removedAt)))
      .limit(1);
    const user = m?.crmUserId ? await getUser(this.db, b.org, m.crmUserId) : undefined;
    if (user)
      return {
        bound: true,
        signedIn: await this.ctx.services.account.signIn(user, meta),
        bindTicket: '',
        memberName: m.name,
      };
    return { bound: false, signedIn: null, bindTicket: this.ticket(b.org, userid), memberName: m?.name ?? '' };
  }

  /** Binds the member of the ticket to the account that signs in (same organisation), and signs it in. */
  async bind(b: CallBody<A['oauthBind']>, meta: RequestMeta): Promise<CallAnswer<A['oauthBind']>> {
    const t = this.openTicket(b.bindTicket);
    const { bindTicket: _t, ...login } = b;
    const account = this.ctx.services.account;
    const signedIn =
      'account' in login ? await account.loginByPassword(login, meta) : await account.loginBySms(login, meta);
    if (signedIn.organizationId !== t.org) throw badRequest('该账号不属于本企业对应的机构');
    const [taken] = await this.db
      .select({ userid: wecomMember.userid })
      .from(wecomMember)
      .where(and(eq(wecomMember.organizationId, t.org), eq(wecomMember.crmUserId, signedIn.userId)))
      .limit(1);
    if (taken && taken.userid !== t.userid) throw conflict('该账号已绑定其他企业微信成员');
    await this.db
      .insert(wecomMember)
      .values({ organizationId: t.org, userid: t.userid, crmUserId: signedIn.userId, bindWay: 2 })
      .onConflictDoUpdate({
        target: [wecomMember.organizationId, wecomMember.userid],
        set: { crmUserId: signedIn.userId, bindWay: 2 },
      });
    return signedIn;
  }

  async jsapiSignature(s: Session, q: CallQuery<A['jsapiSignature']>): Promise<CallAnswer<A['jsapiSignature']>> {
    const cfg = await activeSettings(this.db, s.orgId);
    const client = clientOf(this.db, this.ctx.config, cfg);
    const url = q.url.split('#')[0];
    const sign = (ticket: string) => {
      const r = getJsApiSignature({ url, ticket, nonceStr: randomBytes(8).toString('hex') });
      return { timestamp: Number(r.timestamp), nonceStr: r.nonceStr, signature: r.signature };
    };
    return {
      corpId: cfg.corpId,
      agentId: cfg.agentId,
      config: sign(await asked(client.ticket('jsapi'))),
      agentConfig: sign(await asked(client.ticket('agent_config'))),
    };
  }

  private mac(payload: string) {
    return createHmac('sha256', this.ctx.config.jwtSecret).update(`wecom-bind\n${payload}`).digest('base64url');
  }

  private ticket(org: number, userid: string): string {
    const payload = Buffer.from(JSON.stringify({ org, userid, exp: Date.now() + TICKET_TTL_S * 1000 })).toString(
      'base64url',
    );
    return `${payload}.${this.mac(payload)}`;
  }

  private openTicket(ticket: string): { org: number; userid: string } {
    const [payload, mac] = ticket.split('.');
    const expected = Buffer.from(this.mac(payload ?? ''));
    const given = Buffer.from(mac ?? '');
    const expired = () => badRequest('绑定凭证已失效，请从企业微信重新打开');
    if (!payload || expected.length !== given.length || !timingSafeEqual(expected, given)) throw expired();
    const t = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { org: number; userid: string; exp: number };
    if (t.exp < Date.now()) throw expired();
    return t;
  }
}
