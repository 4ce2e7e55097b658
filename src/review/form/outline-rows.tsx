import { useState } from 'react';
import type { Block, BlockComponent } from '#engine/config-schema.ts';
import { newBlock } from './block-factory.ts';
import { blockKinds, blockTitle, kindLabel, kindMark } from './block-kinds.ts';
import { SelectField } from './form-fields.tsx';
import { problemsWord } from './problem-marks.ts';
import type { FormEditor } from './use-form-editor.ts';
import { usePublishedKeys } from './use-published-keys.ts';

/** A problem mark in words: never colour alone. */
function ProblemMark({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="form-editor__row-problem">
      <span aria-hidden="true">⚠ </span>
      {problemsWord(count)}
    </span>
  );
}

/** A step's row: its place, its name, its problems. */
export function StepWords({
  name,
  index,
  problems,
}: {
  name: string;
  index: number;
  problems: number | undefined;
}) {
  return (
    <span className="form-editor__row-words">
      <span className="form-editor__row-title">
        {index + 1}. {name}
      </span>{' '}
      <ProblemMark count={problems} />
    </span>
  );
}

/** A block's row: its kind's mark (its kind in words for a screen reader), its title, `*`, problems. */
export function BlockWords({
  block,
  isRequired,
  problems,
}: {
  block: Block;
  isRequired: boolean;
  problems: number | undefined;
}) {
  return (
    <>
      <span className="form-editor__kind" aria-hidden="true">
        {kindMark(block.component)}
      </span>
      <span className="form-editor__row-words">
        <span className="visually-hidden">{kindLabel(block.component)}: </span>
        <span className="form-editor__row-title">{blockTitle(block)}</span>
        {isRequired && (
          <span className="form-editor__required">
            <span aria-hidden="true"> *</span>
            <span className="visually-hidden"> (required)</span>
          </span>
        )}{' '}
        <ProblemMark count={problems} />
      </span>
    </>
  );
}

/**
 * Adds a block of the chosen kind at the end of a step; `onAdded` gets its place. Its answer key
 * never takes one the version being edited from stores answers under.
 */
export function AddBlock({
  edit,
  baseVersion,
  step,
  onAdded,
}: {
  edit: FormEditor['edit'];
  baseVersion: number;
  step: number;
  onAdded: () => void;
}) {
  const [kind, setKind] = useState<BlockComponent>('textInput');
  const published = usePublishedKeys(baseVersion);
  return (
    <div className="form-editor__add">
      <SelectField
        label="New block"
        path=""
        value={kind}
        options={blockKinds}
        onChange={(value) => setKind(value as BlockComponent)}
      />
      <button
        type="button"
        className="button button--outlined"
        onClick={() => {
          edit((draft) => {
            draft.steps[step]?.blocks.push(
              newBlock(kind, draft, published ?? []),
            );
          });
          onAdded();
        }}
      >
        Add block
      </button>
    </div>
  );
}
