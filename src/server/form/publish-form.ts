import { checkWizardConfig, type WizardConfig } from '#engine/config-schema.ts';
import {
  describeFormChanges,
  summarizeFormChanges,
} from '#engine/form-changes.ts';
import { isSameJson } from '#engine/same-json.ts';
import { withStepIds } from '#engine/step-ids.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import { formOfCall } from '../calls/call-store.ts';
import type { FormStore } from './form-store.ts';

export type PublishResult =
  | { kind: 'published'; number: number; publishedAt: string; summary: string }
  /** Another version was published since `baseVersion`: what it changed, in words. */
  | { kind: 'stale'; current: number; changes: string[] }
  /** The configuration is the published version already: a version the same as it would say nothing. */
  | { kind: 'unchanged'; current: number };

/**
 * The width of a version's summary and of an audit entry's detail in the database (PostgreSQL
 * refuses a longer text; SQLite would keep it): a long list of changes ends in an ellipsis.
 */
const summaryWidth = 400;

const clipped = (text: string) =>
  text.length <= summaryWidth ? text : `${text.slice(0, summaryWidth - 1)}…`;

/** A version's configuration as this server reads it; null for none, or one it no longer reads. */
async function configOf(
  store: FormStore,
  number: number,
): Promise<WizardConfig | null> {
  if (number === 0) return null;
  const row = await store.version(number);
  const checked = row && checkWizardConfig(row.config);
  // A version published before steps had ids is compared with the ids it is read with.
  return checked?.ok ? withStepIds(checked.config) : null;
}

/**
 * Publishes a checked configuration as the next version after `baseVersion` (default: the
 * published one), with a one-line summary of what changed, and records who did it. Every step is
 * published with an id (the one `withStepIds` gives a step without one). Nothing is written when
 * another version came first, or when it is the same as the published version.
 */
export async function publishForm(
  { store, audit }: { store: FormStore; audit: AuditLog },
  input: {
    config: WizardConfig;
    by: string | null;
    address: string | null;
    baseVersion?: number;
    /** The version this one copies, when it is a restore. */
    restoredFrom?: number;
  },
): Promise<PublishResult> {
  // A call's applications are sent under its slug, whatever page id the configuration holds; every
  // step has an id, which keeps its history in the insights.
  const config = withStepIds(formOfCall(input.config, store.callSlug));
  const baseVersion = input.baseVersion ?? (await store.latestNumber()) ?? 0;
  const before = await configOf(store, baseVersion);
  // The same as the version it was edited from is nothing to publish, if that is still the
  // published one; if another came since, the publish below is refused as stale.
  if (
    before &&
    isSameJson(before, config) &&
    (await store.latestNumber()) === baseVersion
  )
    return { kind: 'unchanged', current: baseVersion };
  const changes = before
    ? summarizeFormChanges(before, config)
    : 'First version';
  const summary = clipped(
    input.restoredFrom === undefined
      ? changes
      : `Restored version ${input.restoredFrom}: ${changes}`,
  );
  const outcome = await store.publish({
    baseVersion,
    config,
    by: input.by,
    summary,
  });
  if (outcome.kind === 'stale') {
    const current = await configOf(store, outcome.current);
    return {
      kind: 'stale',
      current: outcome.current,
      changes: before && current ? describeFormChanges(before, current) : [],
    };
  }
  await audit.record({
    actor: input.by,
    action:
      input.restoredFrom === undefined ? 'form_published' : 'form_restored',
    subject: `version ${outcome.number}`,
    address: input.address,
    detail: summary,
  });
  return { ...outcome, summary };
}
