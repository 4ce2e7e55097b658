import type {
  Block,
  BlockComponent,
  Validator,
} from '#engine/config-schema.ts';
import type { BlockOf } from '#engine/block-kinds/answer.ts';

/**
 * The checks of a typed answer the editor offers by name. `required` has its own box on every
 * question; `phone` adds nothing to a phone block, which always checks its number.
 */
export type TextCheck = Exclude<
  Extract<Validator, string>,
  'required' | 'phone'
>;

/** Each check as the box offering it reads. */
export const checkLabels: Record<TextCheck, string> = {
  email: 'Must be an e-mail address',
  digits: 'Must be digits only',
  phoneText: 'Must be a phone number',
  zip: 'Must be a ZIP or postal code',
  followers: 'Must be a number, like a count of followers',
  websiteUrl: 'Must be a website address',
  handle: 'Must be a user name, not a link',
};

const textChecks = Object.keys(checkLabels) as TextCheck[];

type KindOfBlock<K extends BlockComponent> = {
  /** What the block is, in the editor's words. */
  name: string;
  /** A short mark for the outline's row, beside the block's title; decorative, the name says it. */
  mark: string;
  /** Whether the block asks something: then it has rules (required, when it shows). */
  isQuestion: boolean;
  /** The checks that apply to its answer: the engine runs them on typed text only. */
  checks: readonly TextCheck[];
  /** A new block of the kind, its answer stored at `path` where it has one. */
  create: (path: string) => BlockOf<K>;
};

/**
 * Every block kind as the editor knows it, in the order the "New block" list offers them. Keyed
 * by the engine's kinds: a new kind does not compile until the editor can name and make it.
 */
export const kinds: { [K in BlockComponent]: KindOfBlock<K> } = {
  textInput: {
    name: 'Text question',
    mark: 'Aa',
    isQuestion: true,
    checks: textChecks,
    create: (path) => ({
      component: 'textInput',
      data: {
        path,
        label: 'New question',
        multiline: false,
        half: false,
        inputType: 'text',
      },
    }),
  },
  select: {
    name: 'Choice question',
    mark: '☰',
    isQuestion: true,
    checks: [],
    create: (path) => ({
      component: 'select',
      data: {
        path,
        label: 'New choice',
        options: [{ name: 'First option', value: 'First option' }],
        multiple: false,
      },
    }),
  },
  yesNo: {
    name: 'Yes/no question',
    mark: 'Y/N',
    isQuestion: true,
    checks: [],
    create: (path) => ({
      component: 'yesNo',
      data: { path, label: 'New yes/no question' },
    }),
  },
  checkbox: {
    name: 'Checkbox',
    mark: '☑',
    isQuestion: true,
    checks: [],
    create: (path) => ({
      component: 'checkbox',
      data: { path, label: 'New checkbox' },
    }),
  },
  phone: {
    name: 'Phone number',
    mark: '☎',
    isQuestion: true,
    checks: [],
    create: (path) => ({ component: 'phone', data: { path, label: 'Phone' } }),
  },
  // Its answers are the platforms' handles and counts, whose rules are the form's platform settings.
  platforms: {
    name: 'Social platforms',
    mark: '@',
    isQuestion: false,
    checks: [],
    create: () => ({
      component: 'platforms',
      data: { label: 'Your platforms' },
    }),
  },
  sectionHeading: {
    name: 'Section heading',
    mark: 'H',
    isQuestion: false,
    checks: [],
    create: () => ({
      component: 'sectionHeading',
      data: { text: 'New section' },
    }),
  },
  text: {
    name: 'Paragraph',
    mark: '¶',
    isQuestion: false,
    checks: [],
    create: () => ({ component: 'text', data: { text: 'New paragraph' } }),
  },
};

/** The kinds and their names, for a list to choose a new block from. */
export const blockKinds: ReadonlyArray<readonly [BlockComponent, string]> = (
  Object.keys(kinds) as BlockComponent[]
).map((kind) => [kind, kinds[kind].name] as const);

export const kindLabel = (kind: BlockComponent) => kinds[kind].name;

export const kindMark = (kind: BlockComponent) => kinds[kind].mark;

/** The checks the editor offers on a block of this kind. */
export const checksOf = (kind: BlockComponent) => kinds[kind].checks;

/** A new block of the kind, its answer (if it has one) stored at `path`. */
export function createBlock(kind: BlockComponent, path: string): Block {
  return kinds[kind].create(path);
}

export const blockTitle = (block: Block) =>
  'label' in block.data ? block.data.label : block.data.text;
