import type { FastifyInstance } from 'fastify';
import { checkStorable } from '#engine/validators.ts';

/** The first text in `value` no database keeps as sent, as a path a person reads: `add[0]`. */
function unstorablePath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string')
    return checkStorable(value) === null ? undefined : path || '(body)';
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorablePath(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      const found = unstorablePath(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  return undefined;
}

/**
 * Every text a request brings in its query string, its path, and (for the workspace's API) its body
 * is refused with a 400 naming it when it holds a NUL or half of a UTF-16 character pair, the rule
 * of every answer in the form. PostgreSQL refuses both in text, where SQLite would store or match
 * them; without this one engine would answer 200 and the other fail. An application's own answers
 * are checked by the application schema, with the form's words.
 */
export function registerStorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const path =
      unstorablePath(request.query, '') ??
      unstorablePath(request.params, '') ??
      (request.url.startsWith('/api/review/')
        ? unstorablePath(request.body, '')
        : undefined);
    if (path === undefined) return;
    return reply.code(400).send({
      error: 'validation',
      issues: [
        {
          path,
          message:
            'This holds a character that cannot be stored (a NUL, or half of a character pair): remove it.',
        },
      ],
    });
  });
}
