import { isIP } from 'node:net';
import * as z from 'zod/mini';

const optionalText = z.optional(z.string().check(z.trim()));

/** pino's levels, most to least severe; `silent` logs nothing. */
const logLevels = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
] as const;

const envSchema = z
  .object({
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
    DATABASE_URL: z.optional(
      z
        .string()
        .check(z.regex(/^postgres(?:ql)?:\/\//, 'must start with postgres://')),
    ),
    SQLITE_PATH: z._default(
      z.string().check(z.minLength(1)),
      'data/applications.db',
    ),
    ADMIN_TOKEN: z.optional(
      z.string().check(z.minLength(24, 'must be at least 24 characters')),
    ),
    METRICS_TOKEN: z.optional(
      z.string().check(z.minLength(24, 'must be at least 24 characters')),
    ),
    RATE_LIMIT_PER_MINUTE: z._default(
      z.coerce.number().check(z.int(), z.gte(0)),
      30,
    ),
    TRUST_PROXY: z.optional(
      z.string().check(
        z.trim(),
        z.superRefine((value, context) => {
          const problem = trustProxyProblem(value);
          if (problem)
            context.issues.push({
              code: 'custom',
              message: problem,
              input: value,
            });
        }),
      ),
    ),
    PUBLIC_URL: z.optional(
      z
        .string()
        .check(
          z.regex(
            /^https?:\/\/[^/?#\s]+\/?$/,
            'must be an origin such as https://apply.example.org',
          ),
        ),
    ),
    SMTP_URL: z.optional(
      z
        .string()
        .check(
          z.regex(
            /^smtps?:\/\/\S+$/,
            'must be smtp://user:pass@host:port or smtps://…',
          ),
        ),
    ),
    MAIL_FROM: optionalText,
    WEBHOOK_URL: z.optional(
      z.string().check(z.regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')),
    ),
    WEBHOOK_SECRET: z.optional(
      z
        .string()
        .check(
          z.regex(
            /^whsec_[A-Za-z0-9+/]{24,}={0,2}$/,
            'must be whsec_ followed by at least 18 bytes in base64',
          ),
        ),
    ),
    MESSAGE_RETRY_MS: z._default(
      z.coerce.number().check(z.int(), z.positive()),
      5_000,
    ),
    LOG_LEVEL: z._default(z.enum(logLevels), 'info'),
    INSTAGRAM_ACCOUNT_ID: z.optional(
      z
        .string()
        .check(z.regex(/^[0-9]{5,30}$/, 'must be the account’s numeric id')),
    ),
    INSTAGRAM_ACCESS_TOKEN: optionalText,
    GRAPH_API_URL: z._default(
      z.string().check(z.regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')),
      'https://graph.facebook.com/v24.0',
    ),
    YOUTUBE_API_KEY: optionalText,
    YOUTUBE_API_URL: z._default(
      z.string().check(z.regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')),
      'https://www.googleapis.com/youtube/v3',
    ),
    EMBED_ORIGINS: z.optional(
      z.string().check(
        z.trim(),
        z.superRefine((value, context) => {
          const problem = embedOriginsProblem(value);
          if (problem)
            context.issues.push({
              code: 'custom',
              message: problem,
              input: value,
            });
        }),
      ),
    ),
  })
  .check(
    z.superRefine((env, context) => {
      const needs = (variable: string, isSet: unknown, because: string) => {
        if (!isSet)
          context.issues.push({
            code: 'custom',
            path: [variable],
            message: `must be set ${because}`,
            input: undefined,
          });
      };
      if (env.SMTP_URL) {
        needs(
          'MAIL_FROM',
          env.MAIL_FROM,
          'when SMTP_URL is (the sender of every e-mail)',
        );
        needs(
          'PUBLIC_URL',
          env.PUBLIC_URL,
          'when SMTP_URL is (links in e-mails point to it)',
        );
      }
      if (env.INSTAGRAM_ACCESS_TOKEN || env.INSTAGRAM_ACCOUNT_ID) {
        needs(
          'INSTAGRAM_ACCOUNT_ID',
          env.INSTAGRAM_ACCOUNT_ID,
          'when INSTAGRAM_ACCESS_TOKEN is (the account that asks)',
        );
        needs(
          'INSTAGRAM_ACCESS_TOKEN',
          env.INSTAGRAM_ACCESS_TOKEN,
          'when INSTAGRAM_ACCOUNT_ID is (its long-lived token)',
        );
      }
      if (env.WEBHOOK_URL) {
        needs(
          'WEBHOOK_SECRET',
          env.WEBHOOK_SECRET,
          'when WEBHOOK_URL is (webhooks are signed)',
        );
        needs(
          'PUBLIC_URL',
          env.PUBLIC_URL,
          'when WEBHOOK_URL is (links in webhooks point to it)',
        );
      }
    }),
  );

/** Variables whose values are never repeated in an error: passwords ride in URLs, tokens are keys. */
const secretVariables = new Set([
  'ADMIN_TOKEN',
  'METRICS_TOKEN',
  'DATABASE_URL',
  'SMTP_URL',
  'WEBHOOK_SECRET',
  'INSTAGRAM_ACCESS_TOKEN',
  'YOUTUBE_API_KEY',
]);

export type Env = z.infer<typeof envSchema>;

/** Reads the environment once; each bad variable becomes one line of the returned problems. */
export function parseEnv(
  source: Record<string, string | undefined>,
): { ok: true; env: Env } | { ok: false; problems: string[] } {
  // An empty variable means "not set", as in a .env file with `ADMIN_TOKEN=`.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (result.success) return { ok: true, env: result.data };
  return {
    ok: false,
    problems: result.error.issues.map(
      (issue) =>
        `${issue.path.join('.')}: ${issue.message}${
          secretVariables.has(String(issue.path[0])) ||
          source[String(issue.path[0])] === undefined
            ? ''
            : ` (got "${source[String(issue.path[0])]}")`
        }`,
    ),
  };
}

/** The environment, or the process ends with one line per bad variable (no value of a secret). */
export function envOrExit(source: Record<string, string | undefined>): Env {
  const parsed = parseEnv(source);
  if (parsed.ok) return parsed.env;
  process.stderr.write(
    `Invalid environment:\n${parsed.problems.map((problem) => `  - ${problem}`).join('\n')}\n`,
  );
  process.exit(1);
}

/** Every variable the server reads, for `.env.example` to list. */
export const envVariables = Object.keys(envSchema.shape);

const hopCount = /^[1-9][0-9]?$/;

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return (
    /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
  );
}

const entriesOf = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * Only the proxies themselves may be believed: believing any sender (`true`) lets every client
 * name its own address in X-Forwarded-For and so slip past the limits kept per address.
 */
function trustProxyProblem(value: string): string | undefined {
  if (value === 'false' || hopCount.test(value)) return undefined;
  const example =
    'such as 10.0.0.1,10.1.0.0/16, or the number of proxies in front (1)';
  if (value === 'true')
    return `must name the proxies' addresses or CIDRs ${example}; "true" would believe the client address any sender claims`;
  const entries = entriesOf(value);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0 || entries.length === 0)
    return `must be proxy addresses or CIDRs ${example}; not an address or range: ${wrong.join(', ')}`;
  return undefined;
}

/** `TRUST_PROXY` once checked: unset → no proxy; a hop count; or proxy addresses and CIDRs. */
export function parseTrustProxy(
  value: string | undefined,
): false | number | string[] {
  if (!value || value === 'false') return false;
  if (hopCount.test(value)) return Number(value);
  return entriesOf(value);
}

/** An origin as a browser names the page it frames from: scheme, host and port, nothing else. */
function originOf(entry: string): string | undefined {
  if (!/^https?:\/\//.test(entry)) return undefined;
  try {
    const url = new URL(entry);
    // The URL parser takes `*` in a host name, which CSP would read as a wildcard.
    const isBare =
      /^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname) &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash &&
      !url.username;
    return isBare && !entry.endsWith('#') && !entry.endsWith('?')
      ? url.origin
      : undefined;
  } catch {
    return undefined;
  }
}

/** Exact origins only: the host script compares the page's origin with each, so a pattern would never match. */
function embedOriginsProblem(value: string): string | undefined {
  const entries = entriesOf(value);
  const wrong = entries.filter((entry) => originOf(entry) === undefined);
  if (wrong.length > 0 || entries.length === 0)
    return `must be the origins of the sites that may show the form in a frame, separated by commas, such as https://www.example.org,https://partner.example (no path, no wildcard); not an origin: ${wrong.join(', ')}`;
  return undefined;
}

/** `EMBED_ORIGINS` once checked, each origin as browsers write it; unset, no site may frame the form. */
export function parseEmbedOrigins(value: string | undefined): string[] {
  return entriesOf(value ?? '').flatMap((entry) => originOf(entry) ?? []);
}
