import { interpolate } from '#engine/texts.ts';
import type { Block } from '#engine/config-schema.ts';

type TextBlockProps = {
  block: Extract<Block, { component: 'text' | 'sectionHeading' }>;
  /** Values for `{email}`-style placeholders, such as the applicant's own e-mail on the thank-you step. */
  placeholders: Record<string, string>;
};

export function TextBlock({ block, placeholders }: TextBlockProps) {
  if (block.component === 'sectionHeading')
    return <h2 className="step__section-heading">{block.data.text}</h2>;
  return (
    <p className="step__text">{interpolate(block.data.text, placeholders)}</p>
  );
}
