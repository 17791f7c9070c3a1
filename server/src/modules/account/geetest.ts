import { createHash, randomBytes } from 'node:crypto';
import type { CaptchaAnswer, GeetestParams } from '@crm/core/contract/account';
import { joinUrl, OutboundError, send, sendJson } from './outbound';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** Mobile flag of the captcha parameters: 3 on a mobile device, otherwise 0. */
export const CAPTCHA_MOBILE = 3;
export const CAPTCHA_DESKTOP = 0;
const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|HarmonyOS|Mobile/i;

/** The mobile flag from an explicit `mobile` query value (3/1/true or 0/false), else from the user agent. */
export function mobileFlag(mobile: string | undefined, userAgent: string | undefined): 0 | 3 {
  if (mobile !== undefined && mobile !== '')
    return ['3', '1', 'true'].includes(mobile.toLowerCase()) ? CAPTCHA_MOBILE : CAPTCHA_DESKTOP;
  return MOBILE_UA.test(userAgent ?? '') ? CAPTCHA_MOBILE : CAPTCHA_DESKTOP;
}

/** The slider's answer, as the login sends it. */
export type GeetestAnswer = Pick<CaptchaAnswer, 'geetest_challenge' | 'geetest_validate' | 'geetest_seccode'>;

export interface GeetestSettings {
  id: string;
  key: string;
  apiBase: string;
}

/**
 * Geetest v3 (gt3) server protocol: register.php hands out a challenge that the server re-keys with its private
 * key; validate.php confirms the answer of the slider. Unconfigured or unreachable: success 0 (image code instead).
 */
export class GeetestClient {
  constructor(private readonly s: GeetestSettings | undefined) {}

  get configured(): boolean {
    return !!(this.s?.id && this.s.key);
  }

  async register(mobile: 0 | 3): Promise<GeetestParams> {
    const clientType = mobile === CAPTCHA_MOBILE ? 'h5' : 'web';
    const fallback = (reason: string): GeetestParams => ({
      success: 0,
      gt: this.s?.id ?? '',
      challenge: md5(randomBytes(16).toString('hex')) + md5(randomBytes(16).toString('hex')).slice(0, 2),
      new_captcha: true,
      mobile,
      client_type: clientType,
      reason,
    });
    if (!this.configured) return fallback('未配置极验（GEETEST_ID / GEETEST_KEY），请使用图形验证码');
    const s = this.s!;
    const url = `${joinUrl(s.apiBase, 'register.php')}?${new URLSearchParams({ gt: s.id, json_format: '1', client_type: clientType, digestmod: 'md5' })}`;
    try {
      const { status, body } = await sendJson<{ challenge?: string }>(url, { method: 'GET' }, 3000);
      const challenge = body?.challenge;
      if (status !== 200 || !challenge || challenge === '0' || challenge.length !== 32)
        return fallback('极验服务暂不可用，请使用图形验证码');
      return {
        success: 1,
        gt: s.id,
        challenge: md5(challenge + s.key),
        new_captcha: true,
        mobile,
        client_type: clientType,
      };
    } catch (e) {
      if (e instanceof OutboundError) return fallback('极验服务暂不可用，请使用图形验证码');
      throw e;
    }
  }

  /** Checks a slider answer: the local validate hash, then the seccode with geetest. */
  async validate(a: GeetestAnswer): Promise<boolean> {
    if (!this.configured) return false;
    const s = this.s!;
    const { geetest_challenge: challenge, geetest_validate: validate, geetest_seccode: seccode } = a;
    if (!challenge || !validate || !seccode) return false;
    if (validate !== md5(`${s.key}geetest${challenge}`)) return false;
    try {
      const res = await send(
        joinUrl(s.apiBase, 'validate.php'),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            seccode,
            challenge,
            captchaid: s.id,
            json_format: '1',
            sdk: 'crm-node-1.0',
          }).toString(),
        },
        3000,
      );
      const body = JSON.parse(res.text) as { seccode?: string };
      return body.seccode === md5(seccode);
    } catch {
      return false;
    }
  }
}
