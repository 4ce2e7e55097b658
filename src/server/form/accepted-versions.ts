import {
  buildApplicationModel,
  type ApplicationModel,
} from '#engine/application-schema.ts';
import { checkFormConfig } from '../wizard-config.ts';
import type { FormStore } from './form-store.ts';
import {
  liveFormsOf,
  type LiveCall,
  type LiveCalls,
  type LiveForms,
} from './live-form.ts';

/**
 * How long after a version is replaced its applicants may still send what they answered under it:
 * as long as a saved draft is kept. A draft saved to continue later is kept 30 days, and whoever
 * comes back to one within them must be able to send it as they answered it.
 */
export const savedDraftLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** What checking an application under one version and storing it need. */
export type CompiledVersion = {
  number: number;
  /** What its applications record as their configuration version. */
  configHash: string;
  model: ApplicationModel;
};

export type VersionVerdict =
  | { kind: 'accepted'; form: CompiledVersion }
  /** Never published, replaced longer ago than a draft is kept, or one this server no longer reads. */
  | { kind: 'changed' };

/**
 * Keeps the last `capacity` values loaded, the least recently used leaving first. Callers asking for
 * one being loaded share its load; a load that fails is not kept, so the next call tries again.
 */
export function createBoundedCache<K, V>(
  capacity: number,
  load: (key: K) => Promise<V>,
) {
  const entries = new Map<K, Promise<V>>();
  return {
    get(key: K): Promise<V> {
      const kept = entries.get(key);
      if (kept) {
        // Map keeps insertion order: moved to the end, it is the last to leave.
        entries.delete(key);
        entries.set(key, kept);
        return kept;
      }
      const loading: Promise<V> = load(key).catch((error: unknown) => {
        if (entries.get(key) === loading) entries.delete(key);
        throw error;
      });
      entries.set(key, loading);
      for (const oldest of entries.keys()) {
        if (entries.size <= capacity) break;
        entries.delete(oldest);
      }
      return loading;
    },
    get size() {
      return entries.size;
    },
  };
}

/** How many replaced versions each process keeps compiled; a form changes a few times a season. */
const defaultCapacity = 8;

/**
 * The form versions applications are taken under: the one served now, and each one replaced less
 * than `savedDraftLifetimeMs` ago, read from the database the first time it is named and kept
 * compiled (its rules as a schema), so a burst of applications under it builds that schema once.
 */
export function createAcceptedVersions({
  live,
  store,
  now = () => new Date(),
  capacity = defaultCapacity,
}: {
  live: Pick<LiveForms, 'current' | 'refresh'>;
  store: Pick<FormStore, 'versionWithReplacement'>;
  now?: () => Date;
  capacity?: number;
}) {
  // Only replaced versions are kept here, so when each was replaced never changes.
  const replaced = createBoundedCache(capacity, async (number: number) => {
    const row = await store.versionWithReplacement(number);
    if (!row?.replacedAt) return null;
    const checked = checkFormConfig(row.config);
    // A version this server's schema no longer reads cannot check an application: it is treated as
    // changed, and the applicant is taken to the form served now.
    if (!checked.ok) return null;
    return {
      form: {
        number,
        configHash: row.configHash,
        model: buildApplicationModel(checked.form.config),
      },
      replacedAt: Date.parse(row.replacedAt),
    };
  });

  return {
    /** The version served now, for applications that name none. */
    current: (): CompiledVersion => live.current(),
    async formFor(number: number): Promise<VersionVerdict> {
      // A page another process served after a publish this one has not polled yet.
      if (number > live.current().number) await live.refresh();
      const current = live.current();
      if (number === current.number) return { kind: 'accepted', form: current };
      if (number < 1 || number > current.number) return { kind: 'changed' };
      const version = await replaced.get(number);
      if (
        !version ||
        now().getTime() - version.replacedAt > savedDraftLifetimeMs
      )
        return { kind: 'changed' };
      return { kind: 'accepted', form: version.form };
    },
  };
}

export type AcceptedVersions = ReturnType<typeof createAcceptedVersions>;

/** Each call's accepted versions, made the first time an application to it arrives and kept. */
export function createAcceptedVersionsOfCalls(calls: LiveCalls) {
  const ofCall = new Map<string, AcceptedVersions>();
  return (call: LiveCall): AcceptedVersions => {
    let versions = ofCall.get(call.call.slug);
    if (!versions) {
      versions = createAcceptedVersions({
        live: liveFormsOf(calls, call.call.slug),
        store: call.store,
      });
      ofCall.set(call.call.slug, versions);
    }
    return versions;
  };
}
