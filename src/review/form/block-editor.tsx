import { createContext, memo, use, useState } from 'react';
import type { Block } from '#engine/config-schema.ts';
import type { FormEditor } from './use-form-editor.ts';
import { duplicateBlock, removeBlock } from './block-factory.ts';
import { blockTitle, kindLabel } from './block-kinds.ts';
import { CheckField, SelectField, TextField } from './form-fields.tsx';
import { OptionsEditor } from './options-editor.tsx';
import { QuestionRules } from './question-rules.tsx';

/** The editor of the form, for the parts of a block shown only while it is open. */
export const EditorContext = createContext<FormEditor | null>(null);

/**
 * A block's row: its title, Duplicate and Remove, and its fields while open. Memoised: with the
 * form's unchanged parts keeping their identity, a keystroke re-renders only the block it edits
 * (and any open one, which reads the whole form for its rules).
 */
export const BlockEditor = memo(function BlockEditor({
  block,
  stepIndex,
  index,
  edit,
  onMoveBlock,
}: {
  block: Block;
  stepIndex: number;
  index: number;
  edit: FormEditor['edit'];
  onMoveBlock: (fromStep: number, index: number, toStep: number) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const title = blockTitle(block);
  return (
    <div className="form-editor__block">
      <div className="form-editor__block-head">
        <button
          type="button"
          className="form-editor__choose"
          aria-expanded={isOpen}
          onClick={() => setIsOpen(!isOpen)}
        >
          {kindLabel(block.component)}: {title}
        </button>
        <button
          type="button"
          className="form-editor__small"
          aria-label={`Duplicate ${title}`}
          onClick={() =>
            edit((draft) => duplicateBlock(draft, stepIndex, index))
          }
        >
          Duplicate
        </button>
        <button
          type="button"
          className="form-editor__small"
          aria-label={`Remove ${title}`}
          onClick={() => edit((draft) => removeBlock(draft, stepIndex, index))}
        >
          Remove
        </button>
      </div>
      {isOpen && (
        <OpenBlock
          block={block}
          stepIndex={stepIndex}
          index={index}
          onMoveTo={(toStep) => onMoveBlock(stepIndex, index, toStep)}
        />
      )}
    </div>
  );
});

function OpenBlock({
  block,
  stepIndex,
  index,
  onMoveTo,
}: {
  block: Block;
  stepIndex: number;
  index: number;
  onMoveTo: (step: number) => void;
}) {
  const editor = use(EditorContext);
  if (!editor?.config) return null;
  const otherSteps = editor.config.steps.flatMap((other, otherIndex) =>
    otherIndex === stepIndex
      ? []
      : [[String(otherIndex), `${otherIndex + 1}. ${other.name}`] as const],
  );
  return (
    <>
      <SelectField
        label="Move to step"
        path=""
        value=""
        options={[['', 'Stay in this step'], ...otherSteps]}
        onChange={(value) => {
          if (value) onMoveTo(Number(value));
        }}
      />
      <BlockData
        editor={editor}
        block={block}
        at={`steps[${stepIndex}].blocks[${index}]`}
        onChange={(change) =>
          editor.edit((draft) => {
            const target = draft.steps[stepIndex]?.blocks[index];
            if (target) change(target);
          })
        }
      />
    </>
  );
}

function BlockData({
  editor,
  block,
  at,
  onChange,
}: {
  editor: FormEditor;
  block: Block;
  at: string;
  onChange: (change: (draft: Block) => void) => void;
}) {
  const data = `${at}.data`;
  if (block.component === 'text' || block.component === 'sectionHeading')
    return (
      <TextField
        label="Text"
        path={`${data}.text`}
        value={block.data.text}
        isMultiline={block.component === 'text'}
        onChange={(value) =>
          onChange((draft) => {
            if ('text' in draft.data) draft.data.text = value;
          })
        }
      />
    );
  const setData = (key: string, value: unknown) =>
    onChange((draft) => {
      const target = draft.data as Record<string, unknown>;
      if (value === undefined || value === '') delete target[key];
      else target[key] = value;
    });
  return (
    <>
      <TextField
        label="Question"
        path={`${data}.label`}
        value={block.data.label}
        onChange={(value) => setData('label', value)}
      />
      <TextField
        label="Hint"
        path={`${data}.hint`}
        value={block.data.hint}
        onChange={(value) => setData('hint', value)}
      />
      {'path' in block.data && (
        <TextField
          label="Answer key"
          path={`${data}.path`}
          value={block.data.path}
          onChange={(value) => setData('path', value)}
        />
      )}
      {block.component === 'textInput' && (
        <CheckField
          label="Several lines"
          path={`${data}.multiline`}
          checked={block.data.multiline}
          onChange={(checked) => setData('multiline', checked)}
        />
      )}
      {block.component === 'select' && (
        <OptionsEditor block={block} at={data} setData={setData} />
      )}
      {block.component === 'yesNo' && (
        <>
          <CheckField
            label="Ask a follow-up after Yes"
            path={`${data}.followUp`}
            checked={block.data.followUp !== undefined}
            onChange={(checked) =>
              setData(
                'followUp',
                checked
                  ? { label: 'Tell us more', trigger: true, multiline: true }
                  : undefined,
              )
            }
          />
          {block.data.followUp && (
            <TextField
              label="Follow-up question"
              path={`${data}.followUp.label`}
              value={block.data.followUp.label}
              onChange={(value) =>
                onChange((draft) => {
                  if (draft.component === 'yesNo' && draft.data.followUp)
                    draft.data.followUp.label = value;
                })
              }
            />
          )}
        </>
      )}
      {block.component !== 'platforms' && (
        <QuestionRules editor={editor} block={block} />
      )}
    </>
  );
}
