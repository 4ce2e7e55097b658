import type { Block, BlockComponent, WizardConfig } from '../config-schema.ts';
import {
  platformFields,
  platformLocation,
  platformNames,
} from '../platforms.ts';
import type { BlockOf } from './answer.ts';

/** A multi select travels as its values joined by this, so no value of one may contain it. */
export const choiceSeparator = ', ';

/** The places `fields.single.*` and `fields.multi.*` answers bind to: one plain name below the group. */
const fieldsAnswerPath = /^fields\.(?:single|multi)\.[A-Za-z][A-Za-z0-9]*$/;

/** The personal details of the application other than the phone, each one text. */
export const personalTextKeys = [
  'firstName',
  'lastName',
  'emailAddress',
  'addressFirstLine',
  'addressSecondLine',
  'city',
  'zip',
  'company',
  'countryCode',
  'provinceCode',
];

/** The answers of a platforms block, always at this path of the form. */
export const platformsPath = 'platforms';

/** The consent checkbox: required by the form, never sent, so the server takes it as given. */
export const agreementPath = 'agreement';

const isPersonalText = (path: string) =>
  personalTextKeys.some((key) => path === `personalInfo.${key}`);

type Placement<K extends BlockComponent> = {
  /** Why the block's answers cannot travel from where it is bound, or null when they can. */
  misplacement: (block: BlockOf<K>) => string | null;
  /** The paths of its answers, which `formItems` and conditions may name. */
  answerPaths: (block: BlockOf<K>) => string[];
};

const nowhere = { misplacement: () => null, answerPaths: () => [] };
const ownPath = ({ data }: { data: { path: string } }) => [data.path];
const inFields = (kind: string) => (block: { data: { path: string } }) =>
  fieldsAnswerPath.test(block.data.path)
    ? null
    : `${kind} binds to fields.single.<name> or fields.multi.<name>`;

/**
 * Where each block kind may bind, kept apart from the codecs so that checking a configuration
 * loads no country lists: the first page checks it too.
 */
export const placements: { [K in BlockComponent]: Placement<K> } = {
  text: nowhere,
  sectionHeading: nowhere,
  textInput: {
    misplacement: ({ data }) =>
      isPersonalText(data.path) || fieldsAnswerPath.test(data.path)
        ? null
        : 'a text input binds to a personal detail other than the phone, or to fields.single.<name> or fields.multi.<name>',
    answerPaths: ownPath,
  },
  select: {
    misplacement({ data }) {
      if (!data.multiple)
        return isPersonalText(data.path) || fieldsAnswerPath.test(data.path)
          ? null
          : 'a select binds to a personal detail other than the phone, or to fields.single.<name> or fields.multi.<name>';
      const misplaced = inFields('a multi select')({ data });
      if (misplaced) return misplaced;
      // The reference lists hold country and state codes; only a configuration's own values can clash.
      const { options } = data;
      const lists =
        typeof options === 'string'
          ? []
          : Array.isArray(options)
            ? [options]
            : Object.values(options.sets).map((set) => set.options);
      return lists.some(
        (list) =>
          typeof list !== 'string' &&
          list.some((option) => option.value.includes(choiceSeparator)),
      )
        ? `the values of a multi select cannot contain "${choiceSeparator}", which joins them in the payload`
        : null;
    },
    answerPaths: ownPath,
  },
  phone: {
    misplacement: ({ data }) =>
      data.path === 'personalInfo.phone' || fieldsAnswerPath.test(data.path)
        ? null
        : 'a phone binds to personalInfo.phone, fields.single.<name> or fields.multi.<name>',
    answerPaths: ownPath,
  },
  yesNo: {
    misplacement: inFields('a yes/no question'),
    answerPaths: ({ data }) =>
      data.followUp
        ? [`${data.path}.value`, `${data.path}.text`]
        : [`${data.path}.value`],
  },
  checkbox: {
    misplacement: ({ data }) =>
      data.path === agreementPath || fieldsAnswerPath.test(data.path)
        ? null
        : 'a checkbox binds to agreement, fields.single.<name> or fields.multi.<name>',
    answerPaths: ownPath,
  },
  platforms: { misplacement: () => null, answerPaths: () => [platformsPath] },
};

function placementOf(block: Block): Placement<BlockComponent> {
  return placements[block.component] as Placement<BlockComponent>;
}

/** The paths of a block's answers: what `formItems` and conditions may name, in the order it shows them. */
export function answerPaths(block: Block): string[] {
  return placementOf(block).answerPaths(block as never);
}

type Fail = (path: (string | number)[], message: string) => void;

/**
 * Refuses a configuration whose answers would not survive the trip to the server and back: a block
 * kind bound where its answers cannot be sent, two blocks on one path (or one below the other), or a
 * block where an offered platform travels.
 */
export function checkBlockPlacements(config: WizardConfig, fail: Fail): void {
  const bound: Array<{ path: string; owner: string }> = [];
  const hasPlatforms = config.steps.some((step) =>
    step.blocks.some((block) => block.component === 'platforms'),
  );
  if (hasPlatforms)
    for (const platform of config.platforms.offered)
      for (const field of platformFields(platform))
        bound.push({
          path: platformLocation(platform, field.key),
          owner: `the ${platformNames[platform]} platform`,
        });
  config.steps.forEach((step, stepIndex) =>
    step.blocks.forEach((block, blockIndex) => {
      if (!('path' in block.data)) return;
      const { path } = block.data;
      const at = ['steps', stepIndex, 'blocks', blockIndex, 'data', 'path'];
      const misplacement = placementOf(block).misplacement(block as never);
      if (misplacement)
        fail(
          at,
          `"${path}" is not an answer this block can hold: ${misplacement}`,
        );
      const other = bound.find(
        (candidate) =>
          candidate.path === path ||
          candidate.path.startsWith(`${path}.`) ||
          path.startsWith(`${candidate.path}.`),
      );
      if (other)
        fail(at, `"${path}" is bound twice: ${other.owner} is there too`);
      bound.push({ path, owner: `steps[${stepIndex}].blocks[${blockIndex}]` });
    }),
  );
}
