import type { FieldValues } from 'react-hook-form';
import type { ApplicationModel } from '#engine/application-schema.ts';
import { blockPaths } from '#engine/block-paths.ts';
import type { WizardConfig } from '#engine/config-schema.ts';
import { platformFields } from '#engine/platforms.ts';
import { prepareApplicationForm } from '#web/lib/application-form.ts';

/** The value paths of one step, in the order it shows them; the platforms block adds its group rule. */
export function stepFieldPaths(
  config: WizardConfig,
  model: ApplicationModel,
  stepIndex: number,
): string[] {
  return (config.steps[stepIndex]?.blocks ?? []).flatMap((block) =>
    block.component === 'platforms'
      ? [
          ...model.platforms.flatMap((platform) =>
            platformFields(platform).map(
              (field) => `platforms.${platform}.${field.key}`,
            ),
          ),
          'platforms.filled',
        ]
      : blockPaths(block),
  );
}

/** The form paths the application's schema refuses in these answers. */
export function invalidPaths(
  config: WizardConfig,
  values: FieldValues,
): Set<string> {
  const checked = prepareApplicationForm(config).schema.safeParse(values);
  return new Set(
    checked.success
      ? []
      : checked.error.issues.map((issue) => issue.path.join('.')),
  );
}

/**
 * The answers a draft keeps: never the agreement, which is given anew rather than restored, nor the
 * honeypot.
 */
export function draftValuesOf(
  values: Record<string, unknown>,
): Record<string, unknown> {
  const { agreement: _agreement, honeypot: _honeypot, ...kept } = values;
  return kept;
}
