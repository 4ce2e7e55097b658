const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
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
  return exactTime(iso, { dateStyle: 'medium' });
}

/** The time in the viewer's own time zone. */
export const exactTime = (
  iso: string,
  options: Intl.DateTimeFormatOptions = {
    dateStyle: 'medium',
    timeStyle: 'short',
  },
) => new Intl.DateTimeFormat(undefined, options).format(new Date(iso));
