/**
 * WeCom's callback crypto (加解密方案): msg_signature = SHA-1 of the sorted token, timestamp, nonce and encrypted text;
 * AES-256-CBC with key = base64(EncodingAESKey + "="), IV = the key's first 16 bytes, PKCS#7 to 32 bytes; plaintext =
 * 16 random bytes + 4-byte big-endian length + message + receive id (the corp id). @wecom/crypto does the work; this
 * file checks what it leaves to the caller (signature in constant time, receive id, malformed input).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { decrypt, encrypt, getSignature } from '@wecom/crypto';

export interface CallbackKeys {
  token: string;
  encodingAesKey: string;
  corpId: string;
}

export class CallbackRefused extends Error {}

export function signatureOk(keys: CallbackKeys, timestamp: string, nonce: string, encrypted: string, sig: string) {
  const expected = Buffer.from(getSignature(keys.token, timestamp, nonce, encrypted));
  const given = Buffer.from(String(sig ?? '').toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Checks the signature and the receive id and returns the plaintext; throws CallbackRefused otherwise. */
export function openCallback(
  keys: CallbackKeys,
  q: { msg_signature?: string; timestamp?: string; nonce?: string },
  encrypted: string,
): string {
  if (!q.msg_signature || !q.timestamp || !q.nonce || !encrypted) throw new CallbackRefused('缺少签名参数');
  if (!signatureOk(keys, q.timestamp, q.nonce, encrypted, q.msg_signature)) throw new CallbackRefused('签名不正确');
  let opened: { message: string; id: string };
  try {
    opened = decrypt(keys.encodingAesKey, encrypted);
  } catch {
    throw new CallbackRefused('解密失败');
  }
  if (opened.id !== keys.corpId) throw new CallbackRefused('企业 ID 不符');
  return opened.message;
}

/** Encrypts and signs a message as WeCom does (the fake server's callbacks; passive replies). */
export function sealCallback(keys: CallbackKeys, message: string, timestamp: string, nonce: string) {
  const encrypted = encrypt(keys.encodingAesKey, message, keys.corpId);
  return { encrypted, signature: getSignature(keys.token, timestamp, nonce, encrypted) };
}

/** The fields of a flat WeCom XML message (`<xml><A><![CDATA[x]]></A><B>1</B></xml>`). */
export function xmlFields(xml: string): Record<string, string> {
  const out: Record<string, string> = {};
  const inner = xml.replace(/^\s*<xml>/, '').replace(/<\/xml>\s*$/, '');
  for (const m of inner.matchAll(/<([A-Za-z_][\w]*)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g))
    out[m[1]] = m[2] ?? m[3] ?? '';
  return out;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
