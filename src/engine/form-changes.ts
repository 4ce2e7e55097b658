import { blockPaths } from './block-paths.ts';
import type {
  Block,
  BlockComponent,
  Step,
  WizardConfig,
} from './config-schema.ts';
import {
  labelOf,
  movedPairs,
  pairBlocks,
  pairSteps,
  pathOf,
  placedBlocks,
  type Pairing,
} from './form-matching.ts';
import { isSameJson } from './same-json.ts';

const quoted = (text: string) => `“${text}”`;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

const excerptLength = 40;

const excerpt = (text: string) => {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length <= excerptLength
    ? line
    : `${line.slice(0, excerptLength - 1).trimEnd()}…`;
};

const asQuestion = (data: { label: string }) =>
  `the question ${quoted(data.label)}`;

/** What a block is called in a sentence, by its kind. */
const blockNames: {
  [Kind in BlockComponent]: (
    data: Extract<Block, { component: Kind }>['data'],
  ) => string;
} = {
  text: (data) => `the text ${quoted(excerpt(data.text))}`,
  sectionHeading: (data) => `the heading ${quoted(data.text)}`,
  textInput: asQuestion,
  select: asQuestion,
  phone: asQuestion,
  platforms: asQuestion,
  yesNo: asQuestion,
  checkbox: asQuestion,
};

const nameOf = (block: Block) =>
  (blockNames[block.component] as (data: Block['data']) => string)(block.data);

/** Where a moved item now stands: before the one after it, or at the end. */
const placeOf = (next: string | undefined, end: string) =>
  next === undefined ? end : `before ${next}`;

/** The sentences on the steps: renamed, added, removed, moved. */
function describeSteps(
  before: WizardConfig,
  after: WizardConfig,
  steps: Pairing,
): string[] {
  const nameBefore = (index: number) => before.steps[index]?.name ?? '';
  const nameAfter = (index: number) => after.steps[index]?.name ?? '';
  return [
    ...steps.pairs.flatMap(([was, is]) =>
      nameBefore(was) === nameAfter(is)
        ? []
        : [
            `Renamed the step ${quoted(nameBefore(was))} to ${quoted(nameAfter(is))}`,
          ],
    ),
    ...steps.added.map((index) => `Added the step ${quoted(nameAfter(index))}`),
    ...steps.removed.map(
      (index) => `Removed the step ${quoted(nameBefore(index))}`,
    ),
    ...movedPairs(steps.pairs).map(([, is]) => {
      const next = after.steps[is + 1];
      return `Moved the step ${quoted(nameAfter(is))} ${placeOf(
        next && quoted(next.name),
        'to the end',
      )}`;
    }),
  ];
}

/** The sentences on the blocks, in the new form's order, then those removed. */
function describeBlocks(
  before: WizardConfig,
  after: WizardConfig,
  steps: Pairing,
): { changes: string[]; editedSteps: Set<number> } {
  const stepPartner = new Map(steps.pairs);
  const blocksBefore = placedBlocks(before);
  const blocksAfter = placedBlocks(after);
  const blocks = pairBlocks(blocksBefore, blocksAfter, stepPartner);
  const partnerOf = new Map(blocks.pairs.map(([was, is]) => [is, was]));
  const stepName = (config: WizardConfig, index: number) =>
    config.steps[index]?.name ?? '';

  // Moves within a step: among the blocks that stayed in their step, those out of their order.
  const movedWithin = new Set(
    after.steps.flatMap((_, stepIndex) =>
      movedPairs(
        blocks.pairs.filter(([was, is]) => {
          const old = blocksBefore[was];
          return (
            blocksAfter[is]?.step === stepIndex &&
            old !== undefined &&
            stepPartner.get(old.step) === stepIndex
          );
        }),
      ).map(([, is]) => is),
    ),
  );
  /** Steps whose texts changed: a text or heading edited in them. */
  const editedSteps = new Set<number>();
  const changes = blocksAfter.flatMap((placed, index): string[] => {
    const name = nameOf(placed.block);
    const was = partnerOf.get(index);
    const old = was === undefined ? undefined : blocksBefore[was];
    if (!old) return [`Added ${name} to ${stepName(after, placed.step)}`];
    const sentences: string[] = [];
    if (stepPartner.get(old.step) !== placed.step)
      sentences.push(`Moved ${name} to ${stepName(after, placed.step)}`);
    else if (movedWithin.has(index)) {
      const next = after.steps[placed.step]?.blocks[placed.index + 1];
      sentences.push(
        `Moved ${name} ${placeOf(
          next && nameOf(next),
          `to the end of ${stepName(after, placed.step)}`,
        )}`,
      );
    }
    const label = labelOf(placed.block);
    const oldLabel = labelOf(old.block);
    if (pathOf(placed.block) === undefined) {
      if (!isSameJson(old.block, placed.block)) editedSteps.add(placed.step);
    } else if (
      oldLabel !== undefined &&
      label !== undefined &&
      oldLabel !== label
    )
      sentences.push(
        `Reworded the question ${quoted(oldLabel)} to ${quoted(label)}`,
      );
    else if (pathOf(old.block) !== pathOf(placed.block))
      sentences.push(`Changed the answer key of ${name}`);
    else if (!isSameJson(old.block, placed.block))
      sentences.push(`Changed ${name}`);
    return sentences;
  });
  for (const index of blocks.removed) {
    const placed = blocksBefore[index];
    if (placed)
      changes.push(
        `Removed ${nameOf(placed.block)} from ${stepName(before, placed.step)}`,
      );
  }
  return { changes, editedSteps };
}

/** The parts of the configuration named as a whole when they change. */
const namedParts: Array<[keyof WizardConfig, string]> = [
  ['title', 'the title'],
  ['lang', 'the language'],
  ['signInUrl', 'the sign-up address'],
  ['requestUrl', 'where applications are sent'],
  ['skipFinalStep', 'whether the last step is skipped'],
  ['footerLinks', 'the footer links'],
  ['theme', 'the theme colours'],
  ['coverImages', 'the cover images'],
  ['logo', 'the logo'],
  ['platforms', 'the platforms offered'],
  ['notifications', 'the e-mails'],
  ['buttonText', 'the button labels'],
  ['styleConfig', 'the button styles'],
  ['analytics', 'analytics'],
  ['errorReporting', 'error reporting'],
];

/**
 * What changed from one form to the next, in words a marketer reads (`Added the question “Dates?”
 * to More Details`), most telling first. Steps and blocks have no ids, so each is found again by
 * its content before its name or place: a step moved reads as moved, not as renamed.
 */
export function describeFormChanges(
  before: WizardConfig,
  after: WizardConfig,
): string[] {
  const steps = pairSteps(before.steps, after.steps);
  const blocks = describeBlocks(before, after, steps);
  const changes = [...describeSteps(before, after, steps), ...blocks.changes];

  const rulesBefore = new Map(
    before.formItems.map((item) => [item.path, item]),
  );
  const rulesAfter = new Map(after.formItems.map((item) => [item.path, item]));
  const rulesChanged = [
    ...new Set([...rulesBefore.keys(), ...rulesAfter.keys()]),
  ].filter(
    (path) => !isSameJson(rulesBefore.get(path), rulesAfter.get(path)),
  ).length;
  if (rulesChanged > 0)
    changes.push(`Changed the rules of ${plural(rulesChanged, 'answer')}`);

  // A step's own texts (its heading, footer, button) or a text block in it.
  const ownTexts = ({ name: _name, blocks: _blocks, ...rest }: Step) => rest;
  const stepsEdited = steps.pairs.filter(
    ([was, is]) =>
      blocks.editedSteps.has(is) ||
      !isSameJson(
        before.steps[was] && ownTexts(before.steps[was]),
        after.steps[is] && ownTexts(after.steps[is]),
      ),
  ).length;
  if (stepsEdited > 0)
    changes.push(`Edited the texts of ${plural(stepsEdited, 'step')}`);

  const textKeys = new Set([
    ...Object.keys(before.texts),
    ...Object.keys(after.texts),
  ]) as Set<keyof WizardConfig['texts']>;
  const reworded = [...textKeys].filter(
    (key) => before.texts[key] !== after.texts[key],
  ).length;
  if (reworded > 0) changes.push(`Reworded ${plural(reworded, 'message')}`);

  for (const [key, name] of namedParts)
    if (!isSameJson(before[key], after[key])) changes.push(`Changed ${name}`);
  const handled = new Set<string>([
    'steps',
    'formItems',
    'texts',
    ...namedParts.map(([key]) => key),
  ]);
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (
      !handled.has(key) &&
      !isSameJson(
        before[key as keyof WizardConfig],
        after[key as keyof WizardConfig],
      )
    )
      changes.push(`Changed ${key}`);
  return changes;
}

const summaryLength = 400;

/** The changes in one line, short enough for the versions list. */
export function summarizeFormChanges(
  before: WizardConfig,
  after: WizardConfig,
): string {
  const line = describeFormChanges(before, after).join('; ') || 'No changes';
  return line.length <= summaryLength
    ? line
    : `${line.slice(0, summaryLength - 1)}…`;
}

/** The questions a new form no longer asks (removed, or their answer renamed), with where they were. */
export function droppedQuestions(
  before: WizardConfig,
  after: WizardConfig,
): Array<{ path: string; label: string; step: string; answers: string[] }> {
  const asked = new Set(after.steps.flatMap((step) => step.blocks.map(pathOf)));
  return before.steps.flatMap((step) =>
    step.blocks.flatMap((block: Block) =>
      'path' in block.data && !asked.has(block.data.path)
        ? [
            {
              path: block.data.path,
              label: block.data.label,
              step: step.name,
              answers: blockPaths(block),
            },
          ]
        : [],
    ),
  );
}
