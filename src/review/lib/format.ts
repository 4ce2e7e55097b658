// Made once: making a formatter costs far more than formatting with it, and the inbox formats two
// times in each of its rows at every render.
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dayAndTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** "2 hours ago" for the last week, the date before; the exact time goes in a title beside it. */
export function receivedAgo(iso: string, now = Date.now()): string {
  let amount = (Date.parse(iso) - now) / 1000;
  for (const [unit, size] of units) {
    if (Math.abs(amount) < size)
      return unit === 'second'
        ? 'just now'
        : relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return day.format(new Date(iso));
}

/** The time in the viewer's own time zone. */
export const exactTime = (iso: string) => dayAndTime.format(new Date(iso));
