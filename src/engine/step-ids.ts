import { plainWordsOf } from './plain-words.ts';

/**
 * A step's id: a short lower-case token that names the step for as long as it exists, whatever it
 * is called and wherever it moves, so that what was counted under it keeps its name.
 */
export const stepIdPattern = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The longest id made from a step's name: a few words, not a sentence. */
const madeIdLength = 32;

type Steps = {
  steps: ReadonlyArray<{ name: string; id?: string | undefined }>;
};

/** The id a step's name suggests: its letters and digits, lower case, words joined by `-`. */
function idFromName(name: string): string {
  const words = plainWordsOf(name);
  let id = '';
  for (const word of words) {
    const longer = id ? `${id}-${word}` : word;
    if (longer.length > madeIdLength) break;
    id = longer;
  }
  return id || (words[0]?.slice(0, madeIdLength) ?? '') || 'step';
}

/**
 * Each step's id, in order: its own, or one made from its name (`General Information` →
 * `general-information`, `-2`, `-3`… after an id the form already uses). The same form always gets
 * the same ids, in every process and in the browser, and a made id is never one another step of
 * the form has.
 */
export function stepIdsOf(config: Steps): string[] {
  const taken = new Set(config.steps.flatMap((step) => step.id ?? []));
  return config.steps.map((step) => {
    if (step.id !== undefined) return step.id;
    const base = idFromName(step.name);
    let id = base;
    for (let number = 2; taken.has(id); number += 1) id = `${base}-${number}`;
    taken.add(id);
    return id;
  });
}

/** The form with an id on every step: its own where it has one, else the one `stepIdsOf` makes. */
export function withStepIds<Config extends Steps>(config: Config): Config {
  if (config.steps.every((step) => step.id !== undefined)) return config;
  const ids = stepIdsOf(config);
  return {
    ...config,
    steps: config.steps.map((step, index) => ({ ...step, id: ids[index] })),
  };
}
