import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import Sqlite from 'better-sqlite3';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
} from '@playwright/test';
import type { InsightEvent, InsightReport } from '#engine/insights.ts';
import { stepIdsOf } from '#engine/step-ids.ts';
import { seriousViolations } from '../support/axe.ts';
import { exampleConfig, validApplication } from '../support/fixtures.ts';
import { servers, serverUrl } from '../support/servers.ts';
import {
  continueButton,
  fillGeneralInformation,
  heading,
  passGeneralInformation,
  passMoreDetails,
  signInButton,
  signInUrl,
  stubSignInPage,
  thankYou,
} from '../support/wizard.ts';
import { emailBox, password, passwordBox } from '../support/workspace.ts';

// axe runs on the screen (see tests/support/axe.ts).
test.use({ bypassCSP: true });

const sqlitePath =
  servers.find((server) => server.name === 'insights')?.sqlitePath ?? '';

/** How far a scripted visit goes before it leaves. */
type Outcome =
  | 'welcome'
  | 'general'
  | 'refusedEmpty'
  | 'refusedEmail'
  | 'details'
  | 'applied'
  | 'signedIn';

type Source = 'newsletter' | 'partner' | 'direct';

/** 40 visits: 14 from a newsletter link, 10 from a partner's site, 16 typed in; each outcome several times. */
const mix: Record<Source, Partial<Record<Outcome, number>>> = {
  newsletter: {
    welcome: 3,
    general: 2,
    refusedEmpty: 2,
    refusedEmail: 1,
    details: 1,
    applied: 3,
    signedIn: 2,
  },
  partner: {
    welcome: 3,
    general: 2,
    refusedEmpty: 1,
    refusedEmail: 1,
    details: 1,
    applied: 1,
    signedIn: 1,
  },
  direct: {
    welcome: 6,
    general: 3,
    refusedEmpty: 2,
    refusedEmail: 1,
    details: 2,
    applied: 1,
    signedIn: 1,
  },
};

/**
 * The visits made in a real browser, one of each: together they send every kind of event (a visit,
 * each step, a refusal of one answer and of all, an application, a click on Sign In), from each
 * kind of source (a campaign's link, another site's, none), and a visit that leaves on Welcome.
 */
const inBrowser: ReadonlyArray<[Source, Outcome]> = [
  ['newsletter', 'signedIn'],
  ['partner', 'refusedEmail'],
  ['direct', 'refusedEmpty'],
  ['direct', 'welcome'],
];

/**
 * The 40 visits. The rest send, from the test, the reports and applications a browser sends for
 * such a visit, to the same public endpoints: what is counted is the same, in seconds rather than
 * minutes of driving the wizard.
 */
const visits = (Object.keys(mix) as Source[]).flatMap((source) =>
  Object.entries(mix[source]).flatMap(([outcome, count]) =>
    Array.from({ length: count }, (_, index) => ({
      source,
      outcome: outcome as Outcome,
      isInBrowser:
        index === 0 &&
        inBrowser.some(([s, o]) => s === source && o === outcome),
    })),
  ),
);

/** What the applicants typed: none of it may be found among the stored events. */
const typed = new Set<string>(['Ada', 'Lovelace', '7700900123', 'ada.travels']);

async function visit(
  browser: Browser,
  { source, outcome }: { source: Source; outcome: Outcome },
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const landing =
    source === 'newsletter'
      ? '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring'
      : '/';
  await page.goto(serverUrl('insights', landing), {
    ...(source === 'partner' && { referer: 'https://partner.example/offers' }),
  });
  await expect(heading(page, 'Welcome!')).toBeVisible();
  const visitId = await page.waitForFunction(
    () =>
      (
        JSON.parse(
          sessionStorage.getItem('wizard-visit:insights') ?? 'null',
        ) as {
          id?: string;
        } | null
      )?.id,
  );
  const id = String(await visitId.jsonValue());
  if (outcome !== 'welcome') {
    await continueButton(page).click();
    // Four visits at once on a busy machine: the step's blocks may take a while to load.
    await expect(heading(page, 'General Information')).toBeVisible({
      timeout: 15_000,
    });
  }
  if (outcome === 'refusedEmpty') {
    await continueButton(page).click();
    await expect(
      page.getByRole('textbox', { name: 'First Name', exact: true }),
    ).toHaveAttribute('aria-invalid', 'true');
  }
  if (outcome === 'refusedEmail') {
    await fillGeneralInformation(page, '');
    await continueButton(page).click();
    await expect(
      page.getByRole('textbox', { name: 'Email Address', exact: true }),
    ).toHaveAttribute('aria-invalid', 'true');
  }
  const email = `${source}-${randomUUID()}@example.com`;
  typed.add(email);
  if (outcome === 'details' || outcome === 'applied' || outcome === 'signedIn')
    await passGeneralInformation(page, email);
  if (outcome === 'applied' || outcome === 'signedIn') {
    await passMoreDetails(page);
    await expect(thankYou(page)).toBeVisible();
  }
  if (outcome === 'signedIn') {
    await stubSignInPage(page);
    await signInButton(page).click();
    await expect(page).toHaveURL(signInUrl);
  }
  // A visit leaves once its last event is stored (it is sent a moment later, as people leave), so
  // the counts do not depend on how fast a test closes a page.
  const lastEvents: Record<Outcome, [string, number | null]> = {
    welcome: ['step', 0],
    general: ['step', 1],
    refusedEmpty: ['refused', 1],
    refusedEmail: ['refused', 1],
    details: ['step', 2],
    applied: ['step', 3],
    signedIn: ['signIn', null],
  };
  const [kind, step] = lastEvents[outcome];
  await expect
    .poll(() => hasStored(id, kind, step), { timeout: 20_000 })
    .toBe(true);
  await context.close();
}

// The insights server runs the example form under a name of its own: the same steps.
const stepIds = stepIdsOf(exampleConfig());

/** What the wizard refuses when Continue is pressed on an empty General Information. */
const generalInformationAnswers = [
  'personalInfo.firstName',
  'personalInfo.lastName',
  'personalInfo.phone.subscriber',
  'personalInfo.emailAddress',
  'personalInfo.countryCode',
  'platforms.filled',
];

/** The source fields of a visit's report (and the `Visit-Source` of its application), as the wizard reads them on landing. */
const sourceFields: Record<Source, Record<string, string>> = {
  newsletter: {
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'spring',
  },
  partner: { referrer: 'partner.example' },
  direct: {},
};

/**
 * A visit as the browser reports it, sent from the test: the events the wizard sends for that
 * outcome, to `POST /api/events`, and for a visit that applies, the application first, to the
 * same `PUT /api/syncPage/insights` with the visit's source, as the wizard sends it.
 */
async function visitByRequest(
  request: APIRequestContext,
  { source, outcome }: { source: Source; outcome: Outcome },
) {
  const origin = serverUrl('insights', '');
  const reached = {
    welcome: 1,
    general: 2,
    refusedEmpty: 2,
    refusedEmail: 2,
    details: 3,
    applied: 4,
    signedIn: 4,
  }[outcome];
  // Each step a couple of seconds after the one before, as a person answers.
  const msAt = (step: number) => 300 + step * 2500;
  const events: InsightEvent[] = [{ type: 'visit', ms: 0 }];
  for (let step = 0; step < reached; step += 1) {
    // The last step is reached once the application is sent.
    if (step === 3) events.push({ type: 'submitted', ms: msAt(3) - 100 });
    events.push({ type: 'step', step: stepIds[step] ?? '', ms: msAt(step) });
  }
  if (outcome === 'refusedEmpty' || outcome === 'refusedEmail')
    events.push({
      type: 'refused',
      step: stepIds[1] ?? '',
      paths:
        outcome === 'refusedEmpty'
          ? generalInformationAnswers
          : ['personalInfo.emailAddress'],
      ms: msAt(1) + 1200,
    });
  if (outcome === 'signedIn')
    events.push({ type: 'signIn', ms: msAt(3) + 900 });
  if (outcome === 'applied' || outcome === 'signedIn') {
    const email = `${source}-${randomUUID()}@example.com`;
    typed.add(email);
    const sent = await request.put(
      serverUrl('insights', '/api/syncPage/insights'),
      {
        headers: {
          origin,
          'Idempotency-Key': randomUUID(),
          'Visit-Source': new URLSearchParams(sourceFields[source]).toString(),
        },
        data: { ...validApplication({ emailAddress: email }), language: 'en' },
      },
    );
    expect(sent.status(), await sent.text()).toBe(201);
  }
  const reported = await request.post(serverUrl('insights', '/api/events'), {
    headers: { origin },
    data: {
      call: 'insights',
      visit: {
        id: randomUUID(),
        device: 'desktop',
        ...sourceFields[source],
        language: 'en',
      },
      events,
    } satisfies InsightReport,
  });
  // Answered once stored.
  expect(reported.status(), await reported.text()).toBe(204);
}

/** Whether the server has stored that event of the visit. */
function hasStored(visitId: string, kind: string, step: number | null) {
  const database = new Sqlite(sqlitePath, { readonly: true });
  try {
    return (
      database
        .prepare(
          'select 1 from insight_events where visit_id = ? and kind = ? and step is ?',
        )
        .get(visitId, kind, step) !== undefined
    );
  } finally {
    database.close();
  }
}

/** The rows the Insights API counts from, straight from the server's SQLite file. */
function storedRows() {
  const database = new Sqlite(sqlitePath, { readonly: true });
  try {
    return {
      visits: database.prepare('select * from insight_visits').all(),
      events: database.prepare('select * from insight_events').all(),
    };
  } finally {
    database.close();
  }
}

const staffEmail = `reviewer-${randomUUID()}@example.org`;

test.beforeAll(() => {
  execFileSync(
    process.execPath,
    ['dist/server/staff.js', 'add', staffEmail, '--role', 'reviewer'],
    {
      env: { ...process.env, SQLITE_PATH: sqlitePath },
      input: `${password}\n`,
    },
  );
});

test('after 40 scripted visits the API and the Insights screen show exactly their funnel, sources and refusals', async ({
  browser,
  page,
  request,
}) => {
  // Four browser visits at once and a sign-in: a minute at CI's load, with room to spare.
  test.setTimeout(300_000);
  expect(visits).toHaveLength(40);
  expect(visits.filter((each) => each.isInBrowser)).toHaveLength(
    inBrowser.length,
  );
  // The browser's visits together, as applicants come; the others' reports beside them.
  await Promise.all([
    ...visits
      .filter((each) => each.isInBrowser)
      .map((each) => visit(browser, each)),
    (async () => {
      for (const each of visits.filter((one) => !one.isInBrowser))
        await visitByRequest(request, each);
    })(),
  ]);

  const today = new Date().toISOString().slice(0, 10);
  await page.goto(
    serverUrl('insights', '/review/sign-in?next=/review/insights'),
  );
  await emailBox(page).fill(staffEmail);
  await passwordBox(page).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(serverUrl('insights', '/review/insights'));

  const expected = {
    visits: 40,
    steps: [
      { index: 0, id: 'welcome', name: 'Welcome', reached: 40 },
      {
        index: 1,
        id: 'general-information',
        name: 'General Information',
        reached: 28,
      },
      { index: 2, id: 'more-details', name: 'More Details', reached: 13 },
      { index: 3, id: 'creator-hub', name: 'Creator Hub', reached: 9 },
    ].map((step) => ({ ...step, removed: false })),
    submitted: 9,
    signInClicked: 4,
    sources: [
      {
        source: '(direct)',
        medium: '(none)',
        campaign: null,
        visits: 16,
        submitted: 2,
      },
      {
        source: 'newsletter',
        medium: 'email',
        campaign: 'spring',
        visits: 14,
        submitted: 5,
      },
      {
        source: 'partner.example',
        medium: 'referral',
        campaign: null,
        visits: 10,
        submitted: 2,
      },
    ],
    // The page's language, as the browser reports it with each visit.
    languages: [{ language: 'en', visits: 40, applications: 9 }],
    daily: [{ date: today, visits: 40, submitted: 9 }],
  };
  // Beacons arrive after the pages are gone: the counts settle once the last has been stored.
  const read = async () =>
    (await page.request
      .get(
        serverUrl('insights', `/api/review/insights?from=${today}&to=${today}`),
      )
      .then((response) => response.json())) as Record<string, unknown> & {
      refused: Array<{ path: string; question: string; count: number }>;
    };
  await expect
    .poll(
      async () => {
        const { refused: _refused, ...counts } = await read();
        return counts;
      },
      { timeout: 30_000 },
    )
    .toEqual(expected);
  const { refused } = await read();
  // Five visits pressed Continue on an empty General Information, three with all but the e-mail.
  expect(refused[0]).toEqual({
    path: 'personalInfo.emailAddress',
    question: 'Email Address',
    count: 8,
  });
  for (const row of refused.slice(1)) expect(row.count, row.path).toBe(5);
  expect(refused.map((row) => row.question)).toEqual(
    expect.arrayContaining(['First Name', 'Last Name']),
  );

  // The screen shows the same numbers.
  await page.reload();
  const funnel = page.getByRole('table', { name: 'Funnel' });
  const rowOf = (table: typeof funnel, name: string) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  for (const [stage, count, lost] of [
    ['Visits', '40', '—'],
    ['Reached Welcome', '40', '0%'],
    ['Reached General Information', '28', '30%'],
    ['Reached More Details', '13', '54%'],
    ['Reached Creator Hub', '9', '31%'],
    ['Submitted', '9', '0%'],
    ['Clicked Sign In', '4', '56%'],
  ] as const)
    await expect(rowOf(funnel, stage).getByRole('cell')).toHaveText([
      count,
      lost,
    ]);
  const sources = page.getByRole('table', { name: 'Sources' });
  for (const [
    source,
    medium,
    campaign,
    visitCount,
    applications,
    conversion,
  ] of [
    ['(direct)', '(none)', '—', '16', '2', '13%'],
    ['newsletter', 'email', 'spring', '14', '5', '36%'],
    ['partner.example', 'referral', '—', '10', '2', '20%'],
  ] as const)
    await expect(rowOf(sources, source).getByRole('cell')).toHaveText([
      medium,
      campaign,
      visitCount,
      applications,
      conversion,
    ]);
  const refusedTable = page.getByRole('table', {
    name: 'Questions most often refused',
  });
  await expect(refusedTable.getByRole('row').nth(1)).toContainText(
    'Email Address',
  );
  await expect(
    refusedTable.getByRole('row').nth(1).getByRole('cell').last(),
  ).toHaveText('8');
  await expect(
    page
      .getByRole('table', { name: 'Median time on each step' })
      .getByRole('row'),
  ).toHaveCount(4);
  expect(await seriousViolations(page)).toEqual([]);

  // One source's view, then its applications in the inbox.
  await page
    .getByRole('combobox', { name: 'Source' })
    .selectOption('newsletter');
  await expect(rowOf(funnel, 'Visits').getByRole('cell')).toHaveText([
    '14',
    '—',
  ]);
  await page
    .getByRole('link', { name: '5 applications from newsletter in the inbox' })
    .click();
  await expect(page).toHaveURL(/\/review\/?\?source=newsletter$/);
  await expect(
    page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: 'Ada Lovelace' }),
  ).toHaveCount(5);

  // Nothing personal is stored with the events: no answer, no address, no browser beyond its kind.
  const stored = storedRows();
  expect(stored.visits).toHaveLength(40);
  expect(Object.keys(stored.visits[0] as object).sort()).toEqual([
    'call',
    'campaign',
    'day',
    'device',
    'language',
    'medium',
    'referrer',
    'source',
    'visit_id',
  ]);
  expect(Object.keys(stored.events[0] as object).sort()).toEqual([
    'call',
    'day',
    'kind',
    'ms',
    'path',
    'source',
    'step',
    'step_id',
    'visit_id',
  ]);
  const storedText = JSON.stringify(stored);
  for (const text of [...typed, '127.0.0.1', 'Mozilla', 'HeadlessChrome'])
    expect(storedText, text).not.toContain(text);
  expect(
    new Set(stored.visits.map((row) => (row as { device: string }).device)),
  ).toEqual(new Set(['desktop']));
});
