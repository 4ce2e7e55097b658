import type { WizardConfig } from '#engine/config-schema.ts';

/** The parts of the form the editor's middle column shows, besides a step or a block of it. */
export const sections = [
  ['general', 'General'],
  ['texts', 'Texts'],
  ['colours', 'Colours'],
  ['images', 'Images'],
  ['emails', 'E-mails'],
  ['translations', 'Translations'],
  ['versions', 'Versions'],
] as const;

export type Section = 'steps' | (typeof sections)[number][0];

/**
 * What the editor has open: a part of the form's settings, or (in `steps`) a step, or one of its
 * blocks. The step and block are kept while a settings section is open, so the outline and the
 * preview stay where they were.
 */
export type EditorSelection = {
  section: Section;
  /** The step's place in the form, from 0. */
  step: number;
  /** The block's place in its step, from 0; null while the step itself is open. */
  block: number | null;
};

export const firstSelection: EditorSelection = {
  section: 'steps',
  step: 0,
  block: null,
};

/** A block's place: its step's and its own. */
export type BlockPlace = { step: number; index: number };

/**
 * A change to the outline, as a move: from a place to another, from nowhere (added) or to nowhere
 * (removed). The form's JSON gives steps and blocks no ids, so the selection follows them by place.
 */
export type OutlineChange =
  | { kind: 'step'; from: number | null; to: number | null }
  | { kind: 'block'; from: BlockPlace | null; to: BlockPlace | null };

/** Where the item at `index` of a list goes when another moves from `from` to `to`. */
export function shifted(index: number, from: number | null, to: number | null) {
  let next = index;
  if (from !== null && from < next) next -= 1;
  if (to !== null && to <= next) next += 1;
  return next;
}

/**
 * The selection after a change to the outline: a moved step or block stays selected at its new
 * place; the others keep theirs, shifted; a removed block gives way to its step, a removed step to
 * the one now in its place.
 */
export function selectionAfter(
  selection: EditorSelection,
  change: OutlineChange,
): EditorSelection {
  if (change.kind === 'step') {
    if (selection.step === change.from)
      return change.to === null
        ? { ...selection, step: change.from, block: null }
        : { ...selection, step: change.to };
    return {
      ...selection,
      step: shifted(selection.step, change.from, change.to),
    };
  }
  const { block } = selection;
  if (block === null) return selection;
  const { from, to } = change;
  if (from?.step === selection.step && from.index === block)
    return to === null
      ? { ...selection, block: null }
      : { ...selection, step: to.step, block: to.index };
  return {
    ...selection,
    block: shifted(
      block,
      from?.step === selection.step ? from.index : null,
      to?.step === selection.step ? to.index : null,
    ),
  };
}

/**
 * The selection made to fit the form as it is now (after an undo, a restore, an address typed by
 * hand): a step past the last is the last, a block past its step's last is the step itself.
 */
export function validSelection(
  selection: EditorSelection,
  config: WizardConfig,
): EditorSelection {
  const step = Math.max(0, Math.min(selection.step, config.steps.length - 1));
  const blocks = config.steps[step]?.blocks.length ?? 0;
  const block =
    selection.block !== null && selection.block >= 0 && selection.block < blocks
      ? selection.block
      : null;
  return step === selection.step && block === selection.block
    ? selection
    : { ...selection, step, block };
}

const sectionNames = new Set<string>(sections.map(([name]) => name));
const isSection = (name: string | null): name is Section =>
  name !== null && sectionNames.has(name);

/** A place in the address, counted from 1 as people count; anything else is no place. */
function placeIn(params: URLSearchParams, name: string): number | null {
  const value = params.get(name);
  if (value === null || !/^[1-9]\d{0,3}$/.test(value)) return null;
  return Number(value) - 1;
}

/** The selection an address names (`?step=3&block=2`, `?section=texts`); the first step if none. */
export function selectionOfSearch(params: URLSearchParams): EditorSelection {
  const section = params.get('section');
  return {
    section: isSection(section) ? section : 'steps',
    step: placeIn(params, 'step') ?? 0,
    block: placeIn(params, 'block'),
  };
}

/**
 * The address's parameters for a selection, each left out where it is the default: the editor
 * opened on its first step keeps the plain address.
 */
export function searchOfSelection(
  selection: EditorSelection,
): Record<string, string | null> {
  const { section, step, block } = selection;
  return {
    section: section === 'steps' ? null : section,
    step: step === 0 && block === null ? null : String(step + 1),
    block: block === null ? null : String(block + 1),
  };
}

/** Which settings section shows a field of the form, by its path (`theme.brand` → colours). */
const sectionOfRoot: Record<string, Section> = {
  title: 'general',
  lang: 'general',
  signInUrl: 'general',
  platforms: 'general',
  footerLinks: 'general',
  hiddenFields: 'general',
  embed: 'general',
  buttonText: 'texts',
  submitErrorText: 'texts',
  texts: 'texts',
  theme: 'colours',
  styleConfig: 'colours',
  logo: 'images',
  coverImages: 'images',
  singleCoverImg: 'images',
  notifications: 'emails',
  languages: 'translations',
  translations: 'translations',
};

/** The section that shows the field at `path`; the steps for a step's, a block's or anything else. */
export function sectionOfPath(path: string): Section {
  const root = /^[^.[]*/.exec(path)?.[0] ?? '';
  return sectionOfRoot[root] ?? 'steps';
}
