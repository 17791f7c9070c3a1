import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './db';
import { cacheVersion } from './schema';

/**
 * Per-process caches of an organisation's settings that every process drops promptly when any of them saves.
 *
 * Each entry is tagged with the organisation's version stamp (table cache_version) read before it was loaded; a read
 * checks the stamp again when its last check is older than `recheckMs` (one primary-key lookup), and reloads when
 * the stamp moved. A save calls `changed(orgId)` after its transaction: this process drops its entry at once, the
 * others within `recheckMs`.
 */
export class OrgCache<V> {
  private readonly entries = new Map<number, { version: number; checkedAt: number; value: Promise<V> }>();

  constructor(
    private readonly db: Db,
    /** Names the kind of settings, e.g. 'ai-setting' (at most 40 characters). */
    readonly scope: string,
    private readonly load: (orgId: number) => Promise<V>,
    private readonly recheckMs = 1000,
  ) {}

  async get(orgId: number): Promise<V> {
    const entry = this.entries.get(orgId);
    if (entry && Date.now() - entry.checkedAt < this.recheckMs) return entry.value;
    const version = await versionOf(this.db, this.scope, orgId);
    if (entry && entry.version === version && this.entries.get(orgId) === entry) {
      entry.checkedAt = Date.now();
      return entry.value;
    }
    const value = this.load(orgId);
    const fresh = { version, checkedAt: Date.now(), value };
    this.entries.set(orgId, fresh);
    value.catch(() => this.entries.get(orgId) === fresh && this.entries.delete(orgId));
    return value;
  }

  /** After a save: drops this process's copy and raises the stamp that the other processes check. */
  async changed(orgId: number, tx: DbOrTx = this.db): Promise<void> {
    this.entries.delete(orgId);
    await bumpVersion(tx, this.scope, orgId);
  }

  /** Drops this process's copy only (the stamp is unchanged): e.g. after seeding, which no other process cached. */
  dropLocal(orgId: number): void {
    this.entries.delete(orgId);
  }
}

export async function versionOf(db: DbOrTx, scope: string, orgId: number): Promise<number> {
  const [row] = await db
    .select({ version: cacheVersion.version })
    .from(cacheVersion)
    .where(and(eq(cacheVersion.scope, scope), eq(cacheVersion.organizationId, orgId)));
  return row?.version ?? 0;
}

export async function bumpVersion(db: DbOrTx, scope: string, orgId: number): Promise<void> {
  await db
    .insert(cacheVersion)
    .values({ scope, organizationId: orgId, version: 1 })
    .onConflictDoUpdate({
      target: [cacheVersion.scope, cacheVersion.organizationId],
      set: { version: sql`${cacheVersion.version} + 1`, updatedAt: new Date() },
    });
}
