import type { CallFacts } from '../db/application-rows.ts';

/** An application's call and what staff should know of it there, as every API answers them. */
export const callFactsJson = (
  { callSlug, eligibility, late }: CallFacts,
  titleOf: (slug: string) => string,
) => ({
  call: { slug: callSlug, title: titleOf(callSlug) },
  eligible: eligibility.length === 0,
  eligibility,
  late,
});
