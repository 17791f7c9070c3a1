import { randomBytes } from 'node:crypto';
import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { openSecret, sealSecret } from '../../platform/secrets';
import type { Session } from '../../platform/session';
import { orgUsersByIds } from '../org';
import { openApiKey } from './schema';

type K = typeof contract.openApiKeys;
export type KeyRow = typeof openApiKey.$inferSelect;
type KeyView = CallAnswer<K['getOrganizationKey']>[number];

const newAppKey = () => `ak${randomBytes(12).toString('hex')}`;
const newSecret = () => randomBytes(32).toString('base64url');

/** The organisation's open-API keys: created, listed without secrets, rotated, revoked (administrators, org:edit). */
export class OpenApiKeys {
  constructor(private readonly db: Db) {}

  async list(s: Session): Promise<KeyView[]> {
    const rows = await this.db
      .select()
      .from(openApiKey)
      .where(eq(openApiKey.organizationId, s.orgId))
      .orderBy(desc(openApiKey.id));
    return this.views(s.orgId, rows);
  }

  async create(s: Session, b: CallBody<K['createOrganizationKey']>): Promise<CallAnswer<K['createOrganizationKey']>> {
    const appSecret = newSecret();
    const [row] = await this.db
      .insert(openApiKey)
      .values({
        organizationId: s.orgId,
        name: b.name,
        appKey: newAppKey(),
        secret: sealSecret(appSecret),
        scopes: b.scopes,
        createdBy: s.userId,
      })
      .returning();
    return { ...(await this.views(s.orgId, [row]))[0], appSecret };
  }

  /** A new secret for a key in use: the old one stops working at once. */
  async rotate(s: Session, id: number): Promise<CallAnswer<K['resetOrganizationKey']>> {
    const appSecret = newSecret();
    const [row] = await this.db
      .update(openApiKey)
      .set({ secret: sealSecret(appSecret) })
      .where(and(eq(openApiKey.organizationId, s.orgId), eq(openApiKey.id, id), eq(openApiKey.status, 1)))
      .returning();
    if (!row) throw notFound('密钥不存在或已停用');
    return { ...(await this.views(s.orgId, [row]))[0], appSecret };
  }

  async revoke(s: Session, id: number): Promise<{ id: number }> {
    const [row] = await this.db
      .update(openApiKey)
      .set({ status: 2, revokedAt: sql`coalesce(${openApiKey.revokedAt}, now())` })
      .where(and(eq(openApiKey.organizationId, s.orgId), eq(openApiKey.id, id)))
      .returning({ id: openApiKey.id });
    if (!row) throw notFound('密钥不存在');
    return row;
  }

  /** The key in use behind an app key, with its secret opened; null when unknown or revoked. */
  async active(appKey: string): Promise<(KeyRow & { plainSecret: string }) | null> {
    const [row] = await this.db.select().from(openApiKey).where(eq(openApiKey.appKey, appKey)).limit(1);
    if (row?.status !== 1) return null;
    return { ...row, plainSecret: openSecret(row.secret) };
  }

  async byId(id: number): Promise<KeyRow | null> {
    const [row] = await this.db.select().from(openApiKey).where(eq(openApiKey.id, id)).limit(1);
    return row && row.status === 1 ? row : null;
  }

  /** When this process last marked each key used. */
  private readonly touched = new Map<number, number>();

  /** Marks a key used (at most once a minute per key, so that pushes do not write the key row each time). */
  async touch(id: number): Promise<void> {
    const now = Date.now();
    if (now - (this.touched.get(id) ?? 0) < 60_000) return;
    this.touched.set(id, now);
    await this.db
      .update(openApiKey)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(openApiKey.id, id),
          sql`(${openApiKey.lastUsedAt} is null or ${openApiKey.lastUsedAt} < now() - interval '1 minute')`,
        ),
      );
  }

  private async views(orgId: number, rows: KeyRow[]): Promise<KeyView[]> {
    const users = await orgUsersByIds(this.db, orgId, [...new Set(rows.map((r) => r.createdBy))]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      appKey: r.appKey,
      scopes: r.scopes,
      status: r.status,
      createdByName: users.get(r.createdBy)?.realName ?? '',
      createdAt: formatDateTime(r.createdAt)!,
      lastUsedAt: formatDateTime(r.lastUsedAt),
      revokedAt: formatDateTime(r.revokedAt),
    }));
  }
}
