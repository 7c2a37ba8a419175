import {
  MutationCache,
  QueryCache,
  QueryClient,
  type InvalidateQueryFilters,
  type Query,
} from '@tanstack/react-query';
import { ApiError } from './http';
import { reportLimit } from './limit-prompt';

export const queryClient = new QueryClient({
  // A plan-limit refusal from any request opens the upgrade prompt (the caller still shows it).
  queryCache: new QueryCache({ onError: (error) => reportLimit(error) }),
  mutationCache: new MutationCache({ onError: (error) => reportLimit(error) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: true,
      // The HTTP layer already retries reads (3 attempts); a 4xx will not get better.
      retry: (failureCount, error) =>
        failureCount < 1 &&
        !(error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500),
    },
    mutations: { retry: false },
  },
});

/**
 * Refetches what a change on the server (a live event, a reconnect) may have made stale.
 * `invalidateQueries` alone misses one case: a first load already in flight (no data yet) is
 * not restarted, TanStack joins the refetch onto it, so a read that began before the change
 * lands and counts as fresh. Those loads are cancelled first, so every refetch reads after it.
 */
export async function refetchChanged(
  client: QueryClient,
  filters: InvalidateQueryFilters,
): Promise<void> {
  const loadingFirst = (query: Query) =>
    query.state.data === undefined &&
    query.state.fetchStatus === 'fetching' &&
    query.isActive() &&
    (filters.predicate?.(query) ?? true);
  // Without such a load, invalidate at once (callers and tests read the cache right after).
  if (client.getQueryCache().findAll({ ...filters, predicate: loadingFirst }).length > 0) {
    await client.cancelQueries({ ...filters, predicate: loadingFirst });
  }
  await client.invalidateQueries(filters);
}
