import { useQuery } from '@tanstack/react-query';
import { listCalls } from '#review-api/calls.ts';
import { call } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** Every call, the default first: for the switcher, the Calls page, and the places before accepting. */
export function useCalls() {
  return useQuery({
    queryKey: queryKeys.calls,
    queryFn: () => call(listCalls),
  });
}
