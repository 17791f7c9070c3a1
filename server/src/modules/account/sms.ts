import { createHash, createHmac, randomUUID } from 'node:crypto';
import { ResultCode } from '@crm/core';
import type { FastifyBaseLogger } from 'fastify';
import { aliyunEncode, aliyunSignature } from '../../platform/aliyun';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { OutboundError, sendJson } from './outbound';

/** Sends a verification code by SMS. A failure throws SmsError; the code then counts as not sent. */
export interface SmsProvider {
  name: string;
  sendCode(phone: string, code: string): Promise<void>;
}

/** A provider's refusal or an unreachable provider: answered to the client as 短信发送失败：… */
export class SmsError extends AppError {
  constructor(reason: string) {
    super(ResultCode.UNAVAILABLE, `短信发送失败：${reason}`, 503);
  }
}

/** The default: writes the code to the server log (for development and the embedded demo). */
export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  constructor(private readonly log: FastifyBaseLogger) {}
  async sendCode(phone: string, code: string): Promise<void> {
    this.log.info({ phone, code }, `短信验证码 ${code} 已发送至 ${phone}（日志通道，未真实发送）`);
  }
}

export type SmsSettings = Config['sms'];

/** Refuses to send while a setting the provider needs is empty, naming their variables (accessKeyId: SMS_ACCESS_KEY_ID). */
function requireSettings(s: SmsSettings, keys: string[]): void {
  const envName = (k: string) => `SMS_${k.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
  if (keys.some((k) => !s[k])) throw new SmsError(`未配置短信服务，请设置 ${keys.map(envName).join(' / ')}`);
}

// The Aliyun RPC signer lives in platform/aliyun.ts (shared with the tracking module's STS client).
export { aliyunEncode, aliyunSignature };

/** Aliyun SMS (dysmsapi SendSms, 2017-05-25), RPC style over HTTPS GET. */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  constructor(private readonly s: SmsSettings) {}

  async sendCode(phone: string, code: string): Promise<void> {
    requireSettings(this.s, ['accessKeyId', 'accessKeySecret', 'signName', 'templateCode']);
    const params: Record<string, string> = {
      AccessKeyId: this.s.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phone,
      RegionId: 'cn-hangzhou',
      SignName: this.s.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.s.templateCode,
      TemplateParam: JSON.stringify({ code }),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = aliyunSignature('GET', params, this.s.accessKeySecret);
    const query = Object.entries({ Signature: signature, ...params })
      .map(([k, v]) => `${aliyunEncode(k)}=${aliyunEncode(v)}`)
      .join('&');
    const endpoint = (this.s.endpoint || 'https://dysmsapi.aliyuncs.com').replace(/\/+$/, '');
    const body = await call<{ Code?: string; Message?: string }>(`${endpoint}/?${query}`, { method: 'GET' });
    if (body.Code !== 'OK') throw new SmsError(`${body.Message ?? '未知错误'}（${body.Code ?? '无错误码'}）`);
  }
}

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

/** The TC3-HMAC-SHA256 Authorization header of a Tencent Cloud API 3.0 POST with a JSON body. */
export function tc3Authorization(opts: {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  timestamp: number;
  payload: string;
}): string {
  const date = new Date(opts.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:application/json; charset=utf-8\nhost:${opts.host}\n`,
    'content-type;host',
    sha256Hex(opts.payload),
  ].join('\n');
  const scope = `${date}/${opts.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(opts.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const kDate = hmac(`TC3${opts.secretKey}`, date);
  const kService = hmac(kDate, opts.service);
  const kSigning = hmac(kService, 'tc3_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${opts.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

interface TencentSendSmsResponse {
  Response?: {
    Error?: { Code: string; Message: string };
    SendStatusSet?: { PhoneNumber: string; Code: string; Message: string }[];
    RequestId?: string;
  };
}

/** Tencent Cloud SMS (SendSms, API version 2021-01-11) with a TC3-HMAC-SHA256 signature. */
export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  constructor(private readonly s: SmsSettings) {}

  async sendCode(phone: string, code: string): Promise<void> {
    requireSettings(this.s, ['accessKeyId', 'accessKeySecret', 'sdkAppId', 'signName', 'templateCode']);
    const payload = JSON.stringify({
      PhoneNumberSet: [phone.startsWith('+') ? phone : `+86${phone}`],
      SmsSdkAppId: this.s.sdkAppId,
      SignName: this.s.signName,
      TemplateId: this.s.templateCode,
      TemplateParamSet: [code],
    });
    const url = new URL(this.s.endpoint || 'https://sms.tencentcloudapi.com');
    const timestamp = Math.floor(Date.now() / 1000);
    const authorization = tc3Authorization({
      secretId: this.s.accessKeyId,
      secretKey: this.s.accessKeySecret,
      service: 'sms',
      host: url.host,
      timestamp,
      payload,
    });
    const body = await call<TencentSendSmsResponse>(url.toString(), {
      method: 'POST',
      headers: {
        Authorization: authorization,
        'Content-Type': 'application/json; charset=utf-8',
        Host: url.host,
        'X-TC-Action': 'SendSms',
        'X-TC-Version': '2021-01-11',
        'X-TC-Timestamp': String(timestamp),
        'X-TC-Region': this.s.region || 'ap-guangzhou',
      },
      body: payload,
    });
    const r = body.Response;
    if (r?.Error) throw new SmsError(`${r.Error.Message}（${r.Error.Code}）`);
    const status = r?.SendStatusSet?.[0];
    if (!status) throw new SmsError('短信服务未返回发送结果');
    if (status.Code !== 'Ok') throw new SmsError(`${status.Message}（${status.Code}）`);
  }
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  try {
    return (await sendJson<T>(url, init)).body;
  } catch (e) {
    if (e instanceof OutboundError) throw new SmsError(e.message);
    throw e;
  }
}

export function createSmsProvider(config: Config, log: FastifyBaseLogger): SmsProvider {
  switch (config.sms.provider) {
    case 'aliyun':
      return new AliyunSmsProvider(config.sms);
    case 'tencent':
      return new TencentSmsProvider(config.sms);
    case 'log':
      return new LogSmsProvider(log);
    default:
      log.warn(`SMS_PROVIDER=${config.sms.provider} 无法识别（可选 log、aliyun、tencent），使用日志通道`);
      return new LogSmsProvider(log);
  }
}
