import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors.js';

function isSyncing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503;
}

/** 503 means the BFF is still syncing with the cluster: wait for it rather than fail. Other 4xx are final. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isSyncing(error)) return true;
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function retryDelay(failureCount: number, error: unknown): number {
  return isSyncing(error) ? 2000 : Math.min(1000 * 2 ** failureCount, 10_000);
}

/**
 * Views are kept current by the event stream, so cached data does not go stale by age; the
 * stream's reducers and invalidations decide when something changed.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: shouldRetry, retryDelay },
      mutations: { retry: false },
    },
  });
}
