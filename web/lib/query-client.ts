import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

/** A query cache with the app's defaults; client errors (4xx) are not retried. */
export function createQueryClient(retry = true): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, err) =>
          retry && !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The browser's shared cache. */
export const queryClient = createQueryClient();
