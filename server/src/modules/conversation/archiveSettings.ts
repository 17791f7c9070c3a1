import { createPrivateKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { openSecret, sealSecret } from '../../platform/secrets';
import { chatArchive } from './schema';

/** An organisation's archive settings with its secret and private key opened. */
export interface ArchiveSettings {
  orgId: number;
  corpId: string;
  secret: string;
  privateKey: string;
  open: boolean;
  lastSeq: number;
  lastPullAt: Date | null;
}

const opened = (v: string) => {
  try {
    return openSecret(v) ?? '';
  } catch {
    return ''; // SECRETS_KEY changed: reads as not set, the form asks for it again
  }
};

export async function archiveOf(db: DbOrTx, orgId: number): Promise<ArchiveSettings | null> {
  const [row] = await db.select().from(chatArchive).where(eq(chatArchive.organizationId, orgId)).limit(1);
  if (!row) return null;
  return {
    orgId,
    corpId: row.corpId,
    secret: opened(row.secret),
    privateKey: opened(row.privateKey),
    open: row.open === 1,
    lastSeq: row.lastSeq,
    lastPullAt: row.lastPullAt,
  };
}

/** What the archive's legal notice asks of an administrator who switches it on (WeCom's 会话内容存档 terms). */
export const ARCHIVE_CONSENT_REQUIRED =
  '开启会话存档前，请确认已告知员工并取得其同意（企业微信管理后台「会话内容存档」中员工须同意存档）';

/**
 * Saves the archive settings (secret and key sealed); an empty secret or key keeps the saved one. Switching the
 * archive on (the first save opens it unless `open` is false) needs the administrator's confirmation of the staff's
 * consent; settings of an archive already on can change without it.
 */
export async function saveArchive(
  db: DbOrTx,
  orgId: number,
  input: { corpId: string; secret?: string; privateKey?: string; open?: boolean; staffConsent?: boolean },
): Promise<void> {
  if (input.open !== false && !input.staffConsent) {
    const [was] = await db
      .select({ open: chatArchive.open })
      .from(chatArchive)
      .where(eq(chatArchive.organizationId, orgId));
    const opening = was ? was.open !== 1 && input.open === true : true;
    if (opening) throw badRequest(ARCHIVE_CONSENT_REQUIRED);
  }
  if (input.privateKey) {
    try {
      createPrivateKey(input.privateKey);
    } catch {
      throw badRequest('会话存档私钥不正确：请粘贴 PEM 格式的 RSA 私钥（-----BEGIN ... PRIVATE KEY-----）');
    }
  }
  const set = {
    corpId: input.corpId,
    ...(input.secret ? { secret: sealSecret(input.secret) } : {}),
    ...(input.privateKey ? { privateKey: sealSecret(input.privateKey) } : {}),
    ...(input.open === undefined ? {} : { open: input.open ? 1 : 2 }),
    updatedAt: new Date(),
  };
  await db
    .insert(chatArchive)
    .values({ organizationId: orgId, ...set })
    .onConflictDoUpdate({ target: chatArchive.organizationId, set });
}
