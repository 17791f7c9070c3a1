/** Prints one benchmark figure on its own line: `<group>.<name>: <value> <unit>`. */
export function report(group: string, name: string, value: number, unit: string): void {
  const shown = Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(value < 1 ? 4 : 1);
  console.log(`${group}.${name}: ${shown} ${unit}`);
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `fn` from `concurrency` workers until `total` calls are done; returns per-call latencies (ms) and rate. */
export async function load(total: number, concurrency: number, fn: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await fn(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { latencies, rps: total / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}
