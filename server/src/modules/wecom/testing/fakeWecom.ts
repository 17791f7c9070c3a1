// A local fake of the WeCom server API, for the tests, the e2e scenarios, the bench and the chaos scenario (never used
// by the product). It speaks the endpoints the wecom module calls, with WeCom's error codes and paging, returns only
// what a self-built app created since 2022 receives (no member mobiles unless `mobiles`), and sends callbacks
// encrypted with WeCom's algorithm (written here again on node:crypto, independently of @wecom/crypto).
// Self-contained (node built-ins, erasable TypeScript only) so that plain Node can import it.
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMember {
  userid: string;
  name: string;
  department: number[];
  position?: string;
  mobile?: string;
  status?: number;
}

export interface FakeFollow {
  userid: string;
  remark?: string;
  description?: string;
  createtime?: number;
  tag_id?: string[];
  remark_mobiles?: string[];
  add_way?: number;
}

export interface FakeContact {
  external_userid: string;
  name: string;
  type?: number;
  unionid?: string;
  gender?: number;
  avatar?: string;
  follow: FakeFollow[];
}

export interface FakeWeComOptions {
  corpId: string;
  agentSecret: string;
  contactSecret?: string;
  departments?: { id: number; parentid: number; order?: number }[];
  members?: FakeMember[];
  contacts?: FakeContact[];
  /** Members' mobiles returned by user/get (an app created before 2022). */
  mobiles?: boolean;
  /** The server's address is in the app's trusted IPs (else 60020). */
  trustedIp?: boolean;
  /** The app may call the customer-contact API (else 48002). */
  customerPermission?: boolean;
  /** Milliseconds each answer waits (the chaos scenario). */
  delayMs?: number;
}

export interface FakeCall {
  path: string;
  query: Record<string, string>;
  body: any;
}

export interface FakeWeCom {
  url: string;
  /** The API base to configure (…/cgi-bin/). */
  apiBase: string;
  options: FakeWeComOptions;
  calls: FakeCall[];
  /** The next n calls (gettoken included) answer 45009. */
  rateLimitNext: number;
  /** Every token issued so far answers 42001 from now on. */
  expireTokens(): void;
  /** An OAuth2 code for a member (or a non-member's openid), as the authorize page would give. */
  oauthCode(who: { userid: string } | { openid: string; external_userid?: string }): string;
  /** The member the authorize page signs in (e2e). */
  oauthUser: string;
  /** Sends an encrypted, signed callback to `url` as WeCom does; `forge` signs with a wrong token. */
  callback(
    url: string,
    keys: { token: string; encodingAesKey: string },
    fields: Record<string, string | number>,
    opts?: { forge?: boolean },
  ): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

const ok = (extra: object = {}) => ({ errcode: 0, errmsg: 'ok', ...extra });
const err = (errcode: number, errmsg: string) => ({ errcode, errmsg });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** WeCom's encryption: AES-256-CBC, key = base64(aesKey + '='), IV = key[0..16], PKCS#7 to 32 bytes. */
export function wecomEncrypt(encodingAesKey: string, message: string, corpId: string): string {
  const key = Buffer.from(`${encodingAesKey}=`, 'base64');
  const msg = Buffer.from(message);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(msg.length, 0);
  const plain = Buffer.concat([randomBytes(16), len, msg, Buffer.from(corpId)]);
  const pad = 32 - (plain.length % 32);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])), cipher.final()]).toString(
    'base64',
  );
}

export function wecomSignature(token: string, timestamp: string, nonce: string, encrypted: string): string {
  return createHash('sha1').update([token, timestamp, nonce, encrypted].sort().join('')).digest('hex');
}

const xmlOf = (fields: Record<string, string | number>) =>
  `<xml>${Object.entries(fields)
    .map(([k, v]) => (typeof v === 'number' ? `<${k}>${v}</${k}>` : `<${k}><![CDATA[${v}]]></${k}>`))
    .join('')}</xml>`;

export async function startFakeWeCom(options: FakeWeComOptions, host = '127.0.0.2'): Promise<FakeWeCom> {
  const tokens = new Map<string, { secret: string; expired: boolean }>();
  const codes = new Map<string, { userid?: string; openid?: string; external_userid?: string }>();
  let seq = 0;
  const index = () => {
    // contacts by member, in the order given
    const byUser = new Map<string, { contact: FakeContact; follow: FakeFollow }[]>();
    for (const c of options.contacts ?? [])
      for (const f of c.follow) {
        const list = byUser.get(f.userid) ?? [];
        list.push({ contact: c, follow: f });
        byUser.set(f.userid, list);
      }
    return byUser;
  };
  let byUser = index();
  let indexedFrom = options.contacts;

  const fake: FakeWeCom = {
    url: '',
    apiBase: '',
    options,
    calls: [],
    rateLimitNext: 0,
    oauthUser: options.members?.[0]?.userid ?? '',
    expireTokens: () => {
      for (const t of tokens.values()) t.expired = true;
    },
    oauthCode(who) {
      const code = `code${++seq}${randomBytes(4).toString('hex')}`;
      codes.set(code, who);
      return code;
    },
    async callback(url, keys, fields, opts = {}) {
      const message = xmlOf({ ToUserName: options.corpId, CreateTime: Math.floor(Date.now() / 1000), ...fields });
      const encrypted = wecomEncrypt(keys.encodingAesKey, message, options.corpId);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = String(Math.floor(Math.random() * 1e9));
      const sig = wecomSignature(opts.forge ? `${keys.token}x` : keys.token, timestamp, nonce, encrypted);
      const u = new URL(url);
      u.searchParams.set('msg_signature', sig);
      u.searchParams.set('timestamp', timestamp);
      u.searchParams.set('nonce', nonce);
      const res = await fetch(u, {
        method: 'POST',
        headers: { 'content-type': 'text/xml' },
        body: xmlOf({ ToUserName: options.corpId, Encrypt: encrypted, AgentID: '1000002' }),
      });
      return { status: res.status, text: await res.text() };
    },
    close: async () => {},
  };

  const memberOf = (userid: string) => options.members?.find((m) => m.userid === userid);
  const followInfo = (f: FakeFollow) => ({
    userid: f.userid,
    remark: f.remark ?? '',
    description: f.description ?? '',
    createtime: f.createtime ?? 1_700_000_000,
    tag_id: f.tag_id ?? [],
    remark_mobiles: f.remark_mobiles ?? [],
    add_way: f.add_way ?? 1,
    oper_userid: f.userid,
  });
  const contactInfo = (c: FakeContact) => ({
    external_userid: c.external_userid,
    name: c.name,
    type: c.type ?? 1,
    avatar: c.avatar ?? '',
    gender: c.gender ?? 0,
    ...(c.unionid ? { unionid: c.unionid } : {}),
  });

  const api = (path: string, q: Record<string, string>, body: any): object => {
    if (fake.rateLimitNext > 0) {
      fake.rateLimitNext--;
      return err(45009, 'api freq out of limit');
    }
    if (path === 'gettoken') {
      if (q.corpid !== options.corpId) return err(40013, 'invalid corpid');
      if (q.corpsecret !== options.agentSecret && q.corpsecret !== options.contactSecret)
        return err(40001, 'invalid credential');
      const token = `tok${++seq}${randomBytes(6).toString('hex')}`;
      tokens.set(token, { secret: q.corpsecret, expired: false });
      return ok({ access_token: token, expires_in: 7200 });
    }
    const t = tokens.get(q.access_token ?? '');
    if (!q.access_token) return err(41001, 'access_token missing');
    if (!t) return err(40014, 'invalid access_token');
    if (t.expired) return err(42001, 'access_token expired');
    if (options.trustedIp === false) return err(60020, 'not allow to access from your ip');
    const app = t.secret === options.agentSecret;
    if (path.startsWith('externalcontact/') && (!app || options.customerPermission === false))
      return err(48002, 'api forbidden');
    if (options.contacts !== indexedFrom) {
      byUser = index();
      indexedFrom = options.contacts;
    }
    switch (path) {
      case 'department/simplelist':
        return ok({ department_id: options.departments ?? [{ id: 1, parentid: 0, order: 100 }] });
      case 'user/list_id': {
        const limit = Math.min(Math.max(Number(body?.limit ?? 1000), 1), 10000);
        const from = body?.cursor ? Number(Buffer.from(String(body.cursor), 'base64url').toString()) : 0;
        const all = options.members ?? [];
        const page = all.slice(from, from + limit);
        const next = from + limit < all.length ? Buffer.from(String(from + limit)).toString('base64url') : '';
        return ok({
          next_cursor: next,
          dept_user: page.map((m) => ({ userid: m.userid, department: m.department[0] })),
        });
      }
      case 'user/get': {
        const m = memberOf(q.userid ?? '');
        if (!m) return err(60111, 'userid not found');
        return ok({
          userid: m.userid,
          name: m.name,
          department: m.department,
          main_department: m.department[0],
          position: m.position ?? '',
          status: m.status ?? 1,
          ...(options.mobiles && m.mobile ? { mobile: m.mobile } : {}),
        });
      }
      case 'externalcontact/get_follow_user_list':
        return ok({ follow_user: [...byUser.keys()] });
      case 'externalcontact/batch/get_by_user': {
        const ids: string[] = body?.userid_list ?? [];
        if (!ids.length || ids.length > 100) return err(40058, 'userid_list size must be 1..100');
        const limit = Math.min(Math.max(Number(body?.limit ?? 50), 1), 100);
        const from = body?.cursor ? Number(Buffer.from(String(body.cursor), 'base64url').toString()) : 0;
        const out: object[] = [];
        let i = 0;
        for (const id of ids) {
          const list = byUser.get(id) ?? [];
          if (i + list.length <= from) {
            i += list.length;
            continue;
          }
          for (const x of list) {
            if (i++ < from) continue;
            if (out.length < limit)
              out.push({ external_contact: contactInfo(x.contact), follow_info: followInfo(x.follow) });
            else break;
          }
          if (out.length >= limit) break;
        }
        const total = ids.reduce((n, id) => n + (byUser.get(id)?.length ?? 0), 0);
        const end = from + out.length;
        return ok({
          external_contact_list: out,
          next_cursor: end < total ? Buffer.from(String(end)).toString('base64url') : '',
        });
      }
      case 'externalcontact/get': {
        const c = options.contacts?.find((x) => x.external_userid === q.external_userid);
        if (!c) return err(84061, 'not external contact');
        const from = q.cursor ? Number(Buffer.from(q.cursor, 'base64url').toString()) : 0;
        const page = c.follow.slice(from, from + 500);
        return ok({
          external_contact: contactInfo(c),
          follow_user: page.map(followInfo),
          next_cursor: from + 500 < c.follow.length ? Buffer.from(String(from + 500)).toString('base64url') : '',
        });
      }
      case 'auth/getuserinfo': {
        const who = codes.get(q.code ?? '');
        if (!who) return err(40029, 'invalid code');
        if (who.userid && !memberOf(who.userid))
          options.members?.push({ userid: who.userid, name: '', department: [1] });
        codes.delete(q.code ?? '');
        return ok(who.userid ? { userid: who.userid } : { openid: who.openid, external_userid: who.external_userid });
      }
      case 'get_jsapi_ticket':
        return ok({ ticket: `jsapi${++seq}`, expires_in: 7200 });
      case 'ticket/get':
        if (q.type !== 'agent_config') return err(40001, 'invalid type');
        return ok({ ticket: `agent${++seq}`, expires_in: 7200 });
      default:
        return err(60011, 'no privilege');
    }
  };

  const server = createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    if (options.delayMs) await sleep(options.delayMs);
    // the OAuth2 authorize page: straight back to the redirect with a code for `oauthUser`
    if (u.pathname === '/connect/oauth2/authorize') {
      const back = new URL(u.searchParams.get('redirect_uri') ?? '/');
      back.searchParams.set('code', fake.oauthCode({ userid: fake.oauthUser }));
      back.searchParams.set('state', u.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      res.end();
      return;
    }
    const path = u.pathname.replace(/^\/cgi-bin\//, '');
    const query = Object.fromEntries(u.searchParams);
    let body: any = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = null;
    }
    fake.calls.push({ path, query, body });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(api(path, query, body)));
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  fake.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  fake.apiBase = `${fake.url}/cgi-bin/`;
  fake.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return fake;
}
