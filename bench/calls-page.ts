import { get } from 'node:http';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chromiumPath } from '../scripts/ensure-chromium.ts';
import { startCompiledServer } from './support/compiled-server.ts';
import { budgets } from './support/budgets.ts';

// `/calls`, the list of open calls, as the compiled server sends it (`npm run build` first): its
// bytes in each encoding beside the wizard's first page, the script it carries, and Lighthouse
// (mobile, simulated throttling, Debian's Chromium) in all four categories, 3 runs each in a browser
// of its own, with their medians. The wizard's first page takes turns with it, so a busy moment of
// the machine shows on both. Fails when the script or a median score of /calls is past
// bench/budgets.json.
const runs = 3;
const server = await startCompiledServer();

/** The body's bytes as sent, undecoded, in the encoding asked for ('' for none). */
const sentBytes = (path: string, encoding: string) =>
  new Promise<Buffer>((resolve, reject) =>
    get(
      `${server.url}${path}`,
      { headers: encoding ? { 'accept-encoding': encoding } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks)));
      },
    ).on('error', reject),
  );

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
for (const [name, path] of [
  ['/calls', '/calls'],
  ['wizard, first page', '/'],
] as const) {
  const sizes = await Promise.all(
    ['', 'gzip', 'br'].map(async (encoding) =>
      kb((await sentBytes(path, encoding)).length),
    ),
  );
  process.stdout.write(
    `${name.padEnd(20)} HTML ${sizes[0]}, gzip ${sizes[1]}, brotli ${sizes[2]}\n`,
  );
}
const html = (await sentBytes('/calls', '')).toString('utf8');
const inlineScripts = html.match(/<script\b/g)?.length ?? 0;
process.stdout.write(`/calls script elements: ${inlineScripts}\n`);

type Figures = Record<
  'performance' | 'accessibility' | 'bestPractices' | 'seo',
  number
> & {
  lcp: number;
  cls: number;
  tbt: number;
  /** Everything the page downloads and the script among it, as sent. */
  totalBytes: number;
  scriptBytes: number;
};

async function audit(path: string): Promise<Figures> {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const result = await lighthouse(
      `${server.url}${path}`,
      {
        onlyCategories: [
          'performance',
          'accessibility',
          'best-practices',
          'seo',
        ],
      },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError)
      throw new Error(
        `Lighthouse failed on ${path}: ${lhr?.runtimeError?.message ?? 'no result'}`,
      );
    const score = (id: string) =>
      Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Infinity;
    const resources =
      (
        lhr.audits['resource-summary']?.details as
          | { items?: { resourceType: string; transferSize: number }[] }
          | undefined
      )?.items ?? [];
    const bytesOf = (type: string) =>
      resources.find((item) => item.resourceType === type)?.transferSize ?? 0;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: metric('largest-contentful-paint'),
      cls: metric('cumulative-layout-shift'),
      tbt: metric('total-blocking-time'),
      totalBytes: bytesOf('total'),
      scriptBytes: bytesOf('script'),
    };
  } finally {
    await browser.close();
  }
}

const pages = { '/calls': '/calls', 'wizard, first page': '/' };
const results = new Map<string, Figures[]>();
for (let run = 0; run < runs; run += 1)
  for (const [name, path] of Object.entries(pages))
    results.set(name, [...(results.get(name) ?? []), await audit(path)]);
await server.stop();

const line = (name: string, figures: Figures) =>
  `${name.padEnd(30)} performance ${figures.performance}  accessibility ${figures.accessibility}  best practices ${figures.bestPractices}  SEO ${figures.seo}  LCP ${figures.lcp.toFixed(0)} ms  TBT ${figures.tbt.toFixed(0)} ms  CLS ${figures.cls.toFixed(3)}  transferred ${kb(figures.totalBytes)}, script ${kb(figures.scriptBytes)}\n`;
const medianOf = (figures: Figures[]) =>
  Object.fromEntries(
    Object.keys(figures[0] ?? {}).map((key) => [
      key,
      figures.map((run) => run[key as keyof Figures]).sort((a, b) => a - b)[
        Math.floor(figures.length / 2)
      ] ?? Infinity,
    ]),
  ) as Figures;
for (const [name, figures] of results) {
  figures.forEach((run, index) =>
    process.stdout.write(line(`  run ${index + 1}`, run)),
  );
  process.stdout.write(line(`${name}, median`, medianOf(figures)));
}
const median = medianOf(results.get('/calls') ?? []);

const checks = [
  [
    'script KB',
    median.scriptBytes / 1000,
    budgets.callsPageScriptKbMax ?? Infinity,
    'max',
  ],
  [
    'performance',
    median.performance,
    budgets.lighthousePerformanceMedianMin ?? 0,
    'min',
  ],
  [
    'accessibility',
    median.accessibility,
    budgets.lighthouseAccessibilityMin ?? 0,
    'min',
  ],
  [
    'best practices',
    median.bestPractices,
    budgets.lighthouseBestPracticesMin ?? 0,
    'min',
  ],
  ['SEO', median.seo, budgets.lighthouseSeoMin ?? 0, 'min'],
  ['CLS', median.cls, budgets.clsMax ?? Infinity, 'max'],
] as const;
let isWithin = true;
for (const [check, value, budget, kind] of checks) {
  const ok = kind === 'min' ? value >= budget : value <= budget;
  if (!ok) isWithin = false;
  process.stdout.write(
    `  ${check.padEnd(16)} ${value.toFixed(2).padStart(8)}  ${ok ? 'within' : 'OUTSIDE'} ${kind} ${budget}\n`,
  );
}
process.exit(isWithin ? 0 : 1);
