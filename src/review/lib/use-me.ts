import { useQuery } from '@tanstack/react-query';
import type { StaffMember } from '#review-api/staff.ts';
import { meQuery } from './queries.ts';

/** Who is signed in, asked once per page. */
export function useMe(): StaffMember | null {
  const { data } = useQuery(meQuery);
  return data ?? null;
}
