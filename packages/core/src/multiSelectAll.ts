/** The multi-select-with-all rules of spec part 1 section 4. */
export const SELECT_ALL = '__all__';
/** The null option (shown as --). */
export const SELECT_NULL = '__null__';

export interface AllOptions<V> {
  allValue?: V;
  nullValue?: V;
}

/**
 * The next selection after the user changed it from `prev` to `next`, over the item values `items`:
 * choosing all selects everything; deselecting all clears; choosing the null option clears the others;
 * selecting every item adds all (and deselecting one removes all).
 */
export function nextSelection<V>(prev: V[], next: V[], items: V[], opts: AllOptions<V> = {}): V[] {
  const ALL = (opts.allValue ?? SELECT_ALL) as V;
  const NULL = (opts.nullValue ?? SELECT_NULL) as V;
  const had = (v: V) => prev.includes(v);
  const has = (v: V) => next.includes(v);
  if (has(ALL) && !had(ALL)) return [ALL, ...items];
  if (had(ALL) && !has(ALL)) return [];
  if (has(NULL) && !had(NULL)) return [NULL];
  const chosen = next.filter((v) => v !== ALL && v !== NULL);
  if (items.length > 0 && items.every((v) => chosen.includes(v))) return [ALL, ...items];
  return chosen;
}

/** The values to send: without the all marker (the null marker stays, meaning "empty"). */
export function selectionValues<V>(selection: V[], opts: AllOptions<V> = {}): V[] {
  const ALL = (opts.allValue ?? SELECT_ALL) as V;
  return selection.filter((v) => v !== ALL);
}
