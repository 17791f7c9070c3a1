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

/** Saves the archive settings (secret and key sealed); an empty secret or key keeps the saved one. */
export async function saveArchive(
  db: DbOrTx,
  orgId: number,
  input: { corpId: string; secret?: string; privateKey?: string; open?: boolean },
): Promise<void> {
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
