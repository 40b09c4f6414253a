import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors.js';

/**
 * Views are kept current by the event stream, so cached data does not go stale by age; a
 * reconnect after a gap invalidates instead (see useEventStream). 4xx answers are not retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
