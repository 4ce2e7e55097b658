import {
  buildApplicationModel,
  type ApplicationModel,
} from '#engine/application-schema.ts';
import { checkFormConfig, type CheckedForm } from '../wizard-config.ts';
import type { FormStore, PublishedRow } from './form-store.ts';

/** The published form as this process serves it. */
export type LiveForm = CheckedForm & {
  number: number;
  /** What applications answered under it record as their configuration version. */
  configHash: string;
  publishedAt: string;
  publishedBy: string | null;
  model: ApplicationModel;
};

/** How often each process asks the database whether a newer version was published. */
const defaultPollMs = 500;

function liveFormOf(row: PublishedRow): LiveForm {
  const checked = checkFormConfig(row.config);
  // Only checked configurations are published; one that no longer passes (a newer server's
  // schema, a hand-edited row) is not served.
  if (!checked.ok)
    throw new Error(
      `form version ${row.number} does not pass the configuration check: ${checked.issues
        .map((issue) => `${issue.path}: ${issue.message}`)
        .join('; ')}`,
    );
  return {
    ...checked.form,
    number: row.number,
    configHash: row.configHash,
    publishedAt: row.publishedAt,
    publishedBy: row.publishedBy,
    model: buildApplicationModel(checked.form.config),
  };
}

/**
 * The published form, kept current in every process: on an empty database the seed (the
 * WIZARD_CONFIG file) becomes version 1; afterwards the database is the source. Each process polls
 * the number of the newest version, one indexed read, and loads a newer one when it appears.
 */
export async function createLiveForm(
  store: FormStore,
  seed: CheckedForm,
  options: {
    pollMs?: number;
    onError?: (error: unknown) => void;
  } = {},
) {
  if ((await store.latestNumber()) === null)
    await store.publish({
      baseVersion: 0,
      config: seed.config,
      by: null,
      summary: 'First version, from the configuration file',
    });
  const first = await store.version();
  if (!first) throw new Error('the form has no published version');
  let current = liveFormOf(first);
  const listeners = new Set<(form: LiveForm) => void>();
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | null = null;

  async function check(): Promise<void> {
    const latest = await store.latestNumber();
    if (latest === null || latest <= current.number) return;
    const row = await store.version(latest);
    if (!row) return;
    current = liveFormOf(row);
    for (const listener of listeners) listener(current);
  }

  /** Looks for a newer version now; calls made while one look runs share it. */
  function refresh(): Promise<void> {
    checking ??= check().finally(() => {
      checking = null;
    });
    return checking;
  }

  return {
    current: () => current,
    refresh,
    /** Called with each newer version once this process serves it. */
    onChange(listener: (form: LiveForm) => void) {
      listeners.add(listener);
    },
    start() {
      timer = setInterval(() => {
        refresh().catch((error: unknown) => options.onError?.(error));
      }, options.pollMs ?? defaultPollMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}

export type LiveForms = Awaited<ReturnType<typeof createLiveForm>>;
