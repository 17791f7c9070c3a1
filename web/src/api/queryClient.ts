import { QueryClient } from '@tanstack/react-query';
import { onSessionReset } from '../app/session';

/** The app's query cache: answers stay fresh 30 s, failures are not retried, a refocused window refetches nothing. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

/**
 * Forgets every answer and write of the session that ended: what is being fetched is cancelled (an answer that still
 * arrives lands in a query no longer in the cache, under the old owner's key), then queries and mutations are removed.
 */
export function forgetAnswers(client: QueryClient): void {
  void client.cancelQueries();
  client.clear();
}

/** Clears `client` whenever the session changes owner (sign-out, expiry, sign-in). Returns the unregistration. */
export function clearOnSessionReset(client: QueryClient): () => void {
  return onSessionReset(() => forgetAnswers(client));
}

export const queryClient = createQueryClient();
clearOnSessionReset(queryClient);
