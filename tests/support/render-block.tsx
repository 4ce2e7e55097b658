import { render, type RenderResult } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { FormProvider, type UseFormReturn } from 'react-hook-form';
import { vi } from 'vitest';
import exampleJson from '../../config/example.wizard.json' with { type: 'json' };
import type {
  ApplicationModel,
  ApplicationValues,
} from '#engine/application-schema.ts';
import {
  parseWizardConfig,
  type Block,
  type WizardConfig,
} from '#engine/config-schema.ts';
import { useApplicationForm } from '#web/lib/application-form.ts';
import { ModelContext } from '#web/lib/model-context.ts';

/** Parses a configuration the way the browser does, failing the test with the problems when it is invalid. */
export function parseConfig(input: unknown): WizardConfig {
  const result = parseWizardConfig(input);
  if (!result.ok)
    throw new Error(`invalid wizard config:\n${result.problems.join('\n')}`);
  return result.config;
}

/** A fresh copy of `config/example.wizard.json`, parsed, so a test may adjust it without touching others. */
export function exampleConfig(): WizardConfig {
  return parseConfig(structuredClone(exampleJson));
}

/** The example configuration with other platform requirements. */
export function configWithRequiredPlatforms(required: string[]): WizardConfig {
  const raw = structuredClone(exampleJson) as {
    platforms: { offered: string[]; required: string[] };
  };
  raw.platforms.required = required;
  return parseConfig(raw);
}

/** The first block of a configuration with this component (and this path, when given). */
export function findBlock<K extends Block['component']>(
  config: WizardConfig,
  component: K,
  path?: string,
): Extract<Block, { component: K }> {
  const block = config.steps
    .flatMap((step) => step.blocks)
    .find(
      (candidate) =>
        candidate.component === component &&
        (path === undefined ||
          ('path' in candidate.data && candidate.data.path === path)),
    );
  if (!block)
    throw new Error(
      `no ${component} block${path ? ` for ${path}` : ''} in the configuration`,
    );
  return block as Extract<Block, { component: K }>;
}

export type RenderedBlock = RenderResult & {
  /** The react-hook-form methods, as the wizard holds them: `trigger`, `getValues`, `setValue`… */
  form: UseFormReturn<ApplicationValues>;
  model: ApplicationModel;
  user: UserEvent;
};

type Holder = {
  form?: UseFormReturn<ApplicationValues>;
  model?: ApplicationModel;
};

/** The form and model `FormWizard` provides, from the same hook, without the wizard's steps around them. */
function Providers({
  config,
  holder,
  children,
}: {
  config: WizardConfig;
  holder: Holder;
  children: ReactNode;
}) {
  const { form, model } = useApplicationForm(config);
  holder.form = form;
  holder.model = model;
  return (
    <FormProvider {...form}>
      <ModelContext value={model}>{children}</ModelContext>
    </FormProvider>
  );
}

type RenderBlockOptions = {
  /** Passed to `userEvent.setup`, such as `{ advanceTimers: vi.advanceTimersByTime }` under fake timers. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
};

/** Renders a block (or any element) inside the wizard's form providers and returns the form methods with it. */
export function renderBlock(
  config: WizardConfig,
  element: ReactElement,
  options: RenderBlockOptions = {},
): RenderedBlock {
  const holder: Holder = {};
  const user = userEvent.setup(options.userOptions);
  const result = render(
    <Providers config={config} holder={holder}>
      {element}
    </Providers>,
  );
  const { form, model } = holder;
  if (!form || !model) throw new Error('the form providers did not render');
  return { ...result, form, model, user };
}

/** Fake timers that Testing Library's async helpers advance too; `setup-dom.ts` restores the real ones. */
export function installFakeTimers(): void {
  vi.useFakeTimers();
  // Testing Library drains its async wrapper with a 0 ms timer that it advances only when it sees Jest's fake timers.
  vi.stubGlobal('jest', {
    advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms),
  });
}
