import { readFileSync } from 'node:fs';
import { AlipayGateway } from './alipay';
import type { Channel, PaymentGateway } from './types';
import { WechatPayGateway } from './wechatPay';

export * from './types';
export { AlipayGateway, WechatPayGateway };

export type PaymentGateways = Partial<Record<Channel, PaymentGateway>>;

/** A key given inline (PEM, `\n` allowed) or as the path of a PEM file. */
function key(v: string | undefined): string | undefined {
  if (!v) return undefined;
  return v.includes('-----BEGIN') ? v : readFileSync(v, 'utf8');
}

/**
 * The gateways configured by environment; a channel whose variables are missing is absent (its recharge answers
 * that it is not configured).
 */
export function gatewaysFromEnv(env: Record<string, string | undefined>): PaymentGateways {
  const out: PaymentGateways = {};
  const w = {
    mchId: env.WECHATPAY_MCHID,
    appId: env.WECHATPAY_APPID,
    serialNo: env.WECHATPAY_SERIAL_NO,
    privateKey: key(env.WECHATPAY_PRIVATE_KEY),
    platformPublicKey: key(env.WECHATPAY_PLATFORM_PUBLIC_KEY),
    apiV3Key: env.WECHATPAY_APIV3_KEY,
    notifyUrl: env.WECHATPAY_NOTIFY_URL,
  };
  if (Object.values(w).every(Boolean))
    out.wechat = new WechatPayGateway({
      ...(w as Record<keyof typeof w, string>),
      baseUrl: env.WECHATPAY_BASE_URL || 'https://api.mch.weixin.qq.com',
    });
  const a = {
    appId: env.ALIPAY_APP_ID,
    privateKey: key(env.ALIPAY_PRIVATE_KEY),
    alipayPublicKey: key(env.ALIPAY_PUBLIC_KEY),
    notifyUrl: env.ALIPAY_NOTIFY_URL,
  };
  if (Object.values(a).every(Boolean))
    out.alipay = new AlipayGateway({
      ...(a as Record<keyof typeof a, string>),
      returnUrl: env.ALIPAY_RETURN_URL || '',
      gateway: env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do',
    });
  return out;
}
