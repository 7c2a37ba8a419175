import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
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
