import { useQuery } from '@tanstack/react-query';
import { callsQuery } from './queries.ts';

/** Every call, the default first: for the switcher, the Calls page, and the places before accepting. */
export function useCalls() {
  return useQuery(callsQuery);
}
