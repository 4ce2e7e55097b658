import {
  checkWizardConfig,
  type ConfigIssue,
  type WizardConfig,
} from '#engine/config-schema.ts';

/** The start-up check's issues of a form, none when it passes. */
export function issuesOf(config: WizardConfig): ConfigIssue[] {
  const checked = checkWizardConfig(config);
  return checked.ok ? [] : checked.issues;
}

export const sameIssues = (
  a: readonly ConfigIssue[],
  b: readonly ConfigIssue[],
) =>
  a.length === b.length &&
  a.every(
    (issue, index) =>
      issue.path === b[index]?.path && issue.message === b[index]?.message,
  );

/** Beyond the start-up check: the editor does not publish a cover nobody described. */
export const coverIssues = (
  covers: WizardConfig['coverImages'] | undefined,
): ConfigIssue[] =>
  (covers ?? []).flatMap((cover, index) =>
    cover.alt.trim()
      ? []
      : [
          {
            path: `coverImages[${index}].alt`,
            message: 'Describe the image for people who cannot see it.',
          },
        ],
  );
