import type { Page } from '@crm/core';
import type { Call, CallInput } from '@crm/core/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../api/client';
import { ownedKeyOf, type RowOf } from '../api/hooks';
import { useSessionOwner } from '../app/session';

/** A paged list's filter without its paging: what a mobile list asks for. */
export type FilterOf<C extends Call> = Omit<CallInput<C>, 'pageNum' | 'pageSize'>;

export const MOBILE_PAGE_SIZE = 20;

/**
 * A paged list call read page after page (an infinite list): the pages loaded so far, the next one on demand. Keyed
 * like every call of the web (session owner, call, filter), so that `invalidate: [call]` refreshes it too.
 */
export function useCallInfinite<C extends Call>(call: C, filter: FilterOf<C>, opts: { enabled?: boolean } = {}) {
  const owner = useSessionOwner();
  return useInfiniteQuery({
    queryKey: [...ownedKeyOf(owner, call, filter), 'infinite'],
    initialPageParam: 1,
    enabled: opts.enabled,
    queryFn: ({ pageParam, signal }) =>
      callApi(call, { ...filter, pageNum: pageParam, pageSize: MOBILE_PAGE_SIZE } as CallInput<C>, {
        signal,
      }) as Promise<Page<RowOf<C>>>,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.lists.length, 0);
      return last.lists.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
  });
}
