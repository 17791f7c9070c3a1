/** The random draw of a sample: a share of each seat's calls, reproducible from the sample's seed. */

/** mulberry32: a small seeded generator, enough for drawing calls (not for secrets). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `percent` of each owner's calls, at least one for an owner with calls (5% of 10 calls is one call, not none).
 * Calls are taken in id order before shuffling, so the same calls and seed always give the same draw.
 */
export function drawRandom(
  calls: { recordingId: number; ownerUserId: number }[],
  percent: number,
  seed: number,
): number[] {
  const byOwner = new Map<number, number[]>();
  for (const c of calls) {
    const list = byOwner.get(c.ownerUserId) ?? [];
    list.push(c.recordingId);
    byOwner.set(c.ownerUserId, list);
  }
  const drawn: number[] = [];
  for (const ownerId of [...byOwner.keys()].sort((a, b) => a - b)) {
    const ids = [...new Set(byOwner.get(ownerId))].sort((a, b) => a - b);
    const take = Math.max(1, Math.ceil((ids.length * percent) / 100));
    // the generator is seeded per owner: another seat's calls do not change this seat's draw
    const random = seededRandom(seed ^ Math.imul(ownerId, 0x9e3779b1));
    for (let i = ids.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [ids[i], ids[j]] = [ids[j], ids[i]];
    }
    drawn.push(...ids.slice(0, take));
  }
  return drawn.sort((a, b) => a - b);
}
