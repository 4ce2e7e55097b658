import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/**
 * One cache for the workspace. A list never moves under the reader on its own: no reading again
 * on focus; changes invalidate what they touch. A refusal (4xx) is an answer, asked again only by
 * the person; a failure to reach the server is tried once more. Offline, a request is still made
 * (never held silently until the browser thinks it is back), so its failure is said at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && error.status < 500),
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
