import type { Block } from './config-schema.ts';

/**
 * The value paths a block binds, in the order it shows them. Kept apart from the configuration's
 * schema so that the form's chunk, which reads them, does not build that schema.
 */
export function blockPaths(block: Block): string[] {
  switch (block.component) {
    case 'textInput':
    case 'select':
    case 'checkbox':
      return [block.data.path];
    case 'phone':
      return [
        `${block.data.path}.countryCode`,
        `${block.data.path}.subscriber`,
      ];
    case 'yesNo':
      return block.data.followUp
        ? [`${block.data.path}.value`, `${block.data.path}.text`]
        : [`${block.data.path}.value`];
    case 'platforms':
    case 'text':
    case 'sectionHeading':
      return [];
  }
}
