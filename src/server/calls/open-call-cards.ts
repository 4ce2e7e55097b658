import { callStatusOf } from '#engine/calls.ts';
import { cardOfCall, type PublicCallCard } from '../public/call-pages.ts';
import type { LiveCall } from '../form/live-form.ts';

/** The calls open now, as the list of open calls shows them: the soonest to close first, open-ended last. */
export function openCallCards(
  calls: readonly Pick<LiveCall, 'call' | 'form'>[],
  now: Date,
): PublicCallCard[] {
  return calls
    .filter(({ call }) => callStatusOf(call, now) === 'open')
    .map(({ call, form }) => cardOfCall(call, form.config))
    .sort(
      (a, b) =>
        (a.closesAt ?? '\uffff').localeCompare(b.closesAt ?? '\uffff') ||
        a.title.localeCompare(b.title),
    );
}
