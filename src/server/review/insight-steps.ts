import { stepIdsOf } from '#engine/step-ids.ts';
import type { FormStore } from '../form/form-store.ts';

/** A step of one version of a call's form: its id and its name then. */
export type VersionStep = { id: string; name: string };

/** A step as the Insights screen lists it: named by its latest name, removed if the form has it no more. */
export type CountedStep = VersionStep & { removed: boolean };

/** The steps of a stored version's configuration, with the ids they are counted under. */
export function stepsOfVersion(config: unknown): VersionStep[] {
  const steps = (config as { steps?: unknown } | null)?.steps;
  if (!Array.isArray(steps)) return [];
  const named = steps.map((step: { name?: unknown; id?: unknown }) => ({
    name: typeof step.name === 'string' ? step.name : '',
    ...(typeof step.id === 'string' && { id: step.id }),
  }));
  const ids = stepIdsOf({ steps: named });
  return named.map((step, index) => ({
    id: ids[index] ?? '',
    name: step.name,
  }));
}

/** Each stored version's steps of a call's form, newest first; none for a call that does not exist. */
export async function stepsOfVersions(
  store: Pick<FormStore, 'versions' | 'version'> | undefined,
): Promise<VersionStep[][]> {
  if (!store) return [];
  return Promise.all(
    (await store.versions()).map(async ({ number }) =>
      stepsOfVersion((await store.version(number))?.config),
    ),
  );
}

/**
 * The steps a period's counts are listed under, from the call's versions (newest first): the
 * newest version's steps in its order, then each step an earlier version had and the period
 * counted (`counted`), removed, after the step it followed there. A counted id no version names
 * (counted before versions were kept) is listed last, under its id.
 */
export function stepsOfPeriod(
  versions: ReadonlyArray<readonly VersionStep[]>,
  counted: ReadonlySet<string>,
): CountedStep[] {
  const [newest = [], ...older] = versions;
  const names = new Map<string, string>();
  for (const version of versions)
    for (const step of version)
      if (!names.has(step.id)) names.set(step.id, step.name);
  const order = newest.map((step) => step.id);
  for (const version of older)
    version.forEach((step, index) => {
      if (order.includes(step.id)) return;
      const before = version
        .slice(0, index)
        .findLast((earlier) => order.includes(earlier.id));
      order.splice(before ? order.indexOf(before.id) + 1 : 0, 0, step.id);
    });
  const current = new Set(newest.map((step) => step.id));
  const unnamed = [...counted].filter((id) => !names.has(id)).sort();
  return [...order, ...unnamed]
    .filter((id) => current.has(id) || counted.has(id))
    .map((id) => ({
      id,
      name: names.get(id) ?? id,
      removed: !current.has(id),
    }));
}
