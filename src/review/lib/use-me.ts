import { useQuery } from '@tanstack/react-query';
import { readSession, type StaffMember } from '#review-api/staff.ts';
import { call } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** Who is signed in, asked once per page. */
export function useMe(): StaffMember | null {
  const { data } = useQuery({
    queryKey: queryKeys.me,
    queryFn: () => call(readSession),
    staleTime: Infinity,
  });
  return data ?? null;
}
