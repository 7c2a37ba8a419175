import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

export const queryClient = new QueryClient({
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
