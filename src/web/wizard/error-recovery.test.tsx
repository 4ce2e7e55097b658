import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, expect, test, vi } from 'vitest';
import {
  exampleConfig,
  installFakeTimers,
} from '../../../tests/support/render-block.tsx';
import { ErrorBoundary } from '#web/components/error-boundary.tsx';
import { writeDraft } from '#web/lib/session-draft.ts';
import { resolveWizardTexts } from '#engine/texts.ts';
import { prepareFormSteps } from './form-wizard.tsx';
import { Wizard } from './wizard.tsx';

beforeAll(() => prepareFormSteps(exampleConfig()));

let isBroken = false;

/** A part of the page that fails to render once the test breaks it, as a bug in any block would. */
function Fragile() {
  if (isBroken) throw new Error('render failed');
  return null;
}

test('after a crash the reload restores every answer, even one typed just before it', async () => {
  // React reports the caught error on the console; this test expects exactly that.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const config = exampleConfig();
  writeDraft(config.pageId, {
    stepIndex: 1,
    values: { personalInfo: { firstName: 'Ada' } },
  });
  const page = () => (
    <ErrorBoundary texts={resolveWizardTexts(config)}>
      <Wizard config={config} />
      <Fragile />
    </ErrorBoundary>
  );
  isBroken = false;
  const first = render(page());
  const lastName = await screen.findByRole('textbox', { name: 'Last Name' });
  expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue(
    'Ada',
  );
  // The clock stands still from here: the typing pause never ends on its own.
  installFakeTimers();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.type(lastName, 'Lovelace');

  isBroken = true;
  first.rerender(page());
  expect(
    screen.getByRole('heading', { name: 'Something went wrong on this page.' }),
  ).toBeInTheDocument();
  // jsdom cannot reload; the reload is what the page does next: it starts again from sessionStorage.
  const reload = vi.fn(() => {
    first.unmount();
    isBroken = false;
    render(page());
  });
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    reload,
  });
  await user.click(screen.getByRole('button', { name: 'Reload the page' }));
  vi.useRealTimers();

  expect(reload).toHaveBeenCalledTimes(1);
  await waitFor(() =>
    expect(screen.getByRole('textbox', { name: 'Last Name' })).toHaveValue(
      'Lovelace',
    ),
  );
  expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue(
    'Ada',
  );
});
