import { readFileSync } from 'node:fs';
import { parseEnv as parseDotEnv } from 'node:util';
import { expect, test } from 'vitest';
import {
  envVariables,
  parseEmbedOrigins,
  parseEnv,
  parseTrustProxy,
} from './env.ts';

const trustProxyOf = (TRUST_PROXY: string) => {
  const parsed = parseEnv({ TRUST_PROXY });
  return parsed.ok ? parseTrustProxy(parsed.env.TRUST_PROXY) : parsed.problems;
};

test('TRUST_PROXY takes proxy addresses and ranges, or a number of proxies', () => {
  expect(trustProxyOf('10.0.0.1, 10.1.0.0/16,::1,fd00::/8')).toEqual([
    '10.0.0.1',
    '10.1.0.0/16',
    '::1',
    'fd00::/8',
  ]);
  expect(trustProxyOf('2')).toBe(2);
  expect(trustProxyOf('false')).toBe(false);
  expect(parseTrustProxy(undefined)).toBe(false);
});

test('TRUST_PROXY=true is refused with the reason, as are entries that are not addresses', () => {
  expect(trustProxyOf('true')).toEqual([
    expect.stringMatching(
      /^TRUST_PROXY: must name the proxies' addresses or CIDRs .*"true" would believe the client address any sender claims/,
    ),
  ]);
  for (const value of [
    'proxy.internal',
    '10.0.0.1/33',
    '10.0.0.0/8/1',
    '0',
    ',',
  ])
    expect(trustProxyOf(value)).toEqual([
      expect.stringMatching(/^TRUST_PROXY: must be proxy addresses or CIDRs/),
    ]);
});

test('.env.example lists every variable the server reads, and its values start a server', () => {
  const example = parseDotEnv(readFileSync('.env.example', 'utf8'));
  expect(Object.keys(example).sort()).toEqual([...envVariables].sort());
  expect(parseEnv(example)).toMatchObject({
    ok: true,
    env: { PORT: 3000, LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: 30 },
  });
});

test('LOG_LEVEL takes pino levels only', () => {
  expect(parseEnv({ LOG_LEVEL: 'debug' })).toMatchObject({
    ok: true,
    env: { LOG_LEVEL: 'debug' },
  });
  expect(parseEnv({ LOG_LEVEL: 'verbose' })).toEqual({
    ok: false,
    problems: [expect.stringMatching(/^LOG_LEVEL: .*\(got "verbose"\)$/)],
  });
});

const embedOriginsOf = (EMBED_ORIGINS: string) => {
  const parsed = parseEnv({ EMBED_ORIGINS });
  return parsed.ok
    ? parseEmbedOrigins(parsed.env.EMBED_ORIGINS)
    : parsed.problems;
};

test('EMBED_ORIGINS takes origins, written as browsers write them; unset, none', () => {
  expect(
    embedOriginsOf(
      ' https://www.Example.org/, http://localhost:8080,https://partner.example:443',
    ),
  ).toEqual([
    'https://www.example.org',
    'http://localhost:8080',
    'https://partner.example',
  ]);
  expect(parseEmbedOrigins(undefined)).toEqual([]);
  expect(parseEnv({ EMBED_ORIGINS: '' })).toMatchObject({ ok: true });
});

test('EMBED_ORIGINS refuses what is not an origin, naming it', () => {
  for (const [value, wrong] of [
    [
      'https://www.example.org/work-with-us',
      'https://www.example.org/work-with-us',
    ],
    ['www.example.org', 'www.example.org'],
    ['https://*.example.org', 'https://*.example.org'],
    ['https://a.example,ftp://b.example', 'ftp://b.example'],
    ['https://a.example?x', 'https://a.example?x'],
  ] as const) {
    const [problem] = embedOriginsOf(value) as string[];
    expect(problem).toMatch(
      /^EMBED_ORIGINS: must be the origins of the sites that may show the form in a frame, /,
    );
    expect(problem).toContain(`not an origin: ${wrong} (got`);
  }
});
