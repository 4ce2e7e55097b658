import type { Block, BlockComponent, WizardConfig } from '../config-schema.ts';
import {
  platformFields,
  platformLocation,
  platformNames,
} from '../platforms.ts';
import type {
  AnswerContext,
  AnswerDraft,
  BlockKind,
  BlockOf,
} from './answer.ts';
import { checkboxKind } from './checkbox.ts';
import { phoneKind } from './phone.ts';
import { platformsKind } from './platforms.ts';
import { selectKind } from './select.ts';
import { textInputKind } from './text-input.ts';
import { yesNoKind } from './yes-no.ts';

const textOnly = { misplacement: () => null, answers: () => [] };

/** Every block kind of the configuration, each with its answers and where they may live. */
export const blockKinds: { [K in BlockComponent]: BlockKind<K> } = {
  text: textOnly,
  sectionHeading: textOnly,
  textInput: textInputKind,
  select: selectKind,
  phone: phoneKind,
  yesNo: yesNoKind,
  checkbox: checkboxKind,
  platforms: platformsKind,
};

/** The answers one block asks, in the order it shows them. */
export function blockAnswers(
  block: Block,
  context: AnswerContext,
): AnswerDraft[] {
  const kind = blockKinds[block.component] as BlockKind<typeof block.component>;
  return kind.answers(block as BlockOf<typeof block.component>, context);
}

/** The paths of a block's answers: what `formItems` and conditions may name, in the order it shows them. */
export function answerPaths(block: Block): string[] {
  return blockAnswers(block, {
    offeredPlatforms: [],
    requiredPlatforms: [],
  }).map((answer) => answer.path);
}

type Fail = (path: (string | number)[], message: string) => void;

/**
 * Refuses a configuration whose answers would not survive the trip to the server and back: a block
 * kind bound where its answers cannot be sent, two blocks on one path (or one below the other), or a
 * block where a platform sent under `fields.single` travels.
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
      const kind = blockKinds[block.component] as BlockKind<
        typeof block.component
      >;
      const misplacement = kind.misplacement(
        block as BlockOf<typeof block.component>,
      );
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
