/** Select options of a code → label map (call status, task status, sea type …). */
export const opts = (m: Record<number, string>) =>
  Object.entries(m).map(([value, label]) => ({ value: Number(value), label }));
