import * as z from 'zod/mini';

export const envSchema = z.object({
  PORT: z._default(
    z.coerce.number().check(z.int(), z.gte(0), z.lte(65535)),
    3000,
  ),
  HOST: z._default(z.string().check(z.minLength(1)), '0.0.0.0'),
  WIZARD_CONFIG: z._default(
    z.string().check(z.minLength(1)),
    'config/example.wizard.json',
  ),
  DIST_DIR: z._default(z.string().check(z.minLength(1)), 'dist'),
});

export type Env = z.infer<typeof envSchema>;

/** Reads the environment once; each bad variable becomes one line of the returned problems. */
export function parseEnv(
  source: Record<string, string | undefined>,
): { ok: true; env: Env } | { ok: false; problems: string[] } {
  const result = envSchema.safeParse(source);
  if (result.success) return { ok: true, env: result.data };
  return {
    ok: false,
    problems: result.error.issues.map(
      (issue) =>
        `${issue.path.join('.')}: ${issue.message} (got "${source[String(issue.path[0])] ?? ''}")`,
    ),
  };
}
