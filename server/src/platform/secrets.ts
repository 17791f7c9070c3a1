import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets at rest (API keys of organisations' models, telephony app secrets and ESL passwords, seats' SIP
 * passwords): AES-256-GCM under the installation key, stored as `enc:v1:<base64 of iv(12) | tag(16) | ciphertext>`.
 *
 * The key: SECRETS_KEY (32 bytes, base64 or hex); when unset, generated once into DATA_DIR/.secrets-key (as the JWT
 * secret is). It is required when the process is one of several (WORKERS other than `all`, or `npm run
 * start:cluster`): processes that each generated their own key could not read each other's secrets. The key is not
 * in backups (`npm run backup`): keep it separately; a restore on another machine needs the same key.
 *
 *   sealSecret(plain)   the stored form ('' and null stay as they are; an already sealed value is kept)
 *   openSecret(stored)  the plain text (a value stored before encryption, without the prefix, is returned as is)
 */

export const SECRET_PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretsKeyError extends Error {}

let key: Buffer | null = null;
/** One random key per process for in-memory installations (tests): every app of the process shares it. */
let memoryKey: Buffer | null = null;

/** Parses SECRETS_KEY: 32 bytes as 64 hex digits or base64 (standard or URL-safe). */
export function parseSecretsKey(text: string): Buffer {
  const t = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (bytes.length !== 32)
    throw new SecretsKeyError(
      'SECRETS_KEY 必须是 32 字节的密钥（64 位十六进制或 base64），例如：openssl rand -base64 32',
    );
  return bytes;
}

/**
 * The installation key by the rule above. `several`: this process is one of several (refuses to generate one).
 */
export function loadSecretsKey(env: NodeJS.ProcessEnv, dataDir: string, several: boolean): Buffer {
  if (env.SECRETS_KEY) return parseSecretsKey(env.SECRETS_KEY);
  if (dataDir === ':memory:') {
    memoryKey ??= randomBytes(32);
    return memoryKey;
  }
  if (several)
    throw new SecretsKeyError(
      'SECRETS_KEY 未设置：多个进程（WORKERS 不是 all，或 start:cluster）必须使用同一个加密密钥。' +
        '请用 openssl rand -base64 32 生成一个，给每个进程设置相同的 SECRETS_KEY，并与备份分开保存。',
    );
  const file = join(dataDir, '.secrets-key');
  if (!existsSync(file)) {
    try {
      // exclusive: processes sharing DATA_DIR that start together end up with the one key written first
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  return parseSecretsKey(readFileSync(file, 'utf8'));
}

/** The key the process uses (set by buildApp from the config). */
export function useSecretsKey(k: Buffer): void {
  key = k;
}

function currentKey(): Buffer {
  if (!key) throw new SecretsKeyError('加密密钥尚未加载（SECRETS_KEY）');
  return key;
}

export const isSealed = (v: string | null | undefined): boolean => !!v && v.startsWith(SECRET_PREFIX);

export function sealSecret(plain: string): string;
export function sealSecret(plain: string | null | undefined): string | null | undefined;
export function sealSecret(plain: string | null | undefined): string | null | undefined {
  if (!plain || isSealed(plain)) return plain;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', currentKey(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${SECRET_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
}

export function openSecret(stored: string): string;
export function openSecret(stored: string | null | undefined): string | null | undefined;
export function openSecret(stored: string | null | undefined): string | null | undefined {
  if (!stored || !isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(SECRET_PREFIX.length), 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', currentKey(), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch (e) {
    if (e instanceof SecretsKeyError) throw e;
    throw new SecretsKeyError('密钥无法解密：SECRETS_KEY 与保存时使用的不同，请恢复原来的 SECRETS_KEY 或重新填写密钥');
  }
}
