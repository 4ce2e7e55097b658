import { checkWizardConfig, type ConfigIssue } from '#engine/config-schema.ts';
import { describeFormChanges } from '#engine/form-changes.ts';
import { isSameJson } from '#engine/same-json.ts';

/** What restoring a version would do, to ask before doing it. */
export type RestorePlan =
  /** It is the published version already. */
  | { kind: 'same' }
  /** It no longer passes the form's check, so it cannot be published again as it is. */
  | { kind: 'failing'; issues: ConfigIssue[] }
  | {
      kind: 'restore';
      /** The number it will be published under. */
      nextVersion: number;
      /** What it brings back, against the published version. */
      changes: string[];
      /** A draft with changes nobody published, which restoring throws away. */
      discardsDraft: boolean;
    };

/** Restoring `restoring` over the published form, as the server holds them now. */
export function planRestore({
  published,
  restoring,
  hasUnpublishedEdits,
}: {
  /** The published version, and the saved draft if any. */
  published: { version: number; config: unknown; draft: unknown };
  restoring: unknown;
  /** Whether the editor holds edits that are not published, saved yet or not. */
  hasUnpublishedEdits: boolean;
}): RestorePlan {
  if (isSameJson(published.config, restoring)) return { kind: 'same' };
  const checked = checkWizardConfig(restoring);
  if (!checked.ok) return { kind: 'failing', issues: checked.issues };
  const current = checkWizardConfig(published.config);
  return {
    kind: 'restore',
    nextVersion: published.version + 1,
    changes: current.ok
      ? describeFormChanges(current.config, checked.config)
      : [],
    discardsDraft:
      hasUnpublishedEdits ||
      (published.draft !== null &&
        !isSameJson(published.draft, published.config)),
  };
}
