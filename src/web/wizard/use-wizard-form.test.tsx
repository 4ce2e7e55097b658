import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, expect, test, vi } from 'vitest';
import {
  buildApplicationModel,
  buildDefaultValues,
} from '#engine/application-schema.ts';
import type { WizardConfig } from '#engine/config-schema.ts';
import { setAt } from '#engine/paths.ts';
import {
  exampleConfig,
  installFakeTimers,
  parseConfig,
} from '../../../tests/support/render-block.tsx';
import { readDraft, writeDraft } from '#web/lib/session-draft.ts';
import { prepareFormSteps } from './form-wizard.tsx';
import { Wizard } from './wizard.tsx';

// The page fetches the form and its blocks while the first step is read; so do the tests, once, so
// that no waiting below depends on how fast the test runner compiles them.
beforeAll(() => prepareFormSteps(exampleConfig()));

/** The step's heading, once the step and its blocks, which load on demand, are on the page. */
async function heading(name: string): Promise<HTMLElement> {
  const found = await screen.findByRole('heading', { level: 1, name });
  await waitFor(() =>
    expect(document.querySelector('[aria-busy="true"]')).toBeNull(),
  );
  return found;
}
const textbox = (name: string) => screen.getByRole('textbox', { name });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const backButton = () =>
  within(screen.getByRole('form')).getByRole('button', { name: 'Back' });
const backArrow = () =>
  within(screen.getByRole('banner')).getByRole('button', { name: 'Back' });

/** The wizard as the page mounts it; unmounting and mounting again is what a reload does to it. */
async function openWizard(config: WizardConfig, firstHeading: string) {
  const user = userEvent.setup();
  const rendered = render(<Wizard config={config} />);
  await heading(firstHeading);
  return { ...rendered, user };
}

/** A complete application for the example configuration, as the form holds it. */
function completeAnswers(config: WizardConfig): Record<string, unknown> {
  const answers: Record<string, unknown> = buildDefaultValues(
    buildApplicationModel(config),
  );
  const filled: Record<string, unknown> = {
    'personalInfo.firstName': 'Ada',
    'personalInfo.lastName': 'Lovelace',
    'personalInfo.phone': { countryCode: '44', subscriber: '7700900123' },
    'personalInfo.emailAddress': 'ada@example.com',
    'personalInfo.countryCode': 'GB',
    'platforms.instagram': { handle: 'ada.travels', followers: '12000' },
    'fields.single.whatContent': 'Food and slow travel',
    'fields.single.intendedDeliverables': 'Three reels',
    'fields.single.supportLevel': 'Two nights',
    'fields.single.pastCampaigns': 'https://ada.example/coast-week',
    'fields.single.visitedBefore': 'Once',
    'fields.single.tripDetails': 'A week on the coast path',
    'fields.single.preferredDates': 'May',
    'fields.single.flexibleDates.value': false,
    'fields.single.partySize': 'Charles Babbage',
    'fields.single.animal.value': false,
    'fields.single.wheelchairUser.value': false,
    'fields.single.mayWeAssist.value': true,
    'fields.single.emergencyContactName': 'Mary Somerville',
    'fields.single.emergencyContactRelationship': 'Friend',
    'fields.single.emergencyContactPhone': '+44 20 7946 0000',
  };
  for (const [path, value] of Object.entries(filled))
    setAt(answers, path, value);
  return answers;
}

/** An applicant who filled everything and reloaded on the step that sends the application. */
function draftOnLastFormStep(config: WizardConfig) {
  writeDraft(config.pageId, {
    stepIndex: 2,
    values: completeAnswers(config),
    sent: false,
  });
}

type Sent = { key: string | null; body: unknown };

/** The network: answers each PUT with the next status and records what was sent. */
function stubNetwork(...statuses: number[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      sent.push({
        key: new Headers(init.headers).get('Idempotency-Key'),
        body: JSON.parse(String(init.body)),
      });
      const status = statuses[sent.length - 1] ?? 201;
      return Promise.resolve(new Response('{}', { status }));
    }),
  );
  return sent;
}

const serverError = 'Something went wrong. Please, try again later.';

test('Continue on the first step advances without validating it', async () => {
  const example = exampleConfig();
  const [welcome, general, ...rest] = example.steps;
  if (!welcome || !general) throw new Error('the example has no such steps');
  // The first name moves to the first step, where it stays empty although it is required.
  const [firstName, ...others] = general.blocks;
  const config = parseConfig({
    ...example,
    steps: [
      { ...welcome, blocks: [...welcome.blocks, firstName] },
      { ...general, blocks: others },
      ...rest,
    ],
  });
  const { user } = await openWizard(config, 'Welcome!');
  expect(textbox('First Name')).toHaveValue('');

  await user.click(continueButton());

  expect(await heading('General Information')).toHaveFocus();
  expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
});

test('Back and the back arrow lead step by step to the start, keeping the answers', async () => {
  const config = exampleConfig();
  draftOnLastFormStep(config);
  const { user } = await openWizard(config, 'More Details');

  await user.click(backButton());
  await heading('General Information');
  expect(textbox('First Name')).toHaveValue('Ada');
  await user.click(backArrow());
  await heading('Welcome!');
  expect(
    screen.queryByRole('button', { name: 'Back' }),
  ).not.toBeInTheDocument();
  await user.click(continueButton());
  await heading('General Information');

  expect(textbox('First Name')).toHaveValue('Ada');
  expect(textbox('Email Address')).toHaveValue('ada@example.com');
});

test('a refused Continue marks every control of the step and focuses the first invalid one', async () => {
  const config = exampleConfig();
  const { user } = await openWizard(config, 'Welcome!');
  await user.click(continueButton());
  await heading('General Information');
  await user.type(textbox('First Name'), 'Ada');

  await user.click(continueButton());

  await waitFor(() => expect(textbox('Last Name')).toHaveFocus());
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    'General Information',
  );
  expect(textbox('First Name')).toHaveAttribute('aria-invalid', 'false');
  for (const invalid of [
    textbox('Last Name'),
    textbox('Phone number'),
    textbox('Email Address'),
    screen.getByRole('combobox', { name: 'Country' }),
  ])
    expect(invalid).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText('Fill at least one platform')).toBeInTheDocument();
  // Touched controls revalidate as they change, without being left first.
  await user.type(textbox('Email Address'), 'ada@example.com');
  await waitFor(() =>
    expect(textbox('Email Address')).toHaveAttribute('aria-invalid', 'false'),
  );
  expect(textbox('Email Address')).toHaveFocus();
});

test('Continue on a valid step advances to the next one', async () => {
  const config = exampleConfig();
  const answers = completeAnswers(config);
  writeDraft(config.pageId, { stepIndex: 1, values: answers });
  const { user } = await openWizard(config, 'General Information');

  await user.click(continueButton());

  expect(await heading('More Details')).toHaveFocus();
});

test('saves the answers once typing pauses', async () => {
  const config = exampleConfig();
  writeDraft(config.pageId, { stepIndex: 1, values: null });
  await openWizard(config, 'General Information');
  installFakeTimers();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const savedName = () =>
    (readDraft(config.pageId)?.values?.personalInfo as Record<string, unknown>)
      .firstName;

  await user.type(textbox('First Name'), 'Ada');
  act(() => {
    vi.advanceTimersByTime(499);
  });
  expect(savedName()).toBe('');

  act(() => {
    vi.advanceTimersByTime(1);
  });
  expect(savedName()).toBe('Ada');
});

test('keeps the answers and the step across a reload inside the typing pause', async () => {
  const config = exampleConfig();
  const first = await openWizard(config, 'Welcome!');
  await first.user.click(continueButton());
  await heading('General Information');
  await first.user.type(textbox('First Name'), 'Ada');
  await first.user.type(textbox('Last Name'), 'Lovelace');

  window.dispatchEvent(new Event('pagehide'));
  expect(readDraft(config.pageId)?.values?.personalInfo).toMatchObject({
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  first.unmount();
  await openWizard(config, 'General Information');

  expect(textbox('First Name')).toHaveValue('Ada');
  expect(textbox('Last Name')).toHaveValue('Lovelace');
});

test('a failed send keeps the answers, shows the server error and retries with the same key', async () => {
  const config = exampleConfig();
  const sent = stubNetwork(503, 201);
  draftOnLastFormStep(config);
  const { user } = await openWizard(config, 'More Details');

  await user.click(continueButton());

  // The alert may be drawn before its words on a busy machine: wait for them.
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent(serverError),
  );
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    'More Details',
  );
  expect(textbox('Emergency contact name')).toHaveValue('Mary Somerville');

  await user.click(continueButton());

  await heading('Thank you for your submission!');
  expect(sent).toHaveLength(2);
  expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(sent[1]?.key).toBe(sent[0]?.key);
  expect(sent[1]?.body).toEqual(sent[0]?.body);
  // The step left behind stays in the page, hidden (display: none) by its Activity, which renders
  // its last update when the browser is idle; what the applicant and a screen reader meet is
  // every alert on screen, and none of them still says the send failed.
  expect(
    screen
      .getAllByRole('alert')
      .filter((alert) => alert.textContent?.includes(serverError)),
  ).toEqual([]);
});

test('a reload after a failed send retries with the same key', async () => {
  const config = exampleConfig();
  const sent = stubNetwork(503, 201);
  draftOnLastFormStep(config);
  const first = await openWizard(config, 'More Details');
  await first.user.click(continueButton());
  await screen.findByText(serverError);

  first.unmount();
  const second = await openWizard(config, 'More Details');
  await second.user.click(continueButton());

  await heading('Thank you for your submission!');
  expect(sent.map((request) => request.key)).toEqual([
    sent[0]?.key,
    sent[0]?.key,
  ]);
});

test('a sent application leaves no answers and no key behind, only that it was sent and the address it was sent with, and the next one gets a new key', async () => {
  const config = exampleConfig();
  const sent = stubNetwork(201, 201);
  draftOnLastFormStep(config);
  const first = await openWizard(config, 'More Details');
  await first.user.click(continueButton());
  await heading('Thank you for your submission!');
  expect(screen.getByText(/ada@example\.com/)).toBeInTheDocument();

  window.dispatchEvent(new Event('pagehide'));
  expect(readDraft(config.pageId)).toEqual({
    stepIndex: 3,
    values: null,
    idempotencyKey: null,
    sent: true,
    sentEmail: 'ada@example.com',
  });

  first.unmount();
  draftOnLastFormStep(config);
  const second = await openWizard(config, 'More Details');
  await second.user.click(continueButton());
  await heading('Thank you for your submission!');

  expect(sent).toHaveLength(2);
  expect(sent[1]?.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(sent[1]?.key).not.toBe(sent[0]?.key);
});

test('sends once however often Continue is pressed while the send runs', async () => {
  const config = exampleConfig();
  let answer: (response: Response) => void = () => undefined;
  const fetch = vi.fn(
    () => new Promise<Response>((resolve) => (answer = resolve)),
  );
  vi.stubGlobal('fetch', fetch);
  draftOnLastFormStep(config);
  const { user } = await openWizard(config, 'More Details');

  await user.dblClick(continueButton());
  await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  expect(continueButton()).toHaveAttribute('aria-disabled', 'true');
  await user.click(continueButton());
  act(() => answer(new Response('{}', { status: 201 })));

  await heading('Thank you for your submission!');
  expect(fetch).toHaveBeenCalledTimes(1);
});
