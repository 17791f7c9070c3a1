import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSecretsKey, openSecret, parseSecretsKey, SecretsKeyError, sealSecret, useSecretsKey } from './secrets';

describe('platform/secrets: AES-256-GCM at rest under the installation key', () => {
  const first = randomBytes(32);
  afterAll(() => useSecretsKey(loadSecretsKey({}, ':memory:', false)));

  it('seals with a versioned prefix, opens, and passes values stored before encryption', () => {
    useSecretsKey(first);
    const sealed = sealSecret('sk-live-1234567890');
    expect(sealed).toMatch(/^enc:v1:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain('sk-live');
    expect(sealSecret('sk-live-1234567890')).not.toBe(sealed); // a fresh IV each time
    expect(sealSecret(sealed)).toBe(sealed); // idempotent
    expect(openSecret(sealed)).toBe('sk-live-1234567890');
    expect(openSecret('plain-legacy')).toBe('plain-legacy');
    expect(sealSecret('')).toBe('');
    expect(sealSecret(null)).toBeNull();
  });

  it('another key, or a changed byte, cannot open it', () => {
    useSecretsKey(first);
    const sealed = sealSecret('secret');
    useSecretsKey(randomBytes(32));
    expect(() => openSecret(sealed)).toThrow(SecretsKeyError);
    useSecretsKey(first);
    const raw = Buffer.from(sealed.slice(7), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => openSecret(`enc:v1:${raw.toString('base64')}`)).toThrow(/SECRETS_KEY/);
  });

  it('SECRETS_KEY: 32 bytes as hex or base64; generated into DATA_DIR; required for several processes', () => {
    const key = randomBytes(32);
    expect(parseSecretsKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseSecretsKey(key.toString('base64')).equals(key)).toBe(true);
    expect(() => parseSecretsKey('short')).toThrow(/32 字节/);
    const dir = mkdtempSync(join(tmpdir(), 'crm-secrets-'));
    const generated = loadSecretsKey({}, dir, false);
    expect(generated).toHaveLength(32);
    expect(loadSecretsKey({}, dir, false).equals(generated)).toBe(true);
    expect(statSync(join(dir, '.secrets-key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, '.secrets-key'), 'utf8')).toBe(generated.toString('base64'));
    expect(() => loadSecretsKey({}, dir, true)).toThrow(/SECRETS_KEY 未设置/);
    expect(loadSecretsKey({ SECRETS_KEY: key.toString('base64') }, dir, true).equals(key)).toBe(true);
  });
});
