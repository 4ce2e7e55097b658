import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import {
  parseWizardConfig,
  type WizardConfig,
} from '../../src/engine/config-schema.ts';

export const fakeStylesheet = '.wizard{display:grid}';

/** The markup the stand-in renderer of `fakeDist` gives for the first step. */
export const fakeFirstStep = '<p class="fake-first-step">Welcome</p>';

/** The stand-in of the host pages' script (`dist/embed.js`) in `fakeDist`. */
export const fakeEmbedScript = 'console.log(embedOrigins);';

/**
 * A built page with a stand-in script, stylesheet and first-step renderer, so server tests do not
 * need `vite build` first.
 */
export function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'wizard-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'server'));
  writeFileSync(
    join(dist, 'server', 'prerender.js'),
    `export const renderFirstStep = () => ${JSON.stringify(fakeFirstStep)};\n`,
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.css'), fakeStylesheet);
  writeFileSync(
    join(dist, 'index.html'),
    readFileSync('index.html', 'utf8').replace(
      '<script type="module" src="/src/web/main.tsx"></script>',
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script><link rel="stylesheet" crossorigin href="/assets/index-abc123.css">',
    ),
  );
  writeFileSync(
    join(dist, 'review.html'),
    readFileSync('review.html', 'utf8').replace(
      '<script type="module" src="/src/review/main.tsx"></script>',
      '<script type="module" crossorigin src="/assets/review-abc123.js"></script>',
    ),
  );
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'me-manifest.json'),
    JSON.stringify({
      'src/web/me/main.ts': { file: 'assets/me-abc123.js', isEntry: true },
    }),
  );
  writeFileSync(join(dist, 'embed.js'), fakeEmbedScript);
  const script = join(dist, 'assets', 'index-abc123.js');
  writeFileSync(script, 'console.log(1)');
  // As the build does: each script also written compressed beside it.
  writeFileSync(`${script}.br`, brotliCompressSync('console.log(1)'));
  writeFileSync(`${script}.gz`, gzipSync('console.log(1)'));
  return dist;
}

/** The example form's call (its `pageId`) and its steps' ids, by place, as the server counts them. */
export const exampleCall = 'aldmere-creators';
export const exampleStepIds = [
  'welcome',
  'general-information',
  'more-details',
  'creator-hub',
];

/** Publishes `config` as the admin token, as the version after `baseVersion`. */
export const publishAsAdmin = (
  baseUrl: string,
  config: unknown,
  baseVersion: number,
) =>
  fetch(`${baseUrl}/api/review/form/publish`, {
    method: 'POST',
    headers: {
      origin: baseUrl,
      authorization: `Bearer ${adminToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ baseVersion, config }),
  });

export function exampleConfig(
  overrides: Record<string, unknown> = {},
): WizardConfig {
  const result = parseWizardConfig({
    ...JSON.parse(readFileSync('config/example.wizard.json', 'utf8')),
    ...overrides,
  });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.config;
}

export const adminToken = 'test-admin-token-0123456789abcdef';

/** A complete, valid application for the example configuration, as the browser sends it. */
export function validApplication(
  overrides: { firstName?: string; emailAddress?: string } = {},
) {
  return {
    personalInfo: {
      firstName: overrides.firstName ?? 'Ada',
      lastName: 'Lovelace',
      phone: { countryCode: '44', subscriber: '7700900123' },
      emailAddress: overrides.emailAddress ?? 'ada@example.com',
      countryCode: 'GB',
    },
    platforms: { instagram: { handle: 'ada.travels', followers: '12000' } },
    fields: [
      { key: 'single.whatContent', value: 'Food and slow travel' },
      {
        key: 'single.intendedDeliverables',
        value: 'Three reels and a blog post',
      },
      { key: 'single.supportLevel', value: 'Accommodation for two nights' },
      { key: 'single.pastCampaigns', value: 'https://ada.example/coast-week' },
      { key: 'single.mediaOutletContributions.value', value: 'Yes' },
      {
        key: 'single.mediaOutletContributions.text',
        value: 'Guardian travel, 2024',
      },
      { key: 'single.visitedBefore', value: 'Once, in 2019' },
      { key: 'single.tripDetails', value: 'A week along the coast path' },
      { key: 'single.preferredDates', value: 'May 2027' },
      { key: 'single.flexibleDates.value', value: 'No' },
      { key: 'single.partySize', value: 'Charles Babbage, photographer' },
      { key: 'single.animal.value', value: 'No' },
      { key: 'single.wheelchairUser.value', value: 'No' },
      { key: 'single.mayWeAssist.value', value: 'Yes' },
      { key: 'single.emergencyContactName', value: 'Mary Somerville' },
      { key: 'single.emergencyContactRelationship', value: 'Friend' },
      { key: 'single.emergencyContactPhone', value: '+44 20 7946 0000' },
    ],
  };
}

export function putApplication(
  baseUrl: string,
  body: unknown,
  init: {
    key?: string;
    pageId?: string;
    headers?: Record<string, string>;
  } = {},
) {
  return fetch(`${baseUrl}/api/syncPage/${init.pageId ?? 'aldmere-creators'}`, {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(init.key === undefined ? {} : { 'Idempotency-Key': init.key }),
      ...init.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
