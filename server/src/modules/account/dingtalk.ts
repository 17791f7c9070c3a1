import { normalizePhone } from '@crm/core';
import { badRequest } from '../../platform/errors';
import { joinUrl, OutboundError, sendJson } from './outbound';

export interface DingTalkSettings {
  appKey: string;
  appSecret: string;
  apiBase: string;
}

interface DingAnswer {
  errcode?: number;
  errmsg?: string;
}

export const DINGTALK_UNCONFIGURED = '未配置钉钉应用，请设置 DINGTALK_APP_KEY / DINGTALK_APP_SECRET';

/**
 * DingTalk H5 micro-app sign-in (免登): the app's access token (gettoken, cached until shortly before it expires),
 * the user id of the free-login code (topapi/v2/user/getuserinfo), then the user's mobile (topapi/v2/user/get).
 */
export class DingTalkClient {
  private token: { value: string; until: number } | null = null;

  constructor(private readonly s: DingTalkSettings | undefined) {}

  get configured(): boolean {
    return !!(this.s?.appKey && this.s.appSecret);
  }

  /** The mobile number (11 digits for mainland numbers) of the DingTalk user behind a free-login code. */
  async mobileByCode(code: string): Promise<string> {
    if (!this.configured) throw badRequest(DINGTALK_UNCONFIGURED);
    const token = await this.accessToken();
    const info = await this.call<{ result?: { userid?: string } }>('topapi/v2/user/getuserinfo', token, { code });
    const userid = info.result?.userid;
    if (!userid) throw badRequest('钉钉登录失败：免登码无效或已过期');
    const detail = await this.call<{ result?: { mobile?: string } }>('topapi/v2/user/get', token, {
      userid,
      language: 'zh_CN',
    });
    const mobile = normalizeMobile(detail.result?.mobile);
    if (!mobile) throw badRequest('钉钉登录失败：无法获取钉钉账号的手机号，请确认应用已开通手机号权限');
    return mobile;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const s = this.s!;
    const url = `${joinUrl(s.apiBase, 'gettoken')}?${new URLSearchParams({ appkey: s.appKey, appsecret: s.appSecret })}`;
    const body = await this.request<{ access_token?: string; expires_in?: number }>(url, { method: 'GET' });
    if (!body.access_token) throw badRequest('钉钉登录失败：未获取到 access_token');
    const ttl = Math.max(60, (body.expires_in ?? 7200) - 300);
    this.token = { value: body.access_token, until: Date.now() + ttl * 1000 };
    return body.access_token;
  }

  private async call<T>(path: string, token: string, payload: Record<string, string>): Promise<T & DingAnswer> {
    const url = `${joinUrl(this.s!.apiBase, path)}?${new URLSearchParams({ access_token: token })}`;
    const body = await this.request<T>(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return body;
  }

  private async request<T>(url: string, init: RequestInit): Promise<T & DingAnswer> {
    let body: T & DingAnswer;
    try {
      body = (await sendJson<T & DingAnswer>(url, init)).body;
    } catch (e) {
      if (e instanceof OutboundError) throw badRequest(`钉钉登录失败：${e.message}`);
      throw e;
    }
    if (body.errcode !== 0) {
      // A rejected token (e.g. the secret was rotated) must not stay cached.
      if (body.errcode === 40014 || body.errcode === 42001 || body.errcode === 88) this.token = null;
      throw badRequest(`钉钉登录失败：${body.errmsg ?? '未知错误'}（${body.errcode ?? '无错误码'}）`);
    }
    return body;
  }
}

/** '+86-13800000000', '8613800000000' or '13800000000' → '13800000000' (normalizePhone of @crm/core). */
export function normalizeMobile(mobile: string | undefined): string | null {
  return mobile ? normalizePhone(mobile) || null : null;
}
