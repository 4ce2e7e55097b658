import {
  buildApplicationModel,
  type ApplicationModel,
} from '#engine/application-schema.ts';
import type { CallRecord, CallStore } from '../calls/call-store.ts';
import { checkFormConfig, type CheckedForm } from '../wizard-config.ts';
import type { Database } from '../db/database.ts';
import {
  createFormStore,
  type FormStore,
  type PublishedRow,
} from './form-store.ts';

/** The published form of a call as this process serves it. */
export type LiveForm = CheckedForm & {
  number: number;
  /** What applications answered under it record as their configuration version. */
  configHash: string;
  publishedAt: string;
  publishedBy: string | null;
  model: ApplicationModel;
};

/** A call as this process serves it: its settings and its published form. */
export type LiveCall = { call: CallRecord; form: LiveForm; store: FormStore };

/** How often each process asks the database whether a call or its form changed. */
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
 * Every call and its published form, kept current in every process: on an empty database the seed
 * (the WIZARD_CONFIG file) becomes the default call; afterwards the database is the source. Each
 * process reads the calls and the newest version number of each form (two small reads) every
 * `pollMs`, and loads a form only when a newer version appears.
 */
export async function createLiveCalls(
  database: Database,
  calls: CallStore,
  seed: CheckedForm,
  options: {
    pollMs?: number;
    onError?: (error: unknown) => void;
  } = {},
) {
  await calls.ensureDefault(seed.config);
  const live = new Map<string, LiveCall>();
  const listeners = new Set<(slug: string, form: LiveForm) => void>();
  let defaultSlug = '';
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | null = null;
  let again: Promise<void> | null = null;

  async function check(): Promise<void> {
    const [records, latest] = await Promise.all([
      calls.list(),
      calls.latestVersions(),
    ]);
    for (const call of records) {
      const known = live.get(call.slug);
      const number = latest.get(call.slug);
      if (number === undefined) continue;
      if (known && known.form.number >= number) {
        if (known.call.updatedAt !== call.updatedAt)
          live.set(call.slug, { ...known, call });
        continue;
      }
      const store = known?.store ?? createFormStore(database, call.slug);
      const row = await store.version(number);
      if (!row) continue;
      const form = liveFormOf(row);
      live.set(call.slug, { call, form, store });
      for (const listener of listeners) listener(call.slug, form);
    }
    defaultSlug = records.find((call) => call.isDefault)?.slug ?? defaultSlug;
  }

  /**
   * Looks for changes now. A look already under way may have read before the caller's own change:
   * callers then share one more look after it.
   */
  function refresh(): Promise<void> {
    if (!checking) {
      checking = check().finally(() => {
        checking = null;
      });
      return checking;
    }
    again ??= checking
      .catch(() => {})
      .then(() => {
        again = null;
        return refresh();
      });
    return again;
  }

  await refresh();
  const first = live.get(defaultSlug);
  if (!first) throw new Error('the default call has no published form');

  return {
    /** The call `/` serves. */
    byDefault: (): LiveCall => live.get(defaultSlug) ?? first,
    get: (slug: string): LiveCall | undefined => live.get(slug),
    all: (): LiveCall[] => [...live.values()],
    refresh,
    /** Called with each newer version of a call's form once this process serves it. */
    onChange(listener: (slug: string, form: LiveForm) => void) {
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

export type LiveCalls = Awaited<ReturnType<typeof createLiveCalls>>;

/** One call's form as it is served now, and a way to look for a newer one at once. */
export type LiveForms = {
  current: () => LiveForm;
  refresh: () => Promise<void>;
};

/** The live form of one call, for what serves a single call's form. */
export function liveFormsOf(calls: LiveCalls, slug: string): LiveForms {
  return {
    current: () => {
      const call = calls.get(slug);
      if (!call) throw new Error(`call ${slug} is not served`);
      return call.form;
    },
    refresh: calls.refresh,
  };
}
