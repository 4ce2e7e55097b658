import type { Block, BlockComponent } from '../config-schema.ts';
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

const textOnly = { answers: () => [] };

/** Every block kind of the configuration, each with its answers. */
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
