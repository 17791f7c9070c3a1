import { useState } from 'react';

/**
 * The filters of a list page: `draft` is what the filter bar holds, `filters` what the list shows. `search()` applies
 * the draft (through `toFilters`, given the filters applied so far), `apply(next)` other filters, `reset()` empties
 * both. Each first calls `onApply`: back to the first page, and the selection of rows no longer shown dropped.
 * `initial` fills both at first (filters given in the page's address by a click-through from a statistic).
 */
export function useDraftFilters<D extends object, F extends object = D>(
  onApply: () => void,
  toFilters: (draft: D, applied: F) => F = (draft) => ({ ...draft }) as unknown as F,
  initial?: () => D,
) {
  const [draft, setDraft] = useState<D>(() => initial?.() ?? ({} as D));
  const [filters, setFilters] = useState<F>(() => (initial ? toFilters(draft, {} as F) : ({} as F)));
  const apply = (next: F) => {
    onApply();
    setFilters(next);
  };
  return {
    draft,
    setDraft,
    /** Changes some fields of the draft. */
    patch: (fields: Partial<D>) => setDraft({ ...draft, ...fields }),
    filters,
    setFilters,
    apply,
    search: () => apply(toFilters(draft, filters)),
    reset: () => {
      setDraft({} as D);
      apply({} as F);
    },
  };
}
