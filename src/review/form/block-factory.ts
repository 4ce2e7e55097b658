import type {
  Block,
  BlockComponent,
  Condition,
  Step,
  WizardConfig,
} from '#engine/config-schema.ts';
import { answerPaths } from '#engine/block-kinds/placements.ts';
import { plainWordsOf } from '#engine/plain-words.ts';
import { platformFields, platformLocation } from '#engine/platforms.ts';
import { createBlock } from './block-kinds.ts';
import { moveTranslations } from './translation-paths.ts';

/** Where the editor stores a new question's answer: one plain name below this. */
const keyGroup = 'fields.single';

/** Words that say little about what a question asks, left out of its answer key. */
const fillerWords = new Set(
  (
    'a about an and any are be by can could did do does dont for from had has have how hows i id ' +
    'if im in is it its ive many me much my of on or our please so tell that the there theres ' +
    'this to us was we were what whats when where wheres which who whos why will with would you ' +
    'youd youre your'
  ).split(' '),
);

/** The most words of a label an answer key is made of. */
const keyWords = 4;

/**
 * An answer key's name made from a question's words: ASCII camel case, without filler words
 * ("What's your favourite season?" → `favouriteSeason`); null when the label has no letters.
 */
export function keyNameOf(label: string): string | null {
  const words = plainWordsOf(label);
  const startsWithLetter = (word: string) => /^[a-z]/.test(word);
  const meaningful = words.filter((word) => !fillerWords.has(word));
  const source = meaningful.some(startsWithLetter) ? meaningful : words;
  // A key starts with a letter.
  const first = source.findIndex(startsWithLetter);
  if (first < 0) return null;
  const chosen = source.slice(first, first + keyWords);
  return chosen
    .map((word, index) =>
      index === 0 ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`,
    )
    .join('');
}

/** The answer keys of a form's blocks. */
export function answerKeysOf(config: WizardConfig): Set<string> {
  return new Set(locatedKeys(config).map(({ key }) => key));
}

function locatedKeys(config: WizardConfig) {
  return config.steps.flatMap((step) =>
    step.blocks.flatMap((block) =>
      'path' in block.data ? [{ block, key: block.data.path }] : [],
    ),
  );
}

/** Every place a form stores or names an answer: its blocks, its rules and the platforms' fields. */
function usedPaths(config: WizardConfig): string[] {
  return [
    ...answerKeysOf(config),
    ...config.formItems.flatMap((item) => [
      item.path,
      ...[item.showOnCondition, item.disableOnCondition].flatMap((condition) =>
        condition ? [condition.path] : [],
      ),
    ]),
    ...config.platforms.offered.flatMap((platform) =>
      platformFields(platform).map((field) =>
        platformLocation(platform, field.key),
      ),
    ),
  ];
}

const overlaps = (path: string, other: string) =>
  path === other ||
  other.startsWith(`${path}.`) ||
  path.startsWith(`${other}.`);

function pathFromLabel(used: readonly string[], label: string): string {
  const name = keyNameOf(label);
  const candidate = (number: number) =>
    name === null
      ? `${keyGroup}.question${number}`
      : `${keyGroup}.${name}${number === 1 ? '' : number}`;
  let number = 1;
  while (used.some((path) => overlaps(candidate(number), path))) number += 1;
  return candidate(number);
}

/**
 * A new answer key made from the question's label, used nowhere in the form nor in `taken` (the
 * published version's keys, whose stored answers a new question must not take over);
 * `question<N>` when the label has no letters.
 */
export function freshPath(
  config: WizardConfig,
  label: string,
  taken: Iterable<string> = [],
): string {
  return pathFromLabel([...usedPaths(config), ...taken], label);
}

/** A new block of the kind, its answer key made from its label. */
export function newBlock(
  kind: BlockComponent,
  config: WizardConfig,
  taken: Iterable<string> = [],
): Block {
  const block = createBlock(kind, '');
  if ('path' in block.data)
    block.data.path = freshPath(config, block.data.label, taken);
  return block;
}

/** Whether a key is one the factory made from this label, rather than one typed under Advanced. */
function isMadeFrom(path: string, label: string): boolean {
  const name = keyNameOf(label);
  const made = new RegExp(
    `^${keyGroup.replace('.', '\\.')}\\.(?:question\\d+${name ? `|${name}\\d*` : ''})$`,
  );
  return made.test(path);
}

/**
 * The answer key a question should take when its label changes, or null to keep its key. A key
 * follows the label only while it is the factory’s own and the published version lacks it: answers
 * stored under a published key would be orphaned by a rename, so from then on only Advanced
 * changes it. `published` is null while the published keys are not known yet.
 */
export function keyForLabel(
  config: WizardConfig,
  block: Block,
  label: string,
  published: ReadonlySet<string> | null,
): string | null {
  if (!published || !('path' in block.data)) return null;
  const { path } = block.data;
  if (published.has(path) || !isMadeFrom(path, block.data.label)) return null;
  // Its own key, and the rules naming it, move with it: they leave the key free for it.
  const used = [...usedPaths(config), ...published].filter(
    (other) => !overlaps(path, other),
  );
  const next = pathFromLabel(used, label);
  return next === path ? null : next;
}

const renamed = (path: string, from: string, to: string) =>
  path === from
    ? to
    : path.startsWith(`${from}.`)
      ? `${to}${path.slice(from.length)}`
      : path;

function renameCondition(
  condition: Condition | undefined,
  from: string,
  to: string,
) {
  if (condition) condition.path = renamed(condition.path, from, to);
}

/**
 * Stores a block's answer under another key, and moves everything that names the old one along:
 * its rules, the conditions on it and the choices that follow it. Those stay (false) when the key
 * is empty, or when another block stores its answer at either key, so two questions' rules never
 * merge or part.
 */
export function setAnswerKey(
  draft: WizardConfig,
  block: Block,
  to: string,
): boolean {
  if (!('path' in block.data)) return false;
  const from = block.data.path;
  block.data.path = to;
  const others = locatedKeys(draft).filter((other) => other.block !== block);
  if (to === '' || others.some(({ key }) => key === from || overlaps(key, to)))
    return false;
  for (const { block: other } of others)
    if (
      other.component === 'select' &&
      typeof other.data.options === 'object' &&
      !Array.isArray(other.data.options)
    )
      other.data.options.from = renamed(other.data.options.from, from, to);
  for (const item of draft.formItems) {
    item.path = renamed(item.path, from, to);
    renameCondition(item.showOnCondition, from, to);
    renameCondition(item.disableOnCondition, from, to);
  }
  return true;
}

/** A question's new wording; while its key is new and the factory's own, the key follows it. */
export function setLabel(
  draft: WizardConfig,
  block: Block,
  label: string,
  published: ReadonlySet<string> | null,
) {
  if (!('label' in block.data)) return;
  const key = keyForLabel(draft, block, label, published);
  block.data.label = label;
  if (key) setAnswerKey(draft, block, key);
}

/**
 * Removes a block with its own rules (required, checks, when it shows), which mean nothing
 * without it; conditions other questions set on its answer stay, for the problem list to name.
 */
export function removeBlock(draft: WizardConfig, step: number, index: number) {
  const [removed] = draft.steps[step]?.blocks.splice(index, 1) ?? [];
  if (!removed) return;
  const stillAsked = new Set(
    draft.steps.flatMap((other) => other.blocks.flatMap(answerPaths)),
  );
  const own = answerPaths(removed).filter((path) => !stillAsked.has(path));
  draft.formItems = draft.formItems.filter((item) => !own.includes(item.path));
}

/** A copy of a block right after it, its answer (if it has one) under a key of its own. */
export function duplicateBlock(
  draft: WizardConfig,
  step: number,
  index: number,
  taken: Iterable<string> = [],
) {
  const block = draft.steps[step]?.blocks[index];
  if (!block) return;
  const copy = structuredClone(block);
  if ('path' in copy.data)
    copy.data.path = freshPath(draft, copy.data.label, taken);
  draft.steps[step]?.blocks.splice(index + 1, 0, copy);
  moveTranslations(draft, {
    kind: 'block',
    from: null,
    to: { step, index: index + 1 },
  });
}

/** Letters and digits of a new step's id. */
const idAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new step's id: random, so that it is no step's of this form nor of any earlier version (a
 * step removed and a new one added in its place are two steps, whose counts must not mix).
 */
function freshStepId(config: WizardConfig): string {
  const taken = new Set(config.steps.map((step) => step.id));
  for (;;) {
    const id = Array.from(
      crypto.getRandomValues(new Uint8Array(8)),
      (byte) => idAlphabet[byte % idAlphabet.length],
    ).join('');
    if (!taken.has(id)) return id;
  }
}

/** A new, empty step before the last one (which thanks the applicant), with an id of its own. */
export function addStep(draft: WizardConfig): Step {
  const step: Step = {
    id: freshStepId(draft),
    name: `Step ${draft.steps.length + 1}`,
    blocks: [],
    styles: { grayBg: false },
    hideConfirmButton: false,
  };
  const at = draft.steps.length - 1;
  draft.steps.splice(at, 0, step);
  moveTranslations(draft, {
    kind: 'step',
    from: null,
    to: at,
  });
  return step;
}
