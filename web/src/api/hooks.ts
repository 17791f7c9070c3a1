import type { Page } from '@crm/core';
import type { Call, CallAnswer, CallInput } from '@crm/core/contract';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionOwner, useSessionOwner } from '../app/session';
import { showSuccess } from '../app/ui';
import { type PagedQueryOptions, usePagedQuery } from '../components/usePagedQuery';
import { ApiError, callApi, downloadCall, type RequestOptions } from './client';

/**
 * The web's one idiom for calls. Reading: `useCallQuery` (one answer) and `useCallPage` (a paged table). Writing:
 * `useCallMutation`, whose `isPending` is the button's loading and whose failure the API client has already shown
 * as a message, so a page writes no try/catch of its own.
 */

const idOf = (call: Call) => `${call.base}${call.path}`;

/**
 * The query key of a call's answer for `owner` (the session's organisation, user and sign-in, `sessionOwner()`), then
 * the call's address and its input: an answer is never served to another user or sign-in, even one fetched in a race
 * with a sign-out, and `invalidate: [call]` refreshes every input of the call.
 */
export const ownedKeyOf = (owner: string, call: Call, input?: unknown): QueryKey =>
  input === undefined ? [owner, idOf(call)] : [owner, idOf(call), input];

/** The query key of a call in the current session (ownedKeyOf with sessionOwner()), for invalidating its answers. */
export const keyOf = (call: Call, input?: unknown): QueryKey => ownedKeyOf(sessionOwner(), call, input);

/** Reads one call; `refetchInterval` polls (progress of imports, transcriptions). */
export function useCallQuery<C extends Call>(
  call: C,
  input: CallInput<C>,
  opts: {
    enabled?: boolean;
    refetchInterval?: number | false | ((data: CallAnswer<C> | undefined) => number | false);
    /** How long an answer stays fresh (ms; Infinity for data that never changes while the app runs). */
    staleTime?: number;
  } & RequestOptions = {},
) {
  const { enabled, refetchInterval, staleTime, ...request } = opts;
  const owner = useSessionOwner();
  return useQuery({
    queryKey: ownedKeyOf(owner, call, input),
    queryFn: ({ signal }) => callApi(call, input, { ...request, signal }),
    enabled,
    staleTime,
    refetchInterval:
      typeof refetchInterval === 'function'
        ? (q) => refetchInterval(q.state.data as CallAnswer<C> | undefined)
        : refetchInterval,
  });
}

/** The row of a paged call's answer. */
export type RowOf<C extends Call> = CallAnswer<C> extends Page<infer R> ? R : never;

/**
 * A paged list call for an antd Table; `pageName` keys the remembered page size. `refetchInterval` polls while the
 * page's rows are still being worked on (transcription, analysis); `enabled: false` reads nothing (a closed drawer).
 */
export function useCallPage<C extends Call, F extends Record<string, unknown>>(
  call: C,
  filters: F,
  pageName: string,
  opts: Omit<PagedQueryOptions<RowOf<C>>, 'key'> = {},
) {
  const page = usePagedQuery<RowOf<C>, F>(
    pageName,
    filters,
    (q, signal) => callApi(call, q as unknown as CallInput<C>, { signal }) as Promise<Page<RowOf<C>>>,
    { ...opts, key: idOf(call) },
  );
  // the whole answer (a list may say more than its page, e.g. whether its total is exact)
  return page as Omit<typeof page, 'data'> & { data: CallAnswer<C> | undefined };
}

export interface MutationOptions<C extends Call> {
  /** Shown on success, e.g. '已保存'. */
  success?: string;
  /**
   * The page tells the failure itself (instead of the server's message, which may be technical): the client shows
   * nothing and this gets the error.
   */
  onFailure?: (error: ApiError) => void;
  /** Calls whose cached answers are stale after this one (their lists refetch). */
  invalidate?: Call[];
  onSuccess?: (answer: CallAnswer<C>, input: CallInput<C>) => void;
}

/** A write: `mutate(input)`; a second click while it runs sends nothing. */
export function useCallMutation<C extends Call>(call: C, opts: MutationOptions<C> = {}) {
  const qc = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: CallInput<C>) => callApi(call, input, { silent: Boolean(opts.onFailure) }),
    onSuccess: async (answer, input) => {
      if (opts.success) showSuccess(opts.success);
      await Promise.all((opts.invalidate ?? []).map((c) => qc.invalidateQueries({ queryKey: keyOf(c) })));
      opts.onSuccess?.(answer, input);
    },
    // Unless the page tells it, the client has shown the failure (clientHooks.showError).
    onError: (error) => {
      if (opts.onFailure && error instanceof ApiError) opts.onFailure(error);
    },
  });
  return {
    ...mutation,
    /** Sends unless a send is already running (double clicks). */
    mutate: (input: CallInput<C>) => {
      if (!mutation.isPending) mutation.mutate(input);
    },
  };
}

/** A download (export, template): `mutate(input)` saves the file; `isPending` while it comes. */
export function useCallDownload<C extends Call>(call: C, opts: { fileName?: string; success?: string } = {}) {
  const mutation = useMutation({
    mutationFn: (input: CallInput<C>) => downloadCall(call, input, { fileName: opts.fileName }),
    onSuccess: () => {
      if (opts.success) showSuccess(opts.success);
    },
    // the client has shown the failure
    onError: () => {},
  });
  return {
    ...mutation,
    mutate: (input: CallInput<C>) => {
      if (!mutation.isPending) mutation.mutate(input);
    },
  };
}
