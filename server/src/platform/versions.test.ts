// The settings caches of two processes (two OrgCache instances on one database): a save in one reaches the other
// within its recheck interval; the saving process sees it at once; organisations are apart.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { OrgCache } from './versions';

describe('OrgCache (shared version stamp)', () => {
  const t = useTestApp();

  it('a change saved by one process is seen by another within the recheck interval', async () => {
    const db = t().ctx.db;
    let stored = 'v1';
    let loads = 0;
    const load = async () => {
      loads++;
      return stored;
    };
    const scope = `test-${Date.now()}`;
    const a = new OrgCache(db, scope, load, 50);
    const b = new OrgCache(db, scope, load, 50);
    expect(await a.get(901)).toBe('v1');
    expect(await b.get(901)).toBe('v1');
    expect(await b.get(901)).toBe('v1');
    expect(loads).toBe(2); // one load per process while nothing changes

    stored = 'v2';
    await a.changed(901);
    expect(await a.get(901)).toBe('v2'); // at once where it was saved
    await new Promise((r) => setTimeout(r, 60));
    expect(await b.get(901)).toBe('v2'); // the other process after its recheck
    expect(await b.get(902)).toBe('v2');
    const before = loads;
    await a.changed(902);
    await new Promise((r) => setTimeout(r, 60));
    expect(await b.get(901)).toBe('v2');
    expect(loads).toBe(before); // another organisation's change reloads nothing of this one
  });
});
