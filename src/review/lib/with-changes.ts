/** The address bar's parameters with these changes made: a value is set, an empty one removed. */
export function withChanges(
  current: URLSearchParams,
  changes: Record<string, string | null>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes))
    if (value) next.set(name, value);
    else next.delete(name);
  return next;
}
