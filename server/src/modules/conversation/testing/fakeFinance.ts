import { execFileSync } from 'node:child_process';
import { constants, generateKeyPairSync, publicEncrypt, randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatDataItem } from '../financeSdk';

/**
 * The fake Finance SDK (fakeFinanceSdk.c) for tests, the bench and the chaos scenario: compiled with gcc into a temp
 * .so, serving the messages written here, each with its own random key RSA-2048 (PKCS#1 v1.5) encrypted with the
 * organisation's archive public key, as WeCom does.
 */

/** Whether gcc is here (the tests compile the fake with it; `.ci/run` installs it). */
export function hasGcc(): boolean {
  try {
    execFileSync('gcc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Compiles the fake into `dir`: the .so's path. */
export function compileFakeSdk(dir: string): string {
  const so = join(dir, 'libWeWorkFinanceSdk_C.so');
  execFileSync('gcc', ['-shared', '-fPIC', '-O2', '-o', so, join(import.meta.dirname, 'fakeFinanceSdk.c')]);
  return so;
}

/** An organisation's archive key pair (the private key is what the admin saves in the archive settings). */
export function archiveKeyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'pkcs1', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey, privateKey };
}

/** A message as WeCom's JSON (msgtype text, image, voice, file, revoke). */
export type ArchiveMessage = Record<string, unknown> & { msgid: string; msgtype: string };

/** Encrypts `message` the fake's way with a fresh random key, itself RSA-encrypted with `publicKey`. */
export function chatDataItem(seq: number, message: ArchiveMessage, publicKey: string): ChatDataItem {
  const randomKey = randomBytes(16).toString('hex');
  const plain = Buffer.from(JSON.stringify(message));
  const key = Buffer.from(randomKey);
  for (let i = 0; i < plain.length; i++) plain[i] ^= key[i % key.length];
  return {
    seq,
    msgid: message.msgid,
    publickey_ver: 1,
    encrypt_random_key: publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(randomKey),
    ).toString('base64'),
    encrypt_chat_msg: plain.toString('base64'),
  };
}

/** A fake's data directory (FAKE_FINANCE_DIR) with the compiled library. */
export class FakeFinance {
  readonly dir = mkdtempSync(join(tmpdir(), 'fake-finance-'));
  readonly libPath = compileFakeSdk(this.dir);
  private seq = 0;

  readonly publicKey: string;

  // no parameter property: the chaos scenarios load this file with Node's type stripping
  constructor(publicKey: string) {
    this.publicKey = publicKey;
    mkdirSync(join(this.dir, 'media'), { recursive: true });
    writeFileSync(join(this.dir, 'chatdata.jsonl'), '');
  }

  /** Appends messages (seq numbered from the last); `item` may spoil one (a wrong key). */
  add(
    messages: ArchiveMessage[],
    item: (seq: number, m: ArchiveMessage) => ChatDataItem = (s, m) => chatDataItem(s, m, this.publicKey),
  ): void {
    appendFileSync(
      join(this.dir, 'chatdata.jsonl'),
      messages.map((m) => `${JSON.stringify(item(++this.seq, m))}\n`).join(''),
    );
  }

  addMedia(sdkFileId: string, data: Buffer): void {
    writeFileSync(join(this.dir, 'media', sdkFileId), data);
  }

  /** The environment the fake reads (the pull's process needs it too). */
  env(): Record<string, string> {
    return { WECOM_FINANCE_SDK_PATH: this.libPath, FAKE_FINANCE_DIR: this.dir };
  }
}

/** A text message between staff `from` and customer `to` (or back when `fromStaff` is false). */
export function textMessage(
  msgid: string,
  staff: string,
  customer: string,
  content: string,
  fromStaff = true,
  msgtime = Date.UTC(2024, 4, 1, 1, 0, 0),
): ArchiveMessage {
  return {
    msgid,
    action: 'send',
    from: fromStaff ? staff : customer,
    tolist: [fromStaff ? customer : staff],
    roomid: '',
    msgtime,
    msgtype: 'text',
    text: { content },
  };
}
