import * as z from 'zod/mini';

/** The parts of a query the schema takes; a part it refuses (an address typed by hand) is left out. */
export function validPart<Query extends Record<string, string>>(
  schema: z.ZodMiniType,
  query: Query,
): Partial<Query> {
  const kept: Partial<Query> = { ...query };
  for (;;) {
    const result = z.safeParse(schema, kept);
    if (result.success) return kept;
    const wrong = result.error.issues
      .map((issue) => issue.path[0])
      .filter(
        (key): key is keyof Query & string =>
          typeof key === 'string' && key in kept,
      );
    if (wrong.length === 0) return {};
    for (const key of wrong) delete kept[key];
  }
}
