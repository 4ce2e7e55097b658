import type {
  Block,
  BlockComponent,
  WizardConfig,
} from '#engine/config-schema.ts';

/** A new question's answer path, not yet used in the form. */
export function freshPath(config: WizardConfig): string {
  const used = new Set(
    config.steps.flatMap((step) =>
      step.blocks.flatMap((block) =>
        'path' in block.data ? [block.data.path] : [],
      ),
    ),
  );
  let number = 1;
  while (used.has(`fields.single.question${number}`)) number += 1;
  return `fields.single.question${number}`;
}

export function newBlock(kind: BlockComponent, config: WizardConfig): Block {
  const path = freshPath(config);
  switch (kind) {
    case 'text':
      return { component: 'text', data: { text: 'New paragraph' } };
    case 'sectionHeading':
      return { component: 'sectionHeading', data: { text: 'New section' } };
    case 'textInput':
      return {
        component: 'textInput',
        data: {
          path,
          label: 'New question',
          multiline: false,
          half: false,
          inputType: 'text',
        },
      };
    case 'select':
      return {
        component: 'select',
        data: {
          path,
          label: 'New choice',
          options: [{ name: 'First option', value: 'First option' }],
          multiple: false,
        },
      };
    case 'yesNo':
      return {
        component: 'yesNo',
        data: { path, label: 'New yes/no question' },
      };
    case 'checkbox':
      return { component: 'checkbox', data: { path, label: 'New checkbox' } };
    case 'phone':
      return { component: 'phone', data: { path, label: 'Phone' } };
    case 'platforms':
      return { component: 'platforms', data: { label: 'Your platforms' } };
  }
}
