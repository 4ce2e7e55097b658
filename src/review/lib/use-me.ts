import { useEffect, useState } from 'react';
import { api, type StaffMember } from './api.ts';

let me: Promise<StaffMember> | null = null;

/** Who is signed in, asked once per page. */
export function useMe(): StaffMember | null {
  const [member, setMember] = useState<StaffMember | null>(null);
  useEffect(() => {
    me ??= api<StaffMember>('/api/review/session');
    me.then(setMember, () => undefined);
  }, []);
  return member;
}
