/**
 * A day of the viewer's calendar (`2026-11-24`) as the instant it begins, for the server; with an
 * offset, a later day's (the end of a period is the start of the day after it).
 */
export function startOfDay(day: string, offsetDays = 0): string | undefined {
  const date = new Date(`${day}T00:00`);
  date.setDate(date.getDate() + offsetDays);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
