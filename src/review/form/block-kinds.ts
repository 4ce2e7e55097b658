import type { Block, BlockComponent } from '#engine/config-schema.ts';

export const blockKinds: ReadonlyArray<readonly [BlockComponent, string]> = [
  ['textInput', 'Text question'],
  ['select', 'Choice (select)'],
  ['yesNo', 'Yes/no question'],
  ['checkbox', 'Checkbox'],
  ['phone', 'Phone number'],
  ['platforms', 'Platforms'],
  ['sectionHeading', 'Section heading'],
  ['text', 'Paragraph'],
];

export const kindLabel = (kind: BlockComponent) =>
  blockKinds.find(([value]) => value === kind)?.[1] ?? kind;

export const blockTitle = (block: Block) =>
  'label' in block.data ? block.data.label : block.data.text;
