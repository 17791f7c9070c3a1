/** Edit distance (Levenshtein) between two strings, by code points. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  if (!x.length) return y.length;
  if (!y.length) return x.length;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[y.length];
}

/** Similarity in [0, 1]: 1 − distance / longer length. */
export function similarity(a: string, b: string): number {
  const len = Math.max([...a].length, [...b].length);
  return len === 0 ? 1 : 1 - editDistance(a, b) / len;
}

/** The candidate closest to the text by edit-distance similarity (the first on ties), or null when none. */
export function closestMatch<T extends string>(
  text: string,
  candidates: readonly T[],
): { value: T; score: number } | null {
  let best: { value: T; score: number } | null = null;
  for (const c of candidates) {
    const score = similarity(text, c);
    if (!best || score > best.score) best = { value: c, score };
  }
  return best;
}
