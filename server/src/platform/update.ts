/**
 * The one way an update call turns its input into the columns it sets.
 *
 * Update calls are partial: a field left out (undefined) stays as it is, while null (or '' mapped to null by
 * `clearableText`) clears it. Drizzle refuses an empty `.set({})` with "No values to set" (a 500), so every
 * update whose set may be empty goes through `updateSet` and skips the query when it answers null: an update
 * with nothing to change is a no-op that succeeds and touches nothing (not even updatedAt).
 *
 *   const set = updateSet(fields);
 *   if (set) await db.update(table).set({ ...set, updatedAt: new Date() }).where(...);
 */
export type UpdateSet<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/** The values without their undefined keys, or null when nothing is left to set. */
export function updateSet<T extends object>(values: T): UpdateSet<T> | null {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  return entries.length ? (Object.fromEntries(entries) as UpdateSet<T>) : null;
}
