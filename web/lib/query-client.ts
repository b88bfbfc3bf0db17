import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

/** Shared cache; client errors (4xx) are not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, err) =>
        !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
